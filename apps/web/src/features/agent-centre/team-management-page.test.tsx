import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TTeamMembers } from '@lotus/contracts/agent';
import { useSession } from '@/lib/session/session-store';
import { agentContract, loginResult, memberInfo, teamMembers } from '@/test/fixtures';
import { errorResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { TeamManagementPage } from './components/team-management-page';

beforeEach(async () => {
  await setTestLanguage('en');
  useSession.getState().clear();
  useSession.getState().setLogin(loginResult({ userInfo: memberInfo({ isAgent: 1, account: 'demo' }) }));
});

type TMember = TTeamMembers['list'][number];
const member = (over: Partial<TMember>): TMember => ({
  username: 'm',
  isAgent: false,
  level: 1,
  teamSize: 0,
  createdAt: '2026-11-01T03:00:00.000Z',
  lastLoginAt: null,
  contracts: [],
  balance: null,
  ...over,
});

const TOP = teamMembers(
  [
    member({ username: 'sub01', isAgent: true, teamSize: 2, contracts: ['daily'] }),
    member({ username: 'player9', balance: '1234.50' }),
  ],
  { total: 41, totalPages: 3 },
);
const BELOW = teamMembers([member({ username: 'deep1', isAgent: true, level: 2 }), member({ username: 'deep2', level: 2 })], { path: ['demo', 'sub01'] });

function serve({ offerAnswer }: { offerAnswer?: () => unknown } = {}) {
  const asked: URL[] = [];
  const offers: unknown[] = [];
  mockApi({
    '/wps/member/info': () => memberInfo({ isAgent: 1 }),
    '/wps/agent/team/members': (url) => {
      asked.push(url);
      return url.searchParams.get('parent') === 'sub01' ? BELOW : TOP;
    },
    '/wps/agent/contracts': (_url, init) => {
      if (init?.method === 'POST') {
        offers.push(JSON.parse(String(init.body)));
        return offerAnswer ? offerAnswer() : agentContract({ id: 30, status: 'offered', agent: 'sub01', upline: 'demo' });
      }
      return {
        received: [
          agentContract({ id: 1, kind: 'daily', cycle: 'day', status: 'active', tiers: [{ minBase: '1000.00', minActive: 1, rateBp: 80 }] }),
          agentContract({ id: 2, kind: 'dividend', cycle: 'halfmonth', status: 'active', tiers: [{ minBase: '0.01', minActive: 0, rateBp: 3000 }] }),
        ],
        given: [],
      };
    },
  });
  return { asked, offers };
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('Team management', () => {
  it('shows one level with paging; a member with a team opens its level and the breadcrumb leads back', async () => {
    const { asked } = serve();
    renderWithProviders(<TeamManagementPage />);
    const sub = await screen.findByTestId('ac-member-sub01');
    expect(sub.textContent).toContain('Agent');
    expect(screen.getByTestId('ac-member-sub01-contracts').textContent).toBe('Daily wage');
    expect(screen.queryByTestId('ac-member-player9-open')).toBeNull();
    // A balance shows where the site lets agents see it (the server sends null otherwise).
    expect(screen.getByTestId('ac-member-player9-balance').textContent).toContain('1,234.50');
    expect(screen.queryByTestId('ac-member-sub01-balance')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('ac-member-sub01-open'));
    expect(await screen.findByTestId('ac-member-deep1')).toBeTruthy();
    expect(asked.at(-1)!.searchParams.get('parent')).toBe('sub01');
    // Only my direct downline agents can be offered a contract.
    expect(screen.queryByTestId('ac-member-deep1-offer')).toBeNull();
    const path = screen.getByTestId('ac-team-path');
    expect(within(path).getByText('sub01').getAttribute('aria-current')).toBe('location');
    fireEvent.click(within(path).getByRole('button', { name: 'My team (demo)' }));
    expect(await screen.findByTestId('ac-member-sub01')).toBeTruthy();
    expect(screen.queryByTestId('ac-member-deep1')).toBeNull();
  });

  it('the search sends the typed username', async () => {
    const { asked } = serve();
    renderWithProviders(<TeamManagementPage />);
    await screen.findByTestId('ac-member-sub01');
    type('ac-team-search', 'play');
    fireEvent.click(screen.getByTestId('ac-team-search-submit'));
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('search')).toBe('play'));
    expect(asked.at(-1)!.searchParams.get('pageNo')).toBe('1');
  });

  it('the contract offer sends integer rateBp (typed in percent, no float drift) and no cycle for a daily wage', async () => {
    const { offers } = serve();
    renderWithProviders(<TeamManagementPage />);
    fireEvent.click(await screen.findByTestId('ac-member-sub01-offer'));
    const form = await screen.findByTestId('ac-offer-form');
    expect((within(form).getByTestId('ac-offer-kind') as HTMLSelectElement).value).toBe('daily');
    expect(within(form).queryByTestId('ac-offer-cycle')).toBeNull();
    type('ac-tier-0-base', '1,000');
    type('ac-tier-0-active', '2');
    type('ac-tier-0-rate', '0.29');
    fireEvent.click(screen.getByTestId('ac-offer-add-tier'));
    type('ac-tier-1-base', '5000.50');
    type('ac-tier-1-active', '4');
    type('ac-tier-1-rate', '0.57');
    type('ac-offer-payout', '20');
    fireEvent.click(screen.getByTestId('ac-offer-submit'));
    await waitFor(() => expect(offers).toHaveLength(1));
    expect(offers[0]).toEqual({
      downline: 'sub01',
      kind: 'daily',
      tiers: [
        { minBase: '1000', minActive: 2, rateBp: 29 },
        { minBase: '5000.50', minActive: 4, rateBp: 57 },
      ],
      minPayout: '20',
    });
    await waitFor(() => expect(screen.queryByTestId('ac-offer-form')).toBeNull());
  });

  it('a dividend offer sends its cycle (my own dividend cycle by default) with the tiers', async () => {
    const { offers } = serve();
    renderWithProviders(<TeamManagementPage />);
    fireEvent.click(await screen.findByTestId('ac-member-sub01-offer'));
    await screen.findByTestId('ac-offer-form');
    fireEvent.change(screen.getByTestId('ac-offer-kind'), { target: { value: 'dividend' } });
    expect((screen.getByTestId('ac-offer-cycle') as HTMLSelectElement).value).toBe('halfmonth');
    expect(screen.getByLabelText('Minimum team net loss (baht)')).toBeTruthy();
    type('ac-tier-0-base', '100');
    type('ac-tier-0-active', '0');
    type('ac-tier-0-rate', '25');
    fireEvent.click(screen.getByTestId('ac-offer-submit'));
    await waitFor(() => expect(offers).toHaveLength(1));
    expect(offers[0]).toEqual({ downline: 'sub01', kind: 'dividend', cycle: 'halfmonth', tiers: [{ minBase: '100', minActive: 0, rateBp: 2500 }], minPayout: '0' });
  });

  it('a tier that does not go up, or a rate that is not a percent, is refused before sending; a server refusal shows the catalogue text', async () => {
    const { offers } = serve({ offerAnswer: () => errorResponse('agent_contract_rate_above_upline', 409) });
    renderWithProviders(<TeamManagementPage />);
    fireEvent.click(await screen.findByTestId('ac-member-sub01-offer'));
    await screen.findByTestId('ac-offer-form');
    type('ac-tier-0-base', '1000');
    type('ac-tier-0-active', '2');
    type('ac-tier-0-rate', '0.001');
    fireEvent.click(screen.getByTestId('ac-offer-add-tier'));
    type('ac-tier-1-base', '500');
    type('ac-tier-1-active', '2');
    type('ac-tier-1-rate', '1');
    fireEvent.click(screen.getByTestId('ac-offer-submit'));
    expect((await screen.findByTestId('ac-tier-0-rate-error')).textContent).toContain('0.01 to 100');
    expect(screen.getByTestId('ac-tier-0-rate').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('ac-tier-0-rate'));
    type('ac-tier-0-rate', '0.5');
    fireEvent.click(screen.getByTestId('ac-offer-submit'));
    expect(await screen.findByTestId('ac-tier-1-order')).toBeTruthy();
    expect(offers).toHaveLength(0);
    type('ac-tier-1-base', '5000');
    fireEvent.click(screen.getByTestId('ac-offer-submit'));
    expect((await screen.findByTestId('ac-offer-refusal')).textContent).toBe('A rate may not exceed the rate of your own contract');
    expect(offers).toHaveLength(1);
  });
});
