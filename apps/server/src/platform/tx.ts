import type { Database } from '../db/client';
import type { Executor, Tx, TransactionOptions } from '../db/tx';

export { isRetryableTransactionError } from '../db/tx';
export type RunInTransactionOptions = TransactionOptions;

/**
 * Runs a unit of work in one transaction, and runs it again from the start when PostgreSQL aborts
 * it with a serialization failure (40001) or a deadlock (40P01). This is `database.tx(fn, options)`:
 * every unit of work opened by a service goes through the same retry (db/tx.ts), so `fn` must be
 * safe to run again (no side effects outside the transaction: use the outbox, whose after-commit
 * work runs only for the run that committed). Inside an outer transaction (same async flow) it
 * joins it and never retries: only the outermost unit of work can be run again.
 *
 * PGlite runs one transaction at a time (db/tx.ts), so these errors do not happen there and the
 * first run is the only one.
 */
export function runInTransaction<T>(
  database: Pick<Database, 'tx'>,
  fn: (tx: Tx) => Promise<T>,
  options: RunInTransactionOptions = {},
): Promise<T> {
  return database.tx(fn, options);
}

/**
 * A write that takes part in the caller's unit of work when it has one (`tx`), and is its own
 * unit of work otherwise: for service helpers whose callers may or may not hold a transaction.
 */
export function withTransaction<T>(
  database: Pick<Database, 'tx'>,
  tx: Executor | undefined,
  fn: (tx: Executor) => Promise<T>,
): Promise<T> {
  return tx ? fn(tx) : database.tx(fn);
}
