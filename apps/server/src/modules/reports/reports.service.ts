import { bangkokDayRange } from '@lotus/contracts/calendar';
import { formatMinor } from '@lotus/contracts/money';
import type { TDailyReport } from '@lotus/contracts/ops-reports';

type Figures = {
  games: { vendor: string; game: string; bets: bigint; wins: bigint; rollbacks: bigint; rounds: number; players: number }[];
  players: number;
  deposits: { count: number; total: bigint };
  payouts: { count: number; total: bigint };
  refunds: { count: number; total: bigint };
  firstDeposits: number;
};

/**
 * The operator's reports (issue 24, docs/adr/0082): a Bangkok day's figures, money and games from the
 * ledger (the wallet module's read), registrations from identity. Nothing here writes.
 */
export function createReportsService(deps: {
  /** From the wallet: a period's figures read from the ledger. */
  periodFigures: (from: Date, to: Date) => Promise<Figures>;
  /** From identity: real member accounts made in a period. */
  registrationsBetween: (from: Date, to: Date) => Promise<number>;
}) {
  async function daily(day: string): Promise<TDailyReport> {
    const range = bangkokDayRange(day, day);
    const from = new Date(range.from);
    const to = new Date(range.to);
    const [figures, registrations] = await Promise.all([deps.periodFigures(from, to), deps.registrationsBetween(from, to)]);
    const money = (m: { count: number; total: bigint }) => ({ count: m.count, total: formatMinor(m.total) });
    const sum = (pick: (g: Figures['games'][number]) => bigint) => figures.games.reduce((s, g) => s + pick(g), 0n);
    const bets = sum((g) => g.bets);
    const wins = sum((g) => g.wins);
    const rollbacks = sum((g) => g.rollbacks);
    return {
      day,
      timeZone: 'Asia/Bangkok',
      from: from.toISOString(),
      to: to.toISOString(),
      deposits: money(figures.deposits),
      payouts: money(figures.payouts),
      refunds: money(figures.refunds),
      registrations,
      firstDeposits: figures.firstDeposits,
      games: figures.games.map((g) => ({
        vendor: g.vendor,
        game: g.game,
        bets: formatMinor(g.bets),
        wins: formatMinor(g.wins),
        rollbacks: formatMinor(g.rollbacks),
        ggr: formatMinor(g.bets - g.wins - g.rollbacks),
        rounds: g.rounds,
        players: g.players,
      })),
      totals: {
        bets: formatMinor(bets),
        wins: formatMinor(wins),
        rollbacks: formatMinor(rollbacks),
        ggr: formatMinor(bets - wins - rollbacks),
        rounds: figures.games.reduce((s, g) => s + g.rounds, 0),
        players: figures.players,
      },
    };
  }

  return { daily };
}

export type ReportsService = ReturnType<typeof createReportsService>;
