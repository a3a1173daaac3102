import { cleanup, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setTestLanguage } from '@/test/render';
import { teamOverview } from '@/test/fixtures';
import { AgentCentre } from './components/agent-centre';
import { AGENT_CENTRE_PAGES, getMenuPages, parseAgentCentrePage, type TContractFlags } from './agent-centre-pages';

beforeEach(() => setTestLanguage('en'));

const NONE: TContractFlags = teamOverview().contracts;
const flags = (over: Partial<TContractFlags>): TContractFlags => ({ ...NONE, ...over });

function menu(f: TContractFlags | undefined) {
  renderWithProviders(<AgentCentre page="teamOverview" flags={f} loaded onSelect={() => undefined} onClose={() => undefined} content={<p>page</p>} />);
  return [...screen.getByTestId('agent-centre-menu').querySelectorAll('button')].map((b) => b.dataset.testid!.replace('ac-entry-', ''));
}

describe('agent centre menu (2.AC)', () => {
  it('2.AC.01 the menu lists the eight pages of the spec, in its order, then Contracts', () => {
    expect(menu(NONE)).toEqual([
      'announcement',
      'teamOverview',
      'accountCentre',
      'teamManagement',
      'teamBetting',
      'userProfitLoss',
      'myIncome',
      'transactionDetails',
      'contracts',
    ]);
    const labels = [...screen.getByTestId('agent-centre-menu').querySelectorAll('button')].map((b) => b.textContent);
    expect(labels).toEqual([
      'Announcement',
      'Team overview',
      'Account/register centre',
      'Team management',
      'Team betting',
      'User profit and loss',
      'My income',
      'Transaction details',
      'Contracts',
    ]);
  });

  it('2.AC.02 Team overview is the page of /agentHome without a page, or with an unknown one', () => {
    expect(parseAgentCentrePage(null)).toBe('teamOverview');
    expect(parseAgentCentrePage('nope')).toBe('teamOverview');
    expect(parseAgentCentrePage('contracts')).toBe('contracts');
  });

  it.each([
    [0, false],
    [1, true],
    [2, true],
  ])('2.AC.03 the Dividend entry with divtypereq %i: shown %s', (value, shown) => {
    expect(menu(flags({ divtypereq: value })).includes('dividend')).toBe(shown);
  });

  it('2.AC.04 Daily wages, Hourly salary and Real-time salary show each by its own flag', () => {
    expect(getMenuPages(flags({ dailysalreqtype: 2 })).filter((p) => AGENT_CENTRE_PAGES.indexOf(p) > 8)).toEqual(['dailyWages']);
    expect(getMenuPages(flags({ contracthoursalreq: 1 })).filter((p) => AGENT_CENTRE_PAGES.indexOf(p) > 8)).toEqual(['hourlySalary']);
    expect(getMenuPages(flags({ realtimesalreqtype: 2 })).filter((p) => AGENT_CENTRE_PAGES.indexOf(p) > 8)).toEqual(['realtimeSalary']);
    expect(getMenuPages(NONE)).not.toContain('dailyWages');
    expect(getMenuPages(undefined)).toEqual(getMenuPages(NONE));
  });

  it('3.CON.01 the four flags map to the four contract entries; an offer waiting (1) is marked in the menu', () => {
    const entries = menu({ divtypereq: 1, dailysalreqtype: 2, contracthoursalreq: 2, realtimesalreqtype: 1 });
    expect(entries.slice(9)).toEqual(['dividend', 'dailyWages', 'hourlySalary', 'realtimeSalary']);
    expect(screen.getByTestId('ac-offer-dividend').textContent).toBe('Offer');
    expect(screen.getByTestId('ac-offer-realtimeSalary')).toBeTruthy();
    expect(screen.queryByTestId('ac-offer-dailyWages')).toBeNull();
  });

  it('2.AC.05 the menu has a close button, which closes the centre', () => {
    const onClose = vi.fn();
    renderWithProviders(<AgentCentre page="teamOverview" flags={NONE} loaded onSelect={() => undefined} onClose={onClose} />);
    const close = screen.getByTestId('agent-centre-close');
    expect(close.getAttribute('aria-label')).toBe('Close the agent centre');
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('the entries are buttons reporting their page key; the current one is marked', () => {
    const onSelect = vi.fn();
    renderWithProviders(<AgentCentre page="myIncome" flags={NONE} loaded onSelect={onSelect} onClose={() => undefined} content={<p>x</p>} />);
    expect(screen.getByTestId('ac-entry-myIncome').getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByTestId('ac-entry-contracts'));
    expect(onSelect).toHaveBeenCalledWith('contracts');
  });

  it('a page the app gives no content says honestly that it is not available yet (never made-up figures)', async () => {
    renderWithProviders(<AgentCentre page="announcement" flags={NONE} loaded onSelect={() => undefined} onClose={() => undefined} />);
    const note = screen.getByTestId('ac-page-announcement').querySelector('[data-testid="ac-not-available"]');
    expect(note?.textContent).toContain('Not available yet');
    expect(note?.textContent).toContain('This page is not available yet.');
    cleanup();
    await setTestLanguage('th');
    renderWithProviders(<AgentCentre page="announcement" flags={NONE} loaded onSelect={() => undefined} onClose={() => undefined} />);
    expect(screen.getByTestId('ac-not-available').textContent).toContain('ยังไม่เปิดให้บริการ');
  });

  it('the menu waits for the contract flags (a skeleton of its final size)', () => {
    renderWithProviders(<AgentCentre page="teamOverview" flags={undefined} loaded={false} onSelect={() => undefined} onClose={() => undefined} />);
    expect(screen.queryByTestId('agent-centre-menu')).toBeNull();
    expect(screen.getByTestId('agent-centre-menu-loading')).toBeTruthy();
  });
});
