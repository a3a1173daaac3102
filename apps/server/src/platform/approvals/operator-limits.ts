import { AppError } from '@lotus/contracts/app-error';
import { bangkokDayStart } from '@lotus/contracts/calendar';
import { parseMinor } from '@lotus/contracts/money';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tx';

const DAY_MS = 86_400_000;

/** The Bangkok day holding `at`, as a half-open range [from, to). */
export function bangkokDayOf(at: number): { from: Date; to: Date } {
  const start = bangkokDayStart(at);
  return { from: new Date(start), to: new Date(start + DAY_MS) };
}

/**
 * Per-operator daily limits of the cashier desk (issue 24, docs/adr/0081): holds a lock on the
 * operator's limit of `kind` for the rest of the transaction (two approvals by one operator at once
 * cannot both pass), then refuses `ops_daily_limit_reached` when what they already did today plus
 * `amount` would exceed `limit` (a decimal THB amount from the site configuration).
 */
export async function assertWithinDailyLimit(
  tx: Tx,
  kind: 'approved' | 'paid',
  operator: string,
  doneToday: () => Promise<bigint>,
  amount: bigint,
  limit: string,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cashier-limit:${kind}:${operator}`}))`);
  const cap = parseMinor(limit) ?? 0n;
  if ((await doneToday()) + amount > cap) throw new AppError('ops_daily_limit_reached', 403);
}
