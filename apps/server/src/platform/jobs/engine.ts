import { createHash } from 'node:crypto';
import { PgBoss, type JobWithMetadata, type Queue } from 'pg-boss';
import type { Database } from '../../db/client';
import { isRetryableTransactionError } from '../tx';
import { importPgBoss10, setAsidePgBoss10 } from './pg-boss-10';
import { pgBossDb, type PgBossDb } from './pg-boss-db';

/**
 * The job engine (docs/adr/0025-job-engine-and-outbox.md): pg-boss on the app's own database,
 * PostgreSQL or the embedded PGlite. Modules define named jobs (a handler, retries), optionally on
 * a schedule; the engine runs them:
 * - in workers (pg-boss polling, SKIP LOCKED: one instance takes a job) when started with
 *   `workers: true` (the server); test apps leave them off and run due work with `runDue()`;
 * - in process right away after a `nudge(name)` (the outbox's after-commit delivery), so work that
 *   was just made does not wait for the next poll.
 * A job that throws is retried with exponential backoff and jitter (pg-boss) until its attempts are
 * spent; it then stays `failed` (a dead letter), listed by `failed()` for the operator. pg-boss 12
 * since ADR 0066; a database pg-boss 10 used is carried over on the first start (pg-boss-10.ts).
 */
export type JobContext = { id: string; name: string; retryCount: number; retryLimit: number };

export type JobDefinition<T extends object = object> = {
  /** Queue name: letters, digits, '-' and '_'. */
  name: string;
  handler: (data: T, job: JobContext) => Promise<void>;
  /** Retries after the first attempt (default 4: five attempts). */
  retryLimit?: number;
  /** Seconds before the first retry, doubled (with jitter) at each next one (default 30). */
  retryDelaySeconds?: number;
  /** Exponential backoff with jitter between retries (default true); false: a fixed delay. */
  retryBackoff?: boolean;
  /** A job running longer than this is taken as lost and retried (default 15 minutes). */
  expireInSeconds?: number;
  /** Runs the job every `everyMs` milliseconds, once per period across all instances. */
  schedule?: { everyMs: number };
};

export type DeadLetter = {
  id: string;
  queue: string;
  data: unknown;
  error: string;
  attempts: number;
  createdAt: string;
  failedAt: string;
};

export type JobEngineOptions = {
  /** Poll interval of the workers in seconds (pg-boss minimum 0.5; default 2). */
  pollingIntervalSeconds?: number;
  /** How often each instance looks for a schedule period that has begun, in ms (default 30 s). */
  scheduleCheckMs?: number;
};

export type StartOptions = {
  /** Run pg-boss workers and the schedule check in the background (the server); default false. */
  workers: boolean;
};

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** How long a completed or failed job is kept (dead letters are listed that long): 30 days. */
const KEEP_SECONDS = 30 * 86_400;

/** A UUID derived from a name (RFC 4122 layout, version 5 bits): the job id of a schedule period. */
export function stableUuid(name: string): string {
  const h = createHash('sha256').update(name).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const errorText = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 2000) : String(error).slice(0, 2000);

