import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { sqlState } from '../lib/pg-errors';
import type * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver (PGlite or node-postgres) is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories take it as their last argument. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository can run SQL on: a transaction, or the database for a single statement. */
export type Executor = Db | Tx;

/** A FIFO mutex: PGlite is one session, so at most one transaction may be open at a time. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  async run<T>(fn: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = previous.then(() => next);
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

/** SQLSTATEs after which PostgreSQL asks the client to run the whole transaction again. */
const RETRYABLE = new Set(['40001' /* serialization_failure */, '40P01' /* deadlock_detected */]);

export const isRetryableTransactionError = (error: unknown) => RETRYABLE.has(sqlState(error) ?? '');

export type TransactionOptions = {
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
 * Transaction helper: `run(fn)` is one unit of work. It opens a transaction and gives `fn` the
 * handle; a `run` inside another (same async flow) joins the outer transaction instead of opening
 * a second one, so services can call each other without deadlocking the PGlite mutex.
 *
 * The outermost run is run again from the start when PostgreSQL aborts it with a serialization
 * failure (40001) or a deadlock (40P01): bounded attempts, jittered exponential backoff (full
 * jitter). `fn` must therefore be safe to run again: no side effects outside the transaction
 * (record them in the outbox, or register them with `afterCommit`: only the run that committed
 * calls its callbacks). A joined (inner) run never retries on its own.
 *
 * With PGlite, transactions are serialised by a mutex (PGlite also serialises internally, but
 * depending on that is an implementation detail; the mutex is ours and cheap), so these errors do
 * not happen there. With PostgreSQL, transactions run concurrently on pool connections.
 */
export function createTransactionRunner(db: Db, serialise: boolean) {
  const current = new AsyncLocalStorage<Tx>();
  const mutex = serialise ? new Mutex() : null;

  async function once<T>(fn: (tx: Tx) => Promise<T>, isolation: TransactionOptions['isolation']): Promise<T> {
    const callbacks: Array<() => void> = [];
    const open = () =>
      db.transaction(async (tx) => {
        afterCommitCallbacks.set(tx, callbacks);
        if (isolation) await tx.execute(sql.raw(`set transaction isolation level ${isolation}`));
        return current.run(tx, () => fn(tx));
      });
    const result = await (mutex ? mutex.run(open) : open());
    // Committed (and, with PGlite, the mutex released): what waited for the commit may run now.
    for (const callback of callbacks) callback();
    return result;
  }

  async function run<T>(fn: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const outer = current.getStore();
    if (outer) return fn(outer);
    const attempts = Math.max(1, options.attempts ?? 5);
    const base = options.baseDelayMs ?? 10;
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(fn, options.isolation);
      } catch (error) {
        if (attempt >= attempts || !isRetryableTransactionError(error)) throw error;
        const delayMs = Math.floor(Math.random() * base * 2 ** (attempt - 1));
        options.onRetry?.({ attempt, error, delayMs });
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  }

  /** Whether this async flow is inside a transaction of this runner (a nested run joins it). */
  const active = () => current.getStore() !== undefined;

  return Object.assign(run, { active });
}

/** Callbacks waiting for the commit of a transaction opened by a runner (see afterCommit). */
const afterCommitCallbacks = new WeakMap<Tx, Array<() => void>>();

/**
 * Runs `callback` once the transaction `tx` has committed (never when it rolls back). Returns
 * false when `tx` was not opened by a transaction runner (the caller then relies on its fallback,
 * e.g. the outbox sweep). The callback must not throw; it runs synchronously after the commit.
 */
export function afterCommit(tx: Tx, callback: () => void): boolean {
  const callbacks = afterCommitCallbacks.get(tx);
  if (!callbacks) return false;
  callbacks.push(callback);
  return true;
}

export type TransactionRunner = ReturnType<typeof createTransactionRunner>;
