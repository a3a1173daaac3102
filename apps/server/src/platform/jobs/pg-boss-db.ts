import { fromPglite, type Db } from 'pg-boss';
import type { Database } from '../../db/client';

/** The `db` pg-boss accepts instead of its own pool: `executeSql(text, values)`. */
export type PgBossDb = Db;

/**
 * pg-boss on the database the app already has: the node-postgres pool on PostgreSQL, the PGlite
 * session on the embedded default.
 *
 * pg-boss sends its schema, migration and maintenance scripts as several statements without
 * parameters (`BEGIN; ... RETURNING ...; COMMIT`), and reads the rows of every statement, not only
 * the last one's. On PostgreSQL such a script goes to the pool as one simple query and answers an
 * array of results, whose rows are joined here (as pg-boss does with its own pool); a pooled
 * connection on which a script failed is discarded by the pool, so no aborted transaction outlives it.
 *
 * On PGlite pg-boss's own adapter (`fromPglite`) does the same split (`exec` for scripts, `query`
 * for statements with parameters) and rolls back a script that failed halfway, which a single
 * session needs: the app's next statement would otherwise find the transaction aborted. PGlite runs
 * each call exclusively (it waits while a transaction of ours is open), so pg-boss never interleaves
 * with our transactions there.
 */
export function pgBossDb(database: Pick<Database, 'raw'>): PgBossDb {
  const raw = database.raw;
  if (raw.kind === 'pglite') return fromPglite(raw.client);
  return {
    async executeSql(text, values) {
      const result = (await raw.pool.query(text, values)) as unknown;
      const results = (Array.isArray(result) ? result : [result]) as { rows?: Record<string, unknown>[] }[];
      return { rows: results.flatMap((r) => r.rows ?? []) };
    },
  };
}
