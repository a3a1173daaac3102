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
    const open = () => db.transaction((tx) => current.run(tx, () => fn(tx)));
    return mutex ? mutex.run(open) : open();
  }

  return run;
}

export type TransactionRunner = ReturnType<typeof createTransactionRunner>;
