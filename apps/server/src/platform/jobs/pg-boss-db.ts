import type { Database } from '../../db/client';

/** The `db` pg-boss accepts instead of its own pool: one method, `executeSql(text, values)`. */
export type PgBossDb = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
};

/**
 * pg-boss on the database the app already has: the node-postgres pool on PostgreSQL, the PGlite
 * session on the embedded default. pg-boss sends its schema and maintenance scripts as several
 * statements without parameters: PGlite runs those through `exec` (simple protocol); statements
 * with parameters go through `query`. PGlite runs each call exclusively (it waits while a
 * transaction of ours is open), so pg-boss never interleaves with our transactions there.
 */
export function pgBossDb(database: Pick<Database, 'raw'>): PgBossDb {
  const raw = database.raw;
  if (raw.kind === 'postgres') {
    return {
      async executeSql(text, values) {
        const result = (await raw.pool.query(text, values)) as unknown;
        // Several statements answer an array of results; pg-boss reads the last one.
        const last = Array.isArray(result) ? (result[result.length - 1] as unknown) : result;
        return { rows: ((last as { rows?: Record<string, unknown>[] } | undefined)?.rows ?? []) };
      },
    };
  }
  const client = raw.client;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[] };
    },
  };
}
