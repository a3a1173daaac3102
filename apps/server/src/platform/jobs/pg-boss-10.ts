import { sql } from 'drizzle-orm';
import type { Queue } from 'pg-boss';
import type { Database } from '../../db/client';
import { sqlState } from '../../lib/pg-errors';

/**
 * The move from pg-boss 10 (schema version 24) to pg-boss 12 (docs/adr/0066). pg-boss 11 rewrote its
 * schema and ships no migration from version 24 (pg-boss 12 refuses anything older than 25), so a
 * database that pg-boss 10 used is carried over here, on the first start of the new version:
 *
 * 1. `setAsidePgBoss10`, before pg-boss starts: the pg-boss 10 schema `pgboss` is renamed
 *    `pgboss_v10`, so pg-boss 12 creates its own `pgboss` beside it;
 * 2. `importPgBoss10`, once the queues exist: every job of the old schema (waiting, retrying,
 *    running, failed, completed, and the archived ones) is copied into the new job table with its
 *    id, data, attempts and times, the old queues the app no longer defines are made again so
 *    nothing is dropped, and `pgboss_v10` is dropped, in one transaction.
 *
 * Both steps hold one advisory lock, so instances starting together do each step once; a start
 * that stopped between them finishes the copy on the next start. The retry count keeps its meaning
 * (pg-boss 10 and 12 both count a claim after the first start), failed jobs stay dead letters
 * (`failed()`), and a completed job still holds its id (a schedule period is not sent twice). A job
 * that was running when pg-boss 10 stopped is waiting to be retried at once, as its expiry would
 * have made it.
 */
export const PG_BOSS_10_SCHEMA = 'pgboss_v10';

const LOCK = sql`select pg_advisory_xact_lock(hashtext('lotus:pg-boss-10-upgrade'))`;

type Rows = Record<string, unknown>[];
const rowsOf = (result: unknown) => (result as { rows: Rows }).rows;

/** Renames a pg-boss 10 schema aside; true when it did. Throws on a schema older than pg-boss 10. */
export async function setAsidePgBoss10(database: Pick<Database, 'tx'>): Promise<boolean> {
  return database.tx(async (tx) => {
    await tx.execute(LOCK);
    const [probe] = rowsOf(
      await tx.execute(sql`select to_regclass('pgboss.version') is not null as installed`),
    );
    if (!probe?.installed) return false;
    const [row] = rowsOf(await tx.execute(sql`select max(version) as version from pgboss.version`));
    const version = Number(row?.version);
    if (version >= 25) return false;
    if (version !== 24) {
      throw new Error(
        `pg-boss schema version ${version} in schema pgboss: only pg-boss 10 (version 24) is carried over; start pg-boss 10 on it first`,
      );
    }
    const [aside] = rowsOf(
      await tx.execute(sql`select to_regnamespace(${PG_BOSS_10_SCHEMA}) is not null as taken`),
    );
    if (aside?.taken) {
      throw new Error(
        `schema pgboss holds pg-boss 10 and schema ${PG_BOSS_10_SCHEMA} exists too: move one of them away`,
      );
    }
    await tx.execute(sql.raw(`alter schema pgboss rename to ${PG_BOSS_10_SCHEMA}`));
    return true;
  });
}

/** The columns pg-boss 12 takes from a pg-boss 10 job row (`j`) of a queue (`q`) of the new schema. */
const COPY = `
  insert into pgboss.job (
    id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff,
    expire_seconds, deletion_seconds, singleton_key, singleton_on, start_after, created_on,
    started_on, completed_on, keep_until, output, dead_letter, policy
  )
  select
    j.id, j.name, j.priority, j.data,
    (case when j.state::text = 'active' then 'retry' else j.state::text end)::pgboss.job_state,
    j.retry_limit, j.retry_count, j.retry_delay, j.retry_backoff,
    greatest(1, round(extract(epoch from j.expire_in)))::int, q.deletion_seconds,
    j.singleton_key, j.singleton_on,
    case when j.state::text = 'active' then now() else j.start_after end,
    j.created_on, j.started_on, j.completed_on,
    case when j.state::text = 'active' then greatest(j.keep_until, now() + q.retention_seconds * interval '1 second')
         else j.keep_until end,
    j.output, j.dead_letter, q.policy
  from %TABLE% j
  join pgboss.queue q on q.name = j.name
  on conflict do nothing
  returning 1`;

/**
 * Copies the jobs of a schema set aside by `setAsidePgBoss10` into pg-boss 12's tables and drops it.
 * `createQueue` makes a queue the app does not define (any more) with its pg-boss 10 settings and
 * `defaults` (the engine's retention). Returns the number of jobs copied, or null when there was
 * nothing to carry over.
 */
export async function importPgBoss10(
  database: Pick<Database, 'tx' | 'db'>,
  createQueue: (name: string, options: Omit<Queue, 'name'>) => Promise<void>,
  existing: (name: string) => Promise<boolean>,
  defaults: Omit<Queue, 'name'>,
): Promise<number | null> {
  const [probe] = rowsOf(
    await database.db.execute(
      sql`select to_regclass(${`${PG_BOSS_10_SCHEMA}.queue`}) is not null as present`,
    ),
  );
  if (!probe?.present) return null;
  // Queues first, through pg-boss (outside the copy's transaction: on PGlite pg-boss waits for it).
  let queues: Rows;
  try {
    queues = rowsOf(
      await database.db.execute(
        sql.raw(
          `select name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds, retention_minutes from ${PG_BOSS_10_SCHEMA}.queue order by name`,
        ),
      ),
    );
  } catch (error) {
    // Another instance has just finished the copy.
    if (sqlState(error) === '42P01') return null;
    throw error;
  }
  for (const q of queues) {
    const name = String(q.name);
    if (await existing(name)) continue;
    await createQueue(name, {
      ...defaults,
      ...(q.policy ? { policy: String(q.policy) } : {}),
      ...(q.retry_limit != null ? { retryLimit: Number(q.retry_limit) } : {}),
      ...(q.retry_delay != null ? { retryDelay: Number(q.retry_delay) } : {}),
      ...(q.retry_backoff != null ? { retryBackoff: Boolean(q.retry_backoff) } : {}),
      ...(q.expire_seconds != null ? { expireInSeconds: Number(q.expire_seconds) } : {}),
      ...(q.retention_minutes != null ? { retentionSeconds: Number(q.retention_minutes) * 60 } : {}),
    });
  }
  return database.tx(async (tx) => {
    await tx.execute(LOCK);
    // Another instance may have finished the copy while this one made the queues.
    const [still] = rowsOf(
      await tx.execute(sql`select to_regnamespace(${PG_BOSS_10_SCHEMA}) is not null as present`),
    );
    if (!still?.present) return null;
    let copied = 0;
    for (const table of ['job', 'archive']) {
      copied += rowsOf(
        await tx.execute(sql.raw(COPY.replace('%TABLE%', `${PG_BOSS_10_SCHEMA}.${table}`))),
      ).length;
    }
    await tx.execute(sql.raw(`drop schema ${PG_BOSS_10_SCHEMA} cascade`));
    return copied;
  });
}
