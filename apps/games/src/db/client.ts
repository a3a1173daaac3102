import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { ensurePrivateDir, withPrivateFiles } from '../private-files';


/**
 * The house's embedded database settings: the platform's (apps/server/src/db/client.ts EMBEDDED_POSTGRES_SETTINGS),
 * 16 MB of shared buffers instead of 128 MB in PGlite's WebAssembly memory, which never shrinks (issue 26).
 */
const EMBEDDED_POSTGRES_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'work_mem=2MB'];

/** The house app's committed migrations (apps/games/drizzle). */
export const HOUSE_MIGRATIONS = path.join(import.meta.dirname, '..', '..', 'drizzle');
/** Its own migrations table, so a shared PostgreSQL database keeps the platform's apart. */
const MIGRATIONS_TABLE = '__house_migrations';
/** Advisory lock key of the house's migrations (the platform's is another). */
const MIGRATION_LOCK = 774_411_048;

export type HouseDb = PgliteDatabase<typeof schema>;
export type HouseDatabase = {
  db: HouseDb;
  label: string;
  close(): Promise<void>;
  /** An in-memory database's data folder as a tarball (the tests' migrated copy). */
  dumpDataDir?: () => Promise<Blob | File>;
};

/**
 * The house app's database (ADR 0048): its own PGlite folder (the embedded demo: DATA_DIR/house), in
 * memory ('memory://', tests), or PostgreSQL from a URL (HOUSE_DATABASE_URL). Migrated on open.
 */
export async function openHouseDatabase(
  where: { dataDir: string; loadDataDir?: Blob } | { url: string },
): Promise<HouseDatabase> {
  if ('url' in where) {
    const pool = new pg.Pool({ connectionString: where.url, max: 5 });
    // An idle client that lost its connection is replaced at the next checkout; a checked-out one that
    // loses it mid-transaction fails that transaction's next query (handled), never the process.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    // Instances starting together migrate one at a time (an advisory lock held on one connection).
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg({ client, schema }), {
        migrationsFolder: HOUSE_MIGRATIONS,
        migrationsTable: MIGRATIONS_TABLE,
      });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    const db = drizzlePg({ client: pool, schema });
    return { db: db as unknown as HouseDb, label: 'PostgreSQL (house)', close: () => pool.end() };
  }
  const memory = where.dataDir === 'memory://';
  // The folder 0700 and its files 0600 (issue 23 #5): the rounds and seed commitments are the house's.
  if (!memory) ensurePrivateDir(where.dataDir);
  const openAndMigrate = async () => {
    // In memory, from a migrated copy when one is given (the tests: a new cluster's initdb costs seconds).
    const client = memory
      ? await PGlite.create(where.loadDataDir ? { loadDataDir: where.loadDataDir } : {})
      : await PGlite.create({ dataDir: where.dataDir, startParams: [...PGlite.defaultStartParams, ...EMBEDDED_POSTGRES_SETTINGS] });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: HOUSE_MIGRATIONS, migrationsTable: MIGRATIONS_TABLE });
    return { client, db };
  };
  const { client, db } = memory ? await openAndMigrate() : await withPrivateFiles(where.dataDir, openAndMigrate);
  return {
    db,
    label: memory ? 'PGlite (house, in memory)' : `PGlite (house) at ${where.dataDir}`,
    close: () => client.close(),
    ...(memory ? { dumpDataDir: async () => client.dumpDataDir('none') } : {}),
  };
}
