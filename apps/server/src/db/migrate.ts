import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';
import * as schema from './schema';
import { APPEND_ONLY_AUDIT_SQL } from './schema/audit.functions';
import { LEDGER_SQL } from './schema/wallet.functions';
import { seedIfEmpty } from './seed';
import type { Db } from './tx';

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
/** Advisory lock key: instances starting together migrate and seed one at a time. */
const BOOTSTRAP_LOCK = 774_411_001;

export type BootstrapResult = { seeded: boolean };

export type BootstrapOptions = {
  /** false: migrations only (default true: seed an empty database). */
  seed?: boolean;
  /**
   * Also seed the demo accounts (demo, agent01, weakpw: published passwords). Required, so every
   * caller decides: the server passes seedsDemoData(env) (embedded demo or SEED_DEMO=1); tests
   * that log in as `demo` pass true (docs/adr/0024).
   */
  seedDemo: boolean;
};

/**
 * Applies the committed migrations (idempotent: drizzle records applied ones), makes the operator
 * audit log and the ledger append-only and creates the ledger's write functions (db/schema/audit.functions.ts,
 * db/schema/wallet.functions.ts; idempotent) and seeds the default
 * configuration and content when the database has none yet, plus the demo accounts when
 * `seedDemo`. On PostgreSQL both run under an advisory lock held on one connection, so several
 * instances can start at once.
 */
export async function migrateAndSeed(database: Database, options: BootstrapOptions): Promise<BootstrapResult> {
  const wantSeed = options.seed ?? true;
  const seedOptions = { demo: options.seedDemo };
  if (database.raw.kind === 'pglite') {
    const db = drizzlePglite({ client: database.raw.client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    for (const statement of [...APPEND_ONLY_AUDIT_SQL, ...LEDGER_SQL]) await database.raw.client.exec(statement);
    return { seeded: wantSeed ? await seedIfEmpty(db as unknown as Db, seedOptions) : false };
  }
  const client = await database.raw.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [BOOTSTRAP_LOCK]);
    try {
      const db = drizzlePg({ client, schema });
      await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
      for (const statement of [...APPEND_ONLY_AUDIT_SQL, ...LEDGER_SQL]) await client.query(statement);
      return { seeded: wantSeed ? await seedIfEmpty(db as unknown as Db, seedOptions) : false };
    } finally {
      await client.query('select pg_advisory_unlock($1)', [BOOTSTRAP_LOCK]);
    }
  } finally {
    client.release();
  }
}
