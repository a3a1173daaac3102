import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { readEnv } from '../src/env';
import { connectDirect } from '../src/ops/connect';
import { runCommand } from './ops-run';
import { runInTransaction } from '../src/platform/tx';
import { createClock, tempDir, testEnv, usePostgres, useTestApp, type TestDatabase } from './helper';

/**
 * Issue 7 (house shape): the job engine. Scheduled jobs run once per period across instances,
 * failing jobs are retried with backoff and end as dead letters the operator sees; transactions
 * are run again after a serialization failure or a deadlock (PostgreSQL).
 */
const clock = createClock();
const MINUTE = 60_000;

const t = useTestApp({ clock });
let db: TestDatabase;
let app: FastifyInstance;
let opsToken: string;
beforeAll(() => {
  ({ db, app, opsToken } = t);
});

/** Rows of a raw query (both drivers answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Rows of pg-boss's job table for one queue (what the engine really holds). */
async function jobRows(name: string) {
  return rowsOf<{ state: string; retry_count: number }>(
    await db.database.db.execute(sql`select state, retry_count from pgboss.job where name = ${name} order by created_on`),
  );
}

describe('scheduled jobs (issue 7)', () => {
  it('issue 7 housekeeping is a scheduled job: one run per 10-minute period, however often the schedule is checked', async () => {
    const jobs = app.services.platform.jobs;
    // Start of a 10-minute period (app clock), then several checks within it.
    clock.advance(10 * MINUTE - (clock.now() % (10 * MINUTE)));
    await jobs.tick();
    clock.advance(4 * MINUTE);
    await jobs.tick();
    clock.advance(5 * MINUTE);
    await jobs.tick();
    await jobs.runDue();
    expect(await jobRows('identity-housekeeping')).toEqual([{ state: 'completed', retry_count: 0 }]);
    // The next period (10 minutes after the first began) runs it again.
    clock.advance(MINUTE);
    await jobs.tick();
    await jobs.runDue();
    expect((await jobRows('identity-housekeeping')).map((r) => r.state)).toEqual(['completed', 'completed']);
  });

  // Two app instances against ONE database: PostgreSQL only (PGlite is one process's database).
  if (usePostgres)
    it('issue 7 two instances with workers on one database: a scheduled job runs once per tick, not twice', async () => {
      const instances = await Promise.all(
        ['a', 'b'].map((name) =>
          buildApp({
            db: db.database,
            env: testEnv(),
            now: clock.now,
            jobs: { workers: true, pollingIntervalSeconds: 0.5, scheduleCheckMs: 200 },
          }).then((instance) => ({ name, instance })),
        ),
      );
      const runs: string[] = [];
      try {
        for (const { name, instance } of instances) {
          instance.services.platform.jobs.define({
            name: 'test-tick',
            schedule: { everyMs: MINUTE },
            handler: async () => void runs.push(name),
          });
        }
        const settled = async (count: number) => {
          await vi.waitFor(
            async () => {
              // Both instances checked the schedule for this tick (each also checks every 200 ms)...
              await Promise.all(instances.map(({ instance }) => instance.services.platform.jobs.tick()));
              // ...and every job of the queue is finished.
              const rows = await jobRows('test-tick');
              if (rows.length < count || rows.some((r) => r.state !== 'completed')) throw new Error('not yet');
            },
            { timeout: 15_000, interval: 100 },
          );
        };
        await settled(1);
        expect(runs).toHaveLength(1);
        clock.advance(MINUTE);
        await settled(2);
        expect(runs).toHaveLength(2);
        expect(await jobRows('test-tick')).toHaveLength(2);
      } finally {
        await Promise.all(instances.map(({ instance }) => instance.close()));
      }
    });
});

