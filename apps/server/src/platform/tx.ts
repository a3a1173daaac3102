import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Tx } from '../db/tx';
import { sqlState } from '../lib/pg-errors';

/** SQLSTATEs after which PostgreSQL asks the client to run the whole transaction again. */
const RETRYABLE = new Set(['40001' /* serialization_failure */, '40P01' /* deadlock_detected */]);

export const isRetryableTransactionError = (error: unknown) => RETRYABLE.has(sqlState(error) ?? '');

export type RunInTransactionOptions = {
  /** Runs of the unit of work at most (first run included); default 5. */
  attempts?: number;
  /** Isolation level of the transaction; default the database's (read committed). */
  isolation?: 'read committed' | 'repeatable read' | 'serializable';
  /** Base of the jittered exponential backoff between runs, in ms; default 10. */
  baseDelayMs?: number;
  /** Called before a retry (logs, tests). */
  onRetry?: (info: { attempt: number; error: unknown; delayMs: number }) => void;
};

/**
 * Runs a unit of work in one transaction, and runs it again from the start when PostgreSQL aborts
 * it with a serialization failure (40001) or a deadlock (40P01): bounded attempts, with a jittered
 * exponential backoff (full jitter) between them. `fn` must therefore be safe to run again: no side
 * effects outside the transaction (use the outbox for those; its after-commit work runs only for
 * the run that committed). Inside an outer transaction (same async flow) it joins it and never
 * retries: only the outermost unit of work can be run again.
 *
 * PGlite runs one transaction at a time (db/tx.ts), so these errors do not happen there and the
 * first run is the only one.
 */
export async function runInTransaction<T>(
  database: Pick<Database, 'tx'>,
  fn: (tx: Tx) => Promise<T>,
  options: RunInTransactionOptions = {},
): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? 5);
  const base = options.baseDelayMs ?? 10;
  if (database.tx.active()) return database.tx(fn);
  for (let attempt = 1; ; attempt++) {
    try {
      return await database.tx(async (tx) => {
        if (options.isolation) {
          await tx.execute(sql.raw(`set transaction isolation level ${options.isolation}`));
        }
        return fn(tx);
      });
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionError(error)) throw error;
      const delayMs = Math.floor(Math.random() * base * 2 ** (attempt - 1));
      options.onRetry?.({ attempt, error, delayMs });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
