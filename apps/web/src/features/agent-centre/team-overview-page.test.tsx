import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { loginResult, memberInfo, teamOverview } from '@/test/fixtures';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { TeamOverviewPage } from './components/team-overview-page';

beforeEach(async () => {
  await setTestLanguage('en');
  useSession.getState().clear();
  useSession.getState().setLogin(loginResult({ userInfo: memberInfo({ isAgent: 1 }) }));
});

describe('Team overview', () => {
  it('shows the cards of the range with the time the figures are as of; a range tab asks that range (skeleton meanwhile)', async () => {
    const ranges: string[] = [];
    let release: (() => void) | null = null;
    mockApi({
      '/wps/member/info': () => memberInfo({ isAgent: 1 }),
      '/wps/agent/team/overview': async (url) => {
        const range = url.searchParams.get('range')!;
        ranges.push(range);
        if (range === 'week') await new Promise<void>((resolve) => (release = resolve));
        return range === 'week' ? teamOverview({ range: 'week', net: '-250.00', asOf: null, income: '0.00' }) : teamOverview();
      },
    });
    renderWithProviders(<TeamOverviewPage />);
    expect(screen.getByTestId('ac-overview-loading')).toBeTruthy();
    expect(await screen.findByTestId('ac-stat-members-value')).toBeTruthy();
    const value = (key: string) => screen.getByTestId(`ac-stat-${key}-value`).textContent;
    expect(value('members')).toBe('1,234');
    expect(screen.getByTestId('ac-stat-members').textContent).toContain('Direct 12 · Agents 3');
    expect(value('newMembers')).toBe('4');
    expect(value('activeMembers')).toBe('57');
    expect(value('firstDeposits')).toBe('2');
    expect(value('deposits')).toBe('฿15,000.00');
    expect(value('withdrawals')).toBe('฿4,200.50');
    expect(value('stakes')).toBe('฿98,765.43');
    expect(value('wins')).toBe('฿90,000.00');
    expect(value('net')).toBe('฿8,765.43');
    expect(value('income')).toBe('฿321.09');
    expect(screen.getByTestId('ac-overview-asof').textContent).toMatch(/^figures up to .*12:25/);
    expect(ranges).toEqual(['today']);

    fireEvent.click(screen.getByRole('tab', { name: 'This week' }));
    expect(await screen.findByTestId('ac-overview-loading')).toBeTruthy();
    await waitFor(() => expect(release).not.toBeNull());
    release!();
    await waitFor(() => expect(value('net')).toBe('-฿250.00'));
    expect(screen.getByTestId('ac-stat-net').textContent).toContain('The team won');
    expect(screen.getByTestId('ac-overview-asof').textContent).toBe('figures are being prepared');
    expect(ranges).toEqual(['today', 'week']);
  });
});