describe('retries and dead letters (issue 7)', () => {
  it('issue 7 a job that throws is retried, then lands in the dead letters the operator lists', async () => {
    const jobs = app.services.platform.jobs;
    const attempts: number[] = [];
    jobs.define({
      name: 'test-always-fails',
      retryLimit: 2,
      // No wait between attempts here (the backoff has its own test below).
      retryDelaySeconds: 0,
      retryBackoff: false,
      handler: async (_data, job) => {
        attempts.push(job.retryCount);
        throw new Error('vendor said no');
      },
    });
    const id = await jobs.send('test-always-fails', { order: 7 });
    await jobs.runDue(['test-always-fails']);
    expect(attempts).toEqual([0, 1, 2]); // the first run and two retries
    expect(await jobRows('test-always-fails')).toEqual([{ state: 'failed', retry_count: 2 }]);

    const res = await app.inject({
      method: 'GET',
      url: '/ops/jobs/failed',
      headers: { authorization: `Bearer ${opsToken}` },
    });
    expect(res.statusCode).toBe(200);
    const dead = (res.json() as { value: Array<Record<string, unknown>> }).value;
    expect(dead.find((d) => d.id === id)).toMatchObject({
      queue: 'test-always-fails',
      attempts: 3,
      data: { order: 7 },
      error: 'Error: vendor said no',
    });
    // Operators only.
    expect((await app.inject({ method: 'GET', url: '/ops/jobs/failed' })).statusCode).toBe(401);
  });

  it('issue 7 retries back off: after a failure the job waits at least its retry delay', async () => {
    const jobs = app.services.platform.jobs;
    let runs = 0;
    jobs.define({
      name: 'test-backoff',
      retryLimit: 3,
      retryDelaySeconds: 60,
      handler: async () => {
        runs += 1;
        throw new Error('later');
      },
    });
    const id = (await jobs.send('test-backoff', {}))!;
    const failedAt = Date.now();
    await jobs.runDue(['test-backoff']);
    expect(runs).toBe(1); // the retry is not due yet
    const job = await jobs.getJob('test-backoff', id);
    expect(job?.state).toBe('retry');
    const wait = job!.startAfter.getTime() - failedAt;
    expect(wait).toBeGreaterThanOrEqual(59_000);
    expect(wait).toBeLessThan(125_000);
  });

  // The command line's direct mode opens the database itself: PostgreSQL (the PGlite test database
  // lives in this process's memory).
  if (usePostgres)
    it('issue 7 npm run ops -- jobs failed lists the dead letters', async () => {
      const client = await connectDirect(readEnv({ DATABASE_URL: db.url!, DATA_DIR: tempDir(), LOG_LEVEL: 'silent' }));
      const lines: string[] = [];
      try {
        expect(await runCommand(client, ['jobs', 'failed'], { log: (text) => lines.push(text) })).toBe(0);
      } finally {
        await client.close();
      }
      const output = lines.join('\n');
      expect(output).toMatch(/test-always-fails\s+3\s+\S+\s+Error: vendor said no/);
    });
});

describe('transactions retried on serialization failure (issue 7)', () => {
  if (usePostgres)
    it('issue 7 two concurrent serializable transactions: the one PostgreSQL aborts (40001) is run again and succeeds', async () => {
      const { database } = db;
      await database.db.execute(sql`create table tx_retry_test (label text not null, seen int not null)`);
      try {
        // Both first runs read the table before either writes (write skew): PostgreSQL aborts one.
        let arrived = 0;
        let firstRuns = 0;
        let release!: () => void;
        let bothRead!: Promise<void>;
        const resetRace = () => {
          arrived = 0;
          firstRuns = 0;
          bothRead = new Promise<void>((resolve) => (release = resolve));
        };
        resetRace();
        const meet = async () => {
          arrived += 1;
          if (arrived === 2) release();
          await bothRead;
        };
        const codes: string[] = [];
        const unit = (label: string, attempts?: number) =>
          runInTransaction(
            database,
            async (tx) => {
              const rows = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from tx_retry_test`));
              if (firstRuns < 2) {
                firstRuns += 1;
                await meet();
              }
              await tx.execute(sql`insert into tx_retry_test (label, seen) values (${label}, ${rows[0]!.n})`);
              return rows[0]!.n;
            },
            {
              isolation: 'serializable',
              ...(attempts ? { attempts } : {}),
              onRetry: ({ error }) => codes.push(String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code)),
            },
          );
        const seen = await Promise.all([unit('a'), unit('b')]);
        expect(codes).toEqual(['40001']);
        expect(seen.sort()).toEqual([0, 1]); // the retried unit saw the other's row
        const rows = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from tx_retry_test`));
        expect(rows[0]!.n).toBe(2);

        // Without retries the same race fails: the retry is what makes it succeed.
        resetRace();
        const outcomes = await Promise.allSettled([unit('c', 1), unit('d', 1)]);
        expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(1);
      } finally {
        await database.db.execute(sql`drop table tx_retry_test`);
      }
    });

  it('issue 7 runInTransaction inside a transaction joins it (no retry of a part) and commits once', async () => {
    const { database } = db;
    const result = await database.tx(async (outer) =>
      runInTransaction(database, async (inner) => {
        expect(inner).toBe(outer);
        return 42;
      }),
    );
    expect(result).toBe(42);
  });
});
