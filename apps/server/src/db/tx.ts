import { AsyncLocalStorage } from 'node:async_hooks';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
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

/**
 * Transaction helper. `run(fn)` opens a transaction and gives `fn` the handle; a `run` inside
 * another (same async flow) joins the outer transaction instead of opening a second one, so
 * services can call each other without deadlocking the PGlite mutex.
 *
 * With PGlite, transactions are serialised by a mutex (PGlite also serialises internally, but
 * depending on that is an implementation detail; the mutex is ours and cheap). With PostgreSQL,
 * transactions run concurrently on pool connections.
 */
export function createTransactionRunner(db: Db, serialise: boolean) {
  const current = new AsyncLocalStorage<Tx>();
  const mutex = serialise ? new Mutex() : null;

  async function run<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const outer = current.getStore();
    if (outer) return fn(outer);
    const callbacks: Array<() => void> = [];
    const open = () =>
      db.transaction((tx) => {
        afterCommitCallbacks.set(tx, callbacks);
        return current.run(tx, () => fn(tx));
      });
    const result = await (mutex ? mutex.run(open) : open());
    // Committed (and, with PGlite, the mutex released): what waited for the commit may run now.
    for (const callback of callbacks) callback();
    return result;
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
