import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { createJobEngine, type JobContext, type JobEngine } from '../src/platform/jobs/engine';
import { createTestDatabase, tempDir, usePostgres, type TestDatabase } from './helper';

/**
 * ADR 0066: pg-boss 12 on a database pg-boss 10 used. pg-boss ships no migration from its version 10
 * schema, so the engine carries the jobs over on its first start (platform/jobs/pg-boss-10.ts). The
 * database starts as pg-boss 10.4.2 left it (test/fixtures/pg-boss-10.sql: its schema and the rows
 * its own calls wrote, one job per state and two archived): on PGlite an embedded data folder that
 * is closed and opened again, as a server restart does; on PostgreSQL a database that two instances
 * start on together.
 */
const FIXTURE = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/pg-boss-10.sql'), 'utf8');
const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

let database: Database;
let test: TestDatabase | null = null;
const engines: JobEngine[] = [];
const logs: string[] = [];
const runs: { step: string; context: JobContext }[] = [];

function engine() {
  const jobs = createJobEngine({
    database,
    log: { warn: (_obj, msg) => void logs.push(msg), error: (_obj, msg) => void logs.push(`error: ${msg}`) },
  });
  jobs.define<{ step: string }>({
    name: 'upgrade-probe',
    handler: async (data, context) => void runs.push({ step: data.step, context }),
  });
  engines.push(jobs);
  return jobs;
}

beforeAll(async () => {
  if (usePostgres) {
    test = await createTestDatabase({ seed: false, seedDemo: false });
    database = test.database;
    if (database.raw.kind === 'postgres') await database.raw.pool.query(FIXTURE);
    return;
  }
  const dataDir = path.join(tempDir('lotus-pgboss10-'), 'pglite');
  const before = await openDatabase({ dataDir });
  if (before.raw.kind === 'pglite') await before.raw.client.exec(FIXTURE);
  await before.close();
  database = await openDatabase({ dataDir });
});

afterAll(async () => {
  for (const jobs of engines) await jobs.stop();
  if (test) await test.drop();
  else await database?.close();
});

describe('pg-boss 10 -> 12 (ADR 0066)', () => {
  it('the first start carries every pg-boss 10 job over, once, and drops the old schema', async () => {
    const first = usePostgres ? [engine(), engine()] : [engine()];
    await Promise.all(first.map((jobs) => jobs.start({ workers: false })));
    // Carried over once. Two instances starting together on PostgreSQL may also race to create the schema: the
    // loser says so and starts again (a timing of the machine, not an error).
    expect(logs.filter((line) => !line.startsWith('job engine: another instance created the job schema first'))).toEqual([
      'job engine: the jobs of pg-boss 10 were carried over to pg-boss 12',
    ]);

    const one = async <T>(query: SQL) => rowsOf<T>(await database.db.execute(query))[0]!;
    expect(await one(sql`select to_regnamespace('pgboss_v10') is null as gone`)).toEqual({ gone: true });
    expect(
      Number((await one<{ v: number }>(sql`select max(version) as v from pgboss.version`)).v),
    ).toBeGreaterThan(24);
    const states = rowsOf<{ id: string; name: string; state: string }>(
      await database.db.execute(sql`select id, name, state::text from pgboss.job order by id`),
    );
    expect(states).toEqual([
      { id: ID(1), name: 'upgrade-probe', state: 'created' },
      { id: ID(2), name: 'upgrade-probe', state: 'retry' },
      { id: ID(3), name: 'upgrade-probe', state: 'failed' },
      { id: ID(4), name: 'upgrade-probe', state: 'completed' },
      // Running when pg-boss 10 stopped: retried at once, as its expiry would have done.
      { id: ID(5), name: 'upgrade-probe', state: 'retry' },
      // Archived by pg-boss 10: back in the one job table.
      { id: ID(6), name: 'upgrade-probe', state: 'failed' },
      { id: ID(7), name: 'upgrade-probe', state: 'completed' },
      // A queue the app no longer defines: made again with its pg-boss 10 settings, its job kept.
      { id: ID(8), name: 'upgrade-orphan', state: 'created' },
    ]);
    expect(
      await one(
        sql`select retry_limit, retry_delay, retry_backoff, expire_seconds from pgboss.queue where name = 'upgrade-orphan'`,
      ),
    ).toEqual({ retry_limit: 2, retry_delay: 5, retry_backoff: false, expire_seconds: 600 });
  });

  it('dead letters stay listed with their error and attempts; a kept job id is still taken', async () => {
    const jobs = engines[0]!;
    const dead = await jobs.failed();
    expect(dead.map((d) => [d.id, d.queue, d.error, d.attempts, d.data])).toEqual([
      [ID(3), 'upgrade-probe', 'Error: last boom', 2, { step: 'failed' }],
      [ID(6), 'upgrade-probe', 'Error: archived boom', 1, { step: 'archived-failed' }],
    ]);
    expect((await jobs.getJob('upgrade-probe', ID(4)))?.state).toBe('completed');
    expect(await jobs.send('upgrade-probe', { step: 'again' }, { id: ID(4) })).toBeNull();
  });

  it('waiting, retrying and interrupted jobs run under pg-boss 12, counting the attempts pg-boss 10 made', async () => {
    const jobs = engines[0]!;
    expect(await jobs.runDue(['upgrade-probe'])).toBe(3);
    const byStep = Object.fromEntries(
      runs.map((r) => [r.step, [r.context.retryCount, r.context.retryLimit]]),
    );
    // created: first attempt; retry (failed once) and active (interrupted): second attempt.
    expect(byStep).toEqual({ created: [0, 4], retry: [1, 4], active: [1, 4] });
    for (const n of [1, 2, 5]) expect((await jobs.getJob('upgrade-probe', ID(n)))?.state).toBe('completed');
  });

  it('a later start (restart) finds nothing to carry over and changes nothing', async () => {
    logs.length = 0;
    const again = engine();
    await again.start({ workers: false });
    expect(logs).toEqual([]);
    expect(rowsOf(await database.db.execute(sql`select count(*)::int as n from pgboss.job`))).toEqual([
      { n: 8 },
    ]);
  });
});
