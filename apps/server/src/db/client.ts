import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ensurePrivateDir, withPrivateFiles } from '../lib/data-dir';
import * as schema from './schema';
import { createTransactionRunner, type Db, type TransactionRunner } from './tx';

export type DatabaseKind = 'pglite' | 'postgres';


/**
 * The embedded database's own settings (issue 26, idle memory). PostgreSQL's default 128 MB of shared buffers
 * live in PGlite's WebAssembly memory, which grows as pages are touched and never shrinks: the demo's data fits
 * in far less, and the operating system's page cache still holds the files. Measured on the embedded server
 * (platform and house databases): idle RSS about 600-790 MB with the defaults, about 340-360 MB with this
 * (docs/benchmarks.md). Given on the command line after PGlite's own (postgresql.conf is left as initdb wrote it).
 */
export const EMBEDDED_POSTGRES_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'work_mem=2MB'];

/** An open database: the Drizzle handle, the transaction runner, and how to close it. */
export interface Database {
  kind: DatabaseKind;
  /** Human description for logs and the start banner (never includes a password). */
  label: string;
  db: Db;
  tx: TransactionRunner;
  /** The raw client, for the migrator and advisory locks. */
  raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
  close(): Promise<void>;
}

/**
 * One statement outside Drizzle, for the hottest calls (the vendor protocol's game operation): on
 * PostgreSQL a named prepared statement, parsed and planned once per pooled connection and then only
 * bound and executed; on PGlite a plain parameterised query. Rows as the driver gives them.
 */
export type PreparedQuery = (
  name: string,
  text: string,
  values: unknown[],
) => Promise<Record<string, unknown>[]>;

export function preparedQuery(raw: Database['raw']): PreparedQuery {
  if (raw.kind === 'postgres') {
    const pool = raw.pool;
    return async (name, text, values) =>
      (await pool.query({ name, text, values })).rows as Record<string, unknown>[];
  }
  const client = raw.client;
  return async (_name, text, values) => (await client.query<Record<string, unknown>>(text, values)).rows;
}

export type OpenDatabaseOptions =
  /** PostgreSQL through node-postgres. */
  | { url: string; poolSize?: number }
  /**
   * PGlite in a data folder, or in memory when dataDir is 'memory://'; an in-memory database can
   * start from a data-folder tarball (`dumpDataDir`) instead of an empty cluster (tests load a
   * migrated snapshot: initdb costs about 2 s, a load about 0.7 s).
   */
  | { dataDir: string; loadDataDir?: Blob };

/** Removes the password from a connection string for display. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres (unparseable url)';
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if ('url' in options) {
    // A new connection that does not open within 10 s fails (the request answers an error) instead of waiting for
    // TCP to give up, minutes later, when the database is cut off (npm run test:cluster); keep-alive probes find a
    // dead idle connection.
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, connectionTimeoutMillis: 10_000, keepAlive: true });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it on the next checkout.
    });
    // A client checked out by a transaction can lose its connection between two statements (the server
    // was restarted, an operator terminated the backend): node-postgres then emits 'error' on the client,
    // which would end the process when nobody listens. The transaction's next query fails and is handled
    // (rolled back, retried or answered as an error); the process stays up.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    // Fail fast with a clear error when the database is unreachable.
    const probe = await pool.connect();
    probe.release();
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      kind: 'postgres',
      label: `PostgreSQL ${redactUrl(options.url)}`,
      db,
      tx: createTransactionRunner(db, false),
      raw: { kind: 'postgres', pool },
      close: () => pool.end(),
    };
  }
  const memory = options.dataDir === 'memory://';
  if (!memory) ensurePrivateDir(path.dirname(options.dataDir));
  // Security #8: PGlite writes its own files; they are created under umask 077 and tightened after.
  const client = memory
    ? await PGlite.create(
        'loadDataDir' in options && options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
      )
    : await withPrivateFiles(options.dataDir, () => PGlite.create({ dataDir: options.dataDir, startParams: [...PGlite.defaultStartParams, ...EMBEDDED_POSTGRES_SETTINGS] }));
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    label: memory ? 'PGlite (in memory)' : `PGlite (embedded) at ${options.dataDir}`,
    db,
    tx: createTransactionRunner(db, true),
    raw: { kind: 'pglite', client },
    close: () => client.close(),
  };
}