export function createJobEngine(deps: {
  database: Pick<Database, 'raw' | 'tx' | 'db'>;
  log: Log;
  /** The clock that decides schedule periods (tests move it). */
  now?: () => number;
  options?: JobEngineOptions;
}) {
  const now = deps.now ?? Date.now;
  const options = deps.options ?? {};
  const db: PgBossDb = pgBossDb(deps.database);
  const createBoss = (supervise: boolean) => {
    const created = new PgBoss({
      db,
      backend: deps.database.raw.kind === 'pglite' ? 'pglite' : 'postgres',
      // pg-boss's own cron is minute-grained and follows the instance and database clocks; our
      // schedules are periods of the app clock with one job id per period (tick() below).
      schedule: false,
      // Maintenance (expire jobs whose worker died, delete old jobs, index upkeep) where workers
      // run; pg-boss lets one instance at a time do it. Those instances also record themselves in
      // pg-boss's instance table; test apps and the command line do not.
      supervise,
      registerInstance: supervise,
      migrate: true,
    });
    created.on('error', (error: unknown) => deps.log.error({ err: error }, 'job engine error'));
    created.on('warning', (warning) =>
      deps.log.warn({ data: warning.data }, `job engine: ${warning.message}`),
    );
    return created;
  };
  let boss = createBoss(false);

  const definitions = new Map<string, JobDefinition>();
  const inFlight = new Set<Promise<unknown>>();
  const nudged = new Map<string, { again: boolean }>();
  let started = false;
  let stopping = false;
  let workers = false;
  let scheduleTimer: NodeJS.Timeout | null = null;

  async function ensureQueue(def: JobDefinition) {
    const queue = {
      retryLimit: def.retryLimit ?? 4,
      retryDelay: def.retryDelaySeconds ?? 30,
      retryBackoff: def.retryBackoff ?? true,
      expireInSeconds: def.expireInSeconds ?? 15 * 60,
      // Completed and failed jobs are kept 30 days (a dead letter is listed that long; a job id
      // is not taken again while its job is kept). Waiting jobs: pg-boss's 14 days.
      deleteAfterSeconds: KEEP_SECONDS,
    } satisfies Omit<Queue, 'name'>;
    // Instances starting together create the same queues: PostgreSQL may abort one with a
    // deadlock (40P01) while both add the queue; the loser finds the queue made.
    for (let attempt = 1; ; attempt++) {
      try {
        if (await boss.getQueue(def.name)) await boss.updateQueue(def.name, queue);
        else await boss.createQueue(def.name, queue);
        break;
      } catch (error) {
        if (attempt >= 5 || !isRetryableTransactionError(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * attempt));
      }
    }
    if (workers) {
      await boss.work(
        def.name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1, includeMetadata: true },
        async (jobs: JobWithMetadata<object>[]) => {
          for (const job of jobs) await def.handler(job.data, context(job));
        },
      );
    }
  }

  const context = (job: JobWithMetadata<object>): JobContext => ({
    id: job.id,
    name: job.name,
    retryCount: job.retryCount,
    retryLimit: job.retryLimit,
  });

  /** Queue set-up of jobs defined after start(); sends and runs wait for it. */
  let setup: Promise<void> = Promise.resolve();

  /** Registers a job (modules at composition; tests may add theirs after start). */
  function define<T extends object>(def: JobDefinition<T>) {
    if (!/^[A-Za-z0-9_-]+$/.test(def.name)) throw new Error(`bad job name ${def.name}`);
    if (definitions.has(def.name)) throw new Error(`job ${def.name} is defined twice`);
    const stored = def as unknown as JobDefinition;
    definitions.set(def.name, stored);
    if (started) {
      setup = setup
        .then(() => ensureQueue(stored))
        .catch((error: unknown) => deps.log.error({ err: error, job: def.name }, 'job queue set-up failed'));
    }
  }

  /**
   * Starts pg-boss, once more when it lost the race to create its schema: two instances starting
   * together on a fresh PostgreSQL database both run CREATE SCHEMA IF NOT EXISTS, and one of them can
   * fail on the catalogue's unique index (pg_namespace, pg_type) - pg-boss retries only its own race
   * message. The unique violation is raised only once the other instance's statement committed, so
   * starting again at once finds the schema (CI saw this in the two-instance upgrade test).
   */
  async function startBoss() {
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.start();
        return;
      } catch (error) {
        const e = error as { code?: string; message?: string };
        const lostSchemaRace = e.code === '23505' && /pg_namespace|pg_type|pg_class/.test(e.message ?? '');
        if (!lostSchemaRace || attempt >= 3) throw error;
        deps.log.warn({ err: error, attempt }, 'job engine: another instance created the job schema first; starting again');
      }
    }
  }

  /**
   * Creates pg-boss's schema (idempotent; a pg-boss 10 one is carried over) and the queues; with
   * workers, starts them.
   */
  async function start(startOptions: StartOptions) {
    if (started) return;
    workers = startOptions.workers;
    if (workers) boss = createBoss(true);
    await setAsidePgBoss10(deps.database);
    await startBoss();
    started = true;
    for (const def of definitions.values()) await ensureQueue(def);
    const copied = await importPgBoss10(
      deps.database,
      (name, queue) => boss.createQueue(name, queue),
      async (name) => (await boss.getQueue(name)) !== null,
      { deleteAfterSeconds: KEEP_SECONDS },
    );
    // Once per database, on the first start after the upgrade: worth a line above the usual level. Only the
    // instance whose import copied the jobs says so: when two start together, one may set the old schema
    // aside and the other copy it, and the line was printed twice (a flaky PostgreSQL test).
    if (copied !== null) {
      deps.log.warn({ jobs: copied }, 'job engine: the jobs of pg-boss 10 were carried over to pg-boss 12');
    }
    if (workers) {
      const check = () => {
        const p = tick().catch((error: unknown) => deps.log.warn({ err: error }, 'schedule check failed'));
        track(p);
      };
      check();
      scheduleTimer = setInterval(check, options.scheduleCheckMs ?? 30_000);
      scheduleTimer.unref();
    }
  }

  /** Queues a job; `id` makes it idempotent (a second send with the same id is ignored: null). */
  async function send(name: string, data: object, sendOptions: { id?: string; startAfter?: Date } = {}) {
    await setup;
    return boss.send(name, data, {
      ...(sendOptions.id ? { id: sendOptions.id } : {}),
      ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
    });
  }

  /**
   * Schedules: for each job with a schedule, the period that holds `now()` is sent once under a
   * job id derived from (name, period start). Every instance does this; the database keeps the
   * first insert and ignores the others (same primary key), so a period runs once across instances.
   * A period is only sent while it lasts, so a restart never replays an old one.
   */
  async function tick(): Promise<number> {
    await setup;
    let sent = 0;
    const t = now();
    for (const def of definitions.values()) {
      if (!def.schedule) continue;
      const period = Math.floor(t / def.schedule.everyMs) * def.schedule.everyMs;
      const id = stableUuid(`schedule:${def.name}:${period}`);
      if (await boss.send(def.name, { period: new Date(period).toISOString() }, { id })) sent += 1;
    }
    return sent;
  }

  async function runOne(def: JobDefinition, job: JobWithMetadata<object>) {
    // Settled as the attempt that was fetched: if it expired meanwhile and was taken again, the
    // newer attempt's outcome stands.
    const attempt = { id: job.id, retryCount: job.retryCount };
    try {
      await def.handler(job.data, context(job));
      await boss.complete(def.name, attempt);
    } catch (error) {
      deps.log.warn({ err: error, job: def.name, id: job.id, retryCount: job.retryCount }, 'job failed');
      await boss.fail(def.name, attempt, { message: errorText(error) });
    }
  }

  /**
   * Runs, in this process, every job of these queues (default all) that is due now, until none is
   * left (jobs a run makes due are taken too). Returns how many ran. Jobs waiting for a retry
   * delay are not due. Safe beside workers and other instances (pg-boss takes a job once).
   */
  async function runDue(names: string[] = [...definitions.keys()]): Promise<number> {
    await setup;
    let ran = 0;
    for (;;) {
      let progressed = false;
      for (const name of names) {
        const def = definitions.get(name);
        if (!def) throw new Error(`unknown job ${name}`);
        const jobs = await boss.fetch<object>(name, { batchSize: 10, includeMetadata: true });
        for (const job of jobs) {
          progressed = true;
          ran += 1;
          await runOne(def, job);
        }
      }
      if (!progressed) return ran;
    }
  }

  function track<T>(p: Promise<T>) {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }

  /**
   * Runs the due jobs of one queue in the background now (after a commit made work). Nudges that
   * arrive while a run is going make it go round once more; `idle()` waits for them.
   */
  function nudge(name: string) {
    if (!started || stopping) return;
    const running = nudged.get(name);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    nudged.set(name, state);
    const p = (async () => {
      try {
        do {
          state.again = false;
          await runDue([name]);
        } while (state.again && !stopping);
      } catch (error) {
        deps.log.warn({ err: error, job: name }, 'job run after commit failed');
      } finally {
        nudged.delete(name);
      }
    })();
    track(p);
  }

  /** Waits until no nudge or schedule check of this process is running. */
  async function idle() {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  }

  /** Jobs that failed after their last attempt (newest first), kept 30 days. */
  async function failed(limit = 100): Promise<DeadLetter[]> {
    const { rows } = (await db.executeSql(
      `select id, name, data, output, retry_count, created_on, completed_on from pgboss.job
       where state = 'failed' order by completed_on desc limit $1`,
      [limit],
    )) as { rows: Record<string, unknown>[] };
    return rows.map((r) => {
      const output = r.output as { message?: unknown } | null;
      return {
        id: String(r.id),
        queue: String(r.name),
        data: r.data ?? null,
        error: typeof output?.message === 'string' ? output.message : JSON.stringify(output ?? null),
        attempts: Number(r.retry_count) + 1,
        createdAt: new Date(r.created_on as string).toISOString(),
        failedAt: new Date(r.completed_on as string).toISOString(),
      };
    });
  }

  /** Jobs waiting (created, retry) or running (active), per queue and state (the metrics' queue depth). */
  async function depth(): Promise<{ queue: string; state: string; count: number }[]> {
    const { rows } = (await db.executeSql(
      `select name, state, count(*)::int as count from pgboss.job
       where state in ('created', 'retry', 'active') group by name, state`,
      [],
    )) as { rows: { name: string; state: string; count: number }[] };
    return rows.map((r) => ({ queue: r.name, state: r.state, count: Number(r.count) }));
  }

  /** Dead letters kept (failed after the last attempt), per queue (the metrics' job failures). */
  async function failedCounts(): Promise<{ queue: string; count: number }[]> {
    const { rows } = (await db.executeSql(
      `select name, count(*)::int as count from pgboss.job where state = 'failed' group by name`,
      [],
    )) as { rows: { name: string; count: number }[] };
    return rows.map((r) => ({ queue: r.name, count: Number(r.count) }));
  }

  /** One job with its state (tests, support), while it is kept. */
  async function getJob(name: string, id: string): Promise<JobWithMetadata<object> | null> {
    return (await boss.findJobs<object>(name, { id }))[0] ?? null;
  }

  /** Stops workers and the schedule check, waits for in-process runs, then stops pg-boss. */
  async function stop() {
    if (!started || stopping) return;
    stopping = true;
    if (scheduleTimer) clearInterval(scheduleTimer);
    await idle();
    // Resolves once the workers' running jobs are done (up to 5 s); the database stays open (ours).
    await boss.stop({ graceful: true, timeout: 5000 });
    started = false;
  }

  /** Started and not stopping (the readiness check: an instance whose job engine is down is not ready). */
  const running = () => started && !stopping;

  return { define, start, send, tick, runDue, nudge, idle, failed, depth, failedCounts, getJob, stop, running };
}

export type JobEngine = ReturnType<typeof createJobEngine>;
