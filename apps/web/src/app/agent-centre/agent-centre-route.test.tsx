import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { loginResult, memberInfo, teamDay, teamDays, teamOverview, teamProfit, teamProfitRow } from '@/test/fixtures';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { agentCentre, AgentHomePage } from '../groups/agent';
import { AGENT_CENTRE_PAGE_TABLE } from './page-table';

// The agent centre at /agentHome (issue 28): each page key opens its page inside the panel.
beforeAll(async () => {
  await Promise.all([...Object.values(AGENT_CENTRE_PAGE_TABLE).map((loader) => loader.load()), agentCentre.load()]);
});

beforeEach(async () => {
  await setTestLanguage('en');
  useSession.getState().clear();
});

function open(route: string, contracts: Partial<ReturnType<typeof teamOverview>['contracts']> = {}) {
  useSession.getState().setLogin(loginResult({ userInfo: memberInfo({ isAgent: 1 }) }));
  const asked: string[] = [];
  mockApi({
    '/wps/member/info': () => memberInfo({ isAgent: 1 }),
    '/wps/agent/team/overview': (url) => (asked.push(`overview:${url.searchParams.get('range')}`), teamOverview({ contracts: { ...teamOverview().contracts, ...contracts } })),
    '/wps/agent/contracts': () => ({ received: [], given: [] }),
    '/wps/agent/bills': () => ({ list: [], total: 0, totalPages: 0 }),
    '/wps/agent/team/days': (url) => (asked.push(`days:${url.searchParams.get('from')}..${url.searchParams.get('to')}`), teamDays([teamDay({ day: '2026-12-07' })])),
    '/wps/agent/team/profit': (url) => (asked.push(`profit:${url.searchParams.get('pageNo')}`), teamProfit([teamProfitRow({ username: 'lucky7' })])),
    '/wps/agent/notices': () => (asked.push('notices'), [{ id: 3, title: 'Agent meeting', content: '<p>Friday 14:00</p>', startTime: '2026-12-07T03:00:00.000Z' }]),
    '/wps/relay/ODSFE2_MemTransDet': (url) => (asked.push(`record:${url.searchParams.get('pageNo')}`), { list: [], total: 0, totalPages: 0, pageNo: 1 }),
  });
  return { asked, ...renderWithProviders(<AgentHomePage />, { route }) };
}

describe('the agent centre at /agentHome (2.AC)', () => {
  it('2.AC.02 without a page the centre opens on Team overview, and its menu and page share one overview call', async () => {
    const { asked } = open('/agentHome');
    expect(await screen.findByTestId('ac-overview-page')).toBeTruthy();
    expect(screen.getByTestId('ac-page-teamOverview')).toBeTruthy();
    expect((await screen.findByTestId('ac-entry-teamOverview')).getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('agentHome-page')).toBeTruthy();
    expect(asked.filter((a) => a.startsWith('overview'))).toEqual(['overview:today']);
  });

  it('a page is addressable (/agentHome?page=contracts) and choosing an entry writes its key in the address', async () => {
    const { location } = open('/agentHome?page=contracts');
    expect(await screen.findByTestId('ac-contracts-page')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('ac-entry-myIncome'));
    expect(await screen.findByTestId('ac-income-page')).toBeTruthy();
    expect(location().search).toBe('?page=myIncome');
  });

  it('2.AC.01 the Team betting, User profit and loss and Announcement entries open their real pages, with what the server answers', async () => {
    const { asked, location } = open('/agentHome');
    await screen.findByTestId('ac-overview-page');

    fireEvent.click(await screen.findByTestId('ac-entry-teamBetting'));
    const betting = await screen.findByTestId('ac-days-page');
    expect(location().search).toBe('?page=teamBetting');
    expect(screen.getByTestId('ac-page-teamBetting').contains(betting)).toBe(true);
    expect(await screen.findByTestId('ac-day-2026-12-07')).toBeTruthy();
    expect(screen.getByTestId('ac-days-totals')).toBeTruthy();
    expect(asked.some((a) => a.startsWith('days:'))).toBe(true);
    expect(screen.queryByTestId('ac-not-available')).toBeNull();

    fireEvent.click(screen.getByTestId('ac-entry-userProfitLoss'));
    const profit = await screen.findByTestId('ac-profit-page');
    expect(location().search).toBe('?page=userProfitLoss');
    expect(screen.getByTestId('ac-page-userProfitLoss').contains(profit)).toBe(true);
    expect(await screen.findByTestId('ac-profit-lucky7')).toBeTruthy();
    expect(screen.getByTestId('ac-profit-totals')).toBeTruthy();
    expect(asked).toContain('profit:1');
    expect(screen.queryByTestId('ac-not-available')).toBeNull();

    fireEvent.click(screen.getByTestId('ac-entry-announcement'));
    expect((await screen.findByTestId('ac-notice-3')).textContent).toContain('Agent meeting');
    expect(location().search).toBe('?page=announcement');
    expect(asked).toContain('notices');
    expect(screen.queryByTestId('ac-not-available')).toBeNull();
  });

  it('2.AC.03 ?page=dividend opens the Dividend page only when divtypereq is not 0', async () => {
    open('/agentHome?page=dividend', { divtypereq: 1 });
    expect(await screen.findByTestId('ac-kind-page-dividend')).toBeTruthy();
    expect(screen.getByTestId('ac-entry-dividend')).toBeTruthy();
  });

  it('2.AC.03 with divtypereq 0 the Dividend entry is not in the menu and ?page=dividend shows Team overview', async () => {
    open('/agentHome?page=dividend');
    expect(await screen.findByTestId('ac-overview-page')).toBeTruthy();
    expect(screen.queryByTestId('ac-entry-dividend')).toBeNull();
  });

  it('Transaction details is the account record of the member centre (ODSFE2_MemTransDet)', async () => {
    const { asked } = open('/agentHome?page=transactionDetails');
    expect(await screen.findByTestId('record-page')).toBeTruthy();
    await waitFor(() => expect(asked).toContain('record:1'));
  });

  it('2.AC.05 the close button leaves the agent centre for home', async () => {
    const { location } = open('/agentHome');
    fireEvent.click(await screen.findByTestId('agent-centre-close'));
    await waitFor(() => expect(location().pathname).toBe('/'));
  });

  it('a member who is not an agent is refused and sees no agent centre', async () => {
    useSession.getState().setLogin(loginResult({ userInfo: memberInfo({ isAgent: 0 }) }));
    mockApi({ '/wps/member/info': () => memberInfo({ isAgent: 0 }) });
    const { unmount } = renderWithProviders(<AgentHomePage />, { route: '/agentHome' });
    expect(await screen.findByTestId('agent-refused')).toBeTruthy();
    expect(screen.queryByTestId('agent-centre')).toBeNull();
    unmount();
  });
});
