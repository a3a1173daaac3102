import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DialogHost } from '@/components/ui/dialog/dialog-host';
import { closeAllDialogs } from '@/components/ui/dialog/dialog-store';
import { useSession } from '@/lib/session/session-store';
import { agentContract, loginResult, memberInfo } from '@/test/fixtures';
import { errorResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { ContractsPage } from './components/contracts-page';

beforeEach(async () => {
  closeAllDialogs();
  await setTestLanguage('en');
  useSession.getState().clear();
  useSession.getState().setLogin(loginResult({ userInfo: memberInfo({ isAgent: 1 }) }));
});

const OFFERS = {
  received: [
    agentContract({ id: 7, kind: 'daily', status: 'active', upline: 'boss' }),
    agentContract({
      id: 8,
      kind: 'dividend',
      cycle: 'week',
      status: 'offered',
      upline: 'boss',
      decidedAt: null,
      tiers: [
        { minBase: '5000.00', minActive: 3, rateBp: 1000 },
        { minBase: '20000.00', minActive: 10, rateBp: 1550 },
      ],
    }),
    agentContract({ id: 9, kind: 'realtime', cycle: '5min', status: 'offered', upline: 'boss', decidedAt: null }),
  ],
  given: [agentContract({ id: 20, kind: 'daily', agent: 'sub01', upline: 'demo', status: 'offered', decidedAt: null })],
};

function serve(answer: () => unknown = () => agentContract({ id: 9, kind: 'realtime', status: 'active' })) {
  const relay: URL[] = [];
  const fetchMock = mockApi({
    '/wps/member/info': () => memberInfo({ isAgent: 1 }),
    '/wps/agent/contracts': () => OFFERS,
    '/wps/relay/MCS2_processDividendReq': (url) => (relay.push(url), answer()),
    '/wps/relay/MCS2_processDailySalContract': (url) => (relay.push(url), answer()),
    '/wps/relay/MCS2_processContractHourSalary': (url) => (relay.push(url), answer()),
    '/wps/relay/MCSFE_processRealTimeSalaryContract': (url) => (relay.push(url), answer()),
  });
  return { relay, fetchMock };
}

function renderPage() {
  return renderWithProviders(
    <>
      <ContractsPage />
      <DialogHost />
    </>,
  );
}

describe('Contracts (2.OTH.02)', () => {
  it('2.OTH.02 offers received come first with Accept and Refuse; each contract shows its tiers in words, cycle, payer and status', async () => {
    serve();
    renderPage();
    const received = await screen.findByTestId('ac-contracts-received');
    const cards = within(received).getAllByRole('article');
    expect(cards.map((c) => c.dataset.testid)).toEqual(['ac-contract-8', 'ac-contract-9', 'ac-contract-7']);
    const dividend = screen.getByTestId('ac-contract-8');
    expect(dividend.textContent).toContain('Dividend · Every week (from Monday)');
    expect(dividend.textContent).toContain('Paid by boss');
    expect(screen.getByTestId('ac-contract-8-status').textContent).toBe('Waiting for an answer');
    const tiers = within(dividend).getAllByTestId('ac-contract-8-tiers-row').map((r) => r.textContent);
    expect(tiers).toEqual([
      'Tier 1Team net loss from ฿5,000.00 and at least 3 active members10.00%',
      'Tier 2Team net loss from ฿20,000.00 and at least 10 active members15.50%',
    ]);
    expect(within(screen.getByTestId('ac-contract-7')).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('ac-contract-7-status').textContent).toBe('Active');
    const given = screen.getByTestId('ac-contracts-given');
    expect(within(given).getByTestId('ac-contract-20').textContent).toContain('Offered to sub01');
    expect(within(given).queryByRole('button')).toBeNull();
  });

  it('2.OTH.02 accepting a real-time salary offer calls its process call, MCSFE_processRealTimeSalaryContract, with the id and accept', async () => {
    const { relay } = serve();
    renderPage();
    fireEvent.click(await screen.findByTestId('ac-accept-9'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Accept this Real-time salary contract?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(relay).toHaveLength(1));
    expect(relay[0]!.pathname).toBe('/wps/relay/MCSFE_processRealTimeSalaryContract');
    expect(Object.fromEntries(relay[0]!.searchParams)).toEqual({ contractId: '9', action: 'accept' });
  });

  it('2.OTH.02 refusing a dividend offer calls MCS2_processDividendReq with refuse; cancelling the confirmation calls nothing', async () => {
    const { relay } = serve(() => agentContract({ id: 8, kind: 'dividend', cycle: 'week', status: 'refused' }));
    renderPage();
    fireEvent.click(await screen.findByTestId('ac-refuse-8'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(relay).toHaveLength(0);
    fireEvent.click(screen.getByTestId('ac-refuse-8'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(relay).toHaveLength(1));
    expect(relay[0]!.pathname).toBe('/wps/relay/MCS2_processDividendReq');
    expect(relay[0]!.searchParams.get('action')).toBe('refuse');
    expect(relay[0]!.searchParams.get('contractId')).toBe('8');
  });

  it('a failed read shows the error catalogue text with Retry', async () => {
    mockApi({ '/wps/member/info': () => memberInfo({ isAgent: 1 }), '/wps/agent/contracts': () => errorResponse('error_not_agent', 403) });
    renderPage();
    expect((await screen.findByTestId('ac-contracts-error')).textContent).toContain('Non-agents');
  });
});
