import { z } from 'zod';
import { isDay } from './calendar';
import { defineEndpoint, operator } from './endpoint';

const str = (max: number) => z.string().max(max);
/** An amount as the server sends it: two decimals ("1000.00"), negative when the house lost. */
const ZMoney = str(24).regex(/^-?\d+\.\d{2}$/);
const ZCountAndTotal = z.object({ count: z.number().int(), total: ZMoney });

/** GET /ops/reports/daily?day=YYYY-MM-DD: one Bangkok day (issue 24, docs/adr/0082). */
export const ZDailyReportQuery = z.object({
  day: z.string().refine(isDay, 'validation_failed'),
});

/** A vendor's game on the day: stakes, wins and rolled-back stakes, what the house kept, rounds and players. */
export const ZGameFigures = z.object({
  vendor: str(16),
  game: str(120),
  bets: ZMoney,
  wins: ZMoney,
  rollbacks: ZMoney,
  /** Gross gaming revenue: bets - wins - rollbacks. */
  ggr: ZMoney,
  rounds: z.number().int(),
  players: z.number().int(),
});
export type TGameFigures = z.infer<typeof ZGameFigures>;

/**
 * The day's figures, all read from the ledger (so they reconcile with ledger:verify to the satang) except
 * registrations (the member accounts made that day, real ones).
 */
export const ZDailyReport = z.object({
  day: str(10),
  timeZone: z.literal('Asia/Bangkok'),
  from: str(40),
  to: str(40),
  /** Deposits credited (their member-side amounts). */
  deposits: ZCountAndTotal,
  /** Withdrawals paid out. */
  payouts: ZCountAndTotal,
  /** Paid-out withdrawals refunded (not received). */
  refunds: ZCountAndTotal,
  registrations: z.number().int(),
  /** Members whose first credited deposit ever was on this day. */
  firstDeposits: z.number().int(),
  games: z.array(ZGameFigures).max(5000),
  /** All games together (players: distinct members across them). */
  totals: ZGameFigures.omit({ vendor: true, game: true }),
});
export type TDailyReport = z.infer<typeof ZDailyReport>;

export const getDailyReport = defineEndpoint({
  method: 'GET',
  path: '/ops/reports/daily',
  tag: 'ops',
  summary: 'One Bangkok day: deposits, payouts, refunds, registrations, first deposits; per vendor and game bets, wins, GGR, rounds, players (from the ledger)',
  auth: operator('money.read'),
  query: ZDailyReportQuery,
  response: ZDailyReport,
});
