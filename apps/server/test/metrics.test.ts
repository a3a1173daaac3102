import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import type { FastifyInstance } from 'fastify';
import { createMember } from './factories';
import { createClock, createTestDatabase, testEnv, useTestApp, type TestDatabase } from './helper';
import { createVendor, fundMember, openSession, vendorCaller } from './vendor-client';

/**
 * Issue 26 (docs/metrics.md): Prometheus metrics for a scraper holding METRICS_TOKEN, and one log line per request
 * at most: successful reads at debug, writes and refusals at info, a failure once, with the request id.
 */
const TOKEN = 'metrics-token-of-the-scraper-0123456789';

describe('26 GET /metrics', () => {
  const t = useTestApp({ clock: createClock({ frozen: Date.now() }), env: { METRICS_TOKEN: TOKEN } });
  const scrape = (authorization?: string) =>
    t.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('refuses a scraper without the token or with another one (401, Bearer), and answers the token holder', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN.slice(0, -1)}x`, `Basic ${TOKEN}`]) {
      const res = await scrape(authorization);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('lotus_');
    }
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('times requests by route pattern (never the URL) and status class', async () => {
    for (let i = 0; i < 3; i++) expect((await t.inject('/wps/system/status')).statusCode).toBe(200);
    expect((await t.inject('/wps/no-such-call-7f3a')).statusCode).toBe(404);
    // Each request is timed once its answer has gone (onResponse): scrape until the last one is counted.
    let text = '';
    const count = (route: string, status: string) =>
      Number(
        new RegExp(
          `^lotus_http_request_duration_seconds_count\\{method="GET",route="${route}",status="${status}"\\} (\\d+)$`,
          'm',
        ).exec(text)?.[1] ?? 0,
      );
    await vi.waitFor(async () => {
      text = (await scrape(`Bearer ${TOKEN}`)).body;
      expect(count('/wps/system/status', '2xx')).toBeGreaterThanOrEqual(3);
      expect(count('\\(no route\\)', '4xx')).toBeGreaterThanOrEqual(1);
    });
    expect(text).not.toContain('no-such-call-7f3a');
    expect(text).toMatch(
      /^lotus_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/wps\/system\/status",status="2xx"\}/m,
    );
  });

  it('counts wallet operations and refusals by call and outcome', async () => {
    const v = vendorCaller(t, await createVendor(t));
    const m = await createMember(t);
    await fundMember(t, m.id, 10_000n);
    const sessionToken = await openSession(m, v);
    const ok = await v.call('wallet/balance', { playerId: String(m.id), sessionToken });
    expect(ok.json()).toMatchObject({ status: 'OK' });
    const bet = {
      requestId: 'metrics-b2',
      playerId: String(m.id),
      sessionToken,
      transactionId: 'metrics-bet-1',
      roundId: 'metrics-r1',
      gameCode: 'SLOT-7',
      currency: 'THB',
    };
    const refused = await v.call('wallet/bet', { ...bet, amount: '99999999' });
    expect(refused.json()).toMatchObject({ status: 'ERROR', code: 'INSUFFICIENT_FUNDS' });
    const badSignature = await v.call(
      'wallet/balance',
      { playerId: String(m.id), sessionToken },
      { signature: '0'.repeat(64) },
    );
    expect(badSignature.statusCode).toBe(401);

    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toMatch(/^lotus_wallet_operations_total\{call="balance",outcome="OK"\} [1-9]/m);
    expect(text).toMatch(/^lotus_wallet_operations_total\{call="bet",outcome="INSUFFICIENT_FUNDS"\} [1-9]/m);
    expect(text).toMatch(
      /^lotus_wallet_operations_total\{call="balance",outcome="INVALID_SIGNATURE"\} [1-9]/m,
    );
  });

  it('reports the job queues, the dead letters and the process (event-loop lag, memory)', async () => {
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    for (const name of [
      'lotus_job_queue_depth',
      'lotus_job_failed',
      'lotus_nodejs_eventloop_lag_seconds',
      'lotus_process_resident_memory_bytes',
    ])
      expect(text).toContain(`# TYPE ${name} `);
  });
});

describe('26 GET /metrics without METRICS_TOKEN', () => {
  const t = useTestApp();
  it('is not found: no metrics are exposed unless a token is configured', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer anything' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('lotus_');
  });
});

describe('26 one log line per request at most', () => {
  let db: TestDatabase;
  const builds: FastifyInstance[] = [];
  const lines: Record<string, unknown>[] = [];
  async function appAt(level: string) {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const app = await buildApp({ db: db.database, env: testEnv({ LOG_LEVEL: level }), logStream });
    await app.ready();
    builds.push(app);
    return app;
  }
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of builds) await app.close();
    await db?.drop();
  });
  const of = (requestId: string) => lines.filter((l) => l.reqId === requestId);

  it('at info: a successful read writes nothing; a refused write writes one line with its request id, route, status and redacted query', async () => {
    const app = await appAt('info');
    const read = await app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { 'x-request-id': 'log-read-1' },
    });
    expect(read.statusCode).toBe(200);
    const write = await app.inject({
      method: 'POST',
      url: '/wps/session/login?token=secret-in-query-9d2e',
      headers: { 'x-request-id': 'log-write-1' },
      payload: {},
    });
    expect(write.statusCode).toBe(400);
    // The line is written once the answer has gone (onResponse), which may be just after inject resolves.
    await vi.waitFor(() => expect(of('log-write-1')).toHaveLength(1));
    expect(of('log-read-1')).toEqual([]);
    const written = of('log-write-1');
    expect(written[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'POST',
      route: '/wps/session/login',
      status: 400,
    });
    expect(written[0]!.url).toBe('/wps/session/login?token=[redacted]');
    expect(typeof written[0]!.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-in-query-9d2e');
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
  });

  it('at debug: the successful read is one line too', async () => {
    const app = await appAt('debug');
    await app.inject({ method: 'GET', url: '/wps/system/status', headers: { 'x-request-id': 'log-read-2' } });
    await vi.waitFor(() => expect(of('log-read-2')).toHaveLength(1));
    const written = of('log-read-2');
    expect(written[0]).toMatchObject({
      level: 20,
      msg: 'request',
      method: 'GET',
      route: '/wps/system/status',
      status: 200,
    });
  });
});
