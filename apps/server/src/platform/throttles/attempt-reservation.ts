import type { Database } from '../../db/client';
import type { ThrottleKind, ThrottleRepository, ThrottleRow } from './throttle.repository';
import { isLocked, waitMs, type ThrottlePolicy } from './throttle.rules';

export type AttemptReservation =
  /** The attempt may be judged; it is already counted as a failure (`row` holds the count with it). */
  | { reserved: true; row: ThrottleRow }
  /** The subject must wait (or is locked): the secret is not to be checked at all. */
  | { reserved: false; waitMs: number; locked: boolean };

type Deps = {
  database: Pick<Database, 'tx'>;
  throttles: Pick<ThrottleRepository, 'findForUpdate' | 'insertFirst' | 'record'>;
};

/**
 * Counts an attempt before its secret is checked (issue 23 #3, docs/adr/0020). Reading the count,
 * checking the secret and recording a failure afterwards let a parallel burst check every guess
 * against the same old count: 18 wrong payment passwords were judged where the lock is at 5, and a
 * right one passed in the same burst. Here the subject's row is locked, the wait is judged on the
 * count that includes every attempt already in flight, and the attempt is counted in the same
 * transaction; the caller clears the count when the secret matches (or gives the attempt back when
 * it could not be judged).
 */
export async function reserveAttempt(
  { database, throttles }: Deps,
  kind: ThrottleKind,
  subject: string,
  policy: ThrottlePolicy,
  at: number,
): Promise<AttemptReservation> {
  return database.tx(async (tx) => {
    // Two passes at most: when the row is missing, a concurrent first attempt may insert it between
    // the read and our insert; the second read then waits for that transaction and sees its row.
    for (let pass = 0; pass < 2; pass++) {
      const state = await throttles.findForUpdate(kind, subject, '', tx);
      if (state) {
        const wait = waitMs(state, policy, at);
        if (wait > 0) return { reserved: false, waitMs: wait, locked: isLocked(state, policy, at) };
        return { reserved: true, row: await throttles.record(kind, subject, '', new Date(at), policy.resetAfterMs, tx) };
      }
      const inserted = await throttles.insertFirst(kind, subject, '', new Date(at), tx);
      if (inserted) return { reserved: true, row: inserted };
    }
    throw new Error(`throttle row of ${kind}:${subject} neither found nor inserted`);
  });
}
