import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the gauges read at scrape time (each may be absent: PGlite has no pool, tests build no job engine). */
export type MetricSources = {
  /** Jobs waiting or running, per queue and state (pg-boss: created, retry, active). */
  jobDepth?: () => Promise<{ queue: string; state: string; count: number }[]>;
  /** Jobs that failed after their last attempt and are kept (dead letters, 30 days), per queue. */
  jobFailures?: () => Promise<{ queue: string; count: number }[]>;
  /** The PostgreSQL pool: connections open, idle, and callers waiting for one. */
  pool?: () => { total: number; idle: number; waiting: number };
};

/** Seconds: from a cached GET (a millisecond) to a slow report (several seconds). */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The instance's Prometheus metrics (issue 26; docs/metrics.md): a registry of its own per app (tests build many
 * apps in one process), every name prefixed `lotus_`. The process metrics (CPU, memory, event-loop lag, GC) start
 * on the first scrape: an app nobody scrapes (a test, the command line) runs no event-loop monitor.
 */
export function createMetrics(sources: MetricSources = {}) {
  const registry = new Registry();
  const registers = [registry];

  const httpDuration = new Histogram({
    name: 'lotus_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method, route (the pattern, never the URL) and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const walletOperations = new Counter({
    name: 'lotus_wallet_operations_total',
    help: 'Vendor wallet protocol calls answered, by call and outcome (OK, or the refusal code such as INSUFFICIENT_FUNDS)',
    labelNames: ['call', 'outcome'] as const,
    registers,
  });

  if (sources.jobDepth) {
    const read = sources.jobDepth;
    new Gauge({
      name: 'lotus_job_queue_depth',
      help: 'Jobs waiting (created, retry) or running (active), by queue and state',
      labelNames: ['queue', 'state'] as const,
      registers,
      async collect() {
        this.reset();
        for (const row of await read()) this.set({ queue: row.queue, state: row.state }, row.count);
      },
    });
  }
  if (sources.jobFailures) {
    const read = sources.jobFailures;
    new Gauge({
      name: 'lotus_job_failed',
      help: 'Jobs that failed after their last attempt and are kept 30 days (dead letters), by queue',
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        this.reset();
        for (const row of await read()) this.set({ queue: row.queue }, row.count);
      },
    });
  }
  if (sources.pool) {
    const read = sources.pool;
    new Gauge({
      name: 'lotus_db_pool_connections',
      help: 'PostgreSQL pool connections, by state (total, idle, waiting: callers waiting for a connection)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const { total, idle, waiting } = read();
        this.set({ state: 'total' }, total);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  let processMetrics = false;
  return {
    registry,
    /** One answered request (plugins/request-log). */
    observeRequest(method: string, route: string, status: number, seconds: number) {
      httpDuration.observe({ method, route, status: `${Math.floor(status / 100)}xx` }, seconds);
    },
    /** One answered vendor wallet protocol call (modules/vendor-protocol). */
    countWalletOperation(call: string, outcome: string) {
      walletOperations.inc({ call, outcome });
    },
    /** The exposition text (starts the process metrics on the first call). */
    async scrape(): Promise<{ contentType: string; text: string }> {
      if (!processMetrics) {
        processMetrics = true;
        collectDefaultMetrics({ register: registry, prefix: 'lotus_' });
      }
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Whether an Authorization header carries this bearer token (constant time on equal lengths). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
