import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { reportCsv } from '@/features/cashier/reports-page';
import { initI18n } from '@/i18n/i18n';
import { ok, openConsole, serveConsole } from '@/test/console';

/** The daily report page (issue 24) against a stubbed operator API, and its CSV. */
const FINANCE = ['read', 'money.read', 'money.write', 'vendors.read', 'self.rotate', 'self'];

const REPORT = {
  day: '2026-12-06',
  timeZone: 'Asia/Bangkok',
  from: '2026-12-05T17:00:00.000Z',
  to: '2026-12-06T17:00:00.000Z',
  deposits: { count: 3, total: '31000.00' },
  payouts: { count: 1, total: '500.00' },
  refunds: { count: 1, total: '500.00' },
  registrations: 2,
  firstDeposits: 1,
  games: [
    { vendor: 'PGS', game: 'g-alpha', bets: '1200.50', wins: '1000.00', rollbacks: '0.00', ggr: '200.50', rounds: 4, players: 2 },
    { vendor: 'JILI', game: '=HYPERLINK("x"),"bad"', bets: '10.00', wins: '0.00', rollbacks: '10.00', ggr: '0.00', rounds: 1, players: 1 },
  ],
  totals: { bets: '1210.50', wins: '1000.00', rollbacks: '10.00', ggr: '200.50', rounds: 5, players: 2 },
};

beforeAll(async () => {
  initI18n('en');
  await import('@/features/cashier/reports-page');
});
afterEach(() => vi.unstubAllGlobals());

describe('daily report', { timeout: 20_000 }, () => {
  it("shows the day's money and each game's figures", async () => {
    const calls = serveConsole(FINANCE, (url) => (url.startsWith('/ops/reports/daily?') ? ok(REPORT) : null));
    openConsole('/cashier/reports');
    expect((await screen.findByTestId('report-deposits')).textContent).toBe('3 · ฿31,000.00');
    expect(screen.getByTestId('report-ggr').textContent).toBe('฿200.50');
    const games = screen.getByRole('table', { name: 'Games' });
    const pgs = within(games).getAllByRole('row').find((r) => r.textContent?.includes('g-alpha'))!;
    expect(pgs.textContent).toContain('฿1,200.50');
    expect(calls.some((c) => /^\/ops\/reports\/daily\?day=\d{4}-\d{2}-\d{2}$/.test(c.url))).toBe(true);
  });

  it('the CSV keeps the amounts exact and defuses a formula in a game name', () => {
    const csv = reportCsv(REPORT as Parameters<typeof reportCsv>[0]).split('\n');
    expect(csv[1]).toBe('deposits,3,31000.00');
    expect(csv).toContain('PGS,g-alpha,1200.50,1000.00,0.00,200.50,4,2');
    expect(csv).toContain(`JILI,"'=HYPERLINK(""x""),""bad""",10.00,0.00,10.00,0.00,1,1`);
    expect(csv).toContain('total,,1210.50,1000.00,10.00,200.50,5,2');
  });
});
