import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { waitForRedis } from '../src/lib/config-bus';
import { bankDeposit, createChannel } from './deposit-helpers';
import { createMember } from './factories';
import { testEnv, useTestApp } from './helper';
import { fundMember } from './vendor-client';

/**
 * Issue 26 (docs/adr/0090): a member's open page hears that its balance moved or a message arrived, whichever
 * instance made the change. Two app instances share one database (and, with REDIS_URL, one Redis); the member's
 * stream is open on instance B, the operator approves the deposit on instance A (the test app).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAvailable = process.env.REQUIRE_REDIS === '1' || (await waitForRedis(REDIS_URL));
if (!redisAvailable) console.warn(`[live-updates.test] Redis not reachable at ${REDIS_URL}: the cross-instance test is not run.`);

/** An open live stream: the event names read so far. */
async function openStream(url: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${url}/wps/live`, { headers: { authorization: token }, signal: controller.signal });
  const events: string[] = [];
  const reading = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (const match of buffer.matchAll(/^event: (\w+)$/gm)) events.push(match[1]!);
        buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
      }
    } catch {
      // aborted by close()
    }
  })();
  await vi.waitFor(() => expect(events).toContain('ready'), { timeout: 10_000 });
  return { response, events, ended: reading, close: () => controller.abort() };
}

describe.runIf(redisAvailable)('26 live updates across instances (Redis)', () => {
  const t = useTestApp({ env: { REDIS_URL } });
  let b: FastifyInstance;
  let url: string;
  let bank: string;
  beforeAll(async () => {
    bank = await createChannel(t, { kind: 'bank_transfer', min: '100.00', max: '50000.00', dailyLimit: '200000.00' });
    b = await buildApp({ db: t.db.database, env: testEnv({ REDIS_URL }), logger: false });
    await b.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
  });
  let closed = false;
  afterAll(async () => {
    if (!closed) await b?.close();
  });

  it('a deposit approved on one instance reaches the member connected to another: balance, then message', async () => {
    const m = await createMember(t);
    const other = await createMember(t);
    const stream = await openStream(url, m.c.token!);
    const bystander = await openStream(url, other.c.token!);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');

    const deposit = (await bankDeposit(m.c, bank, '700.00')).json() as { value: { deposit: { id: string } } };
    expect((await t.ops('POST', `/ops/deposits/${deposit.value.deposit.id}/approve`, {})).statusCode).toBe(200);
    await t.app.services.platform.outbox.drain();
    await vi.waitFor(() => expect(stream.events).toEqual(expect.arrayContaining(['balance', 'message'])), { timeout: 10_000 });
    expect(stream.events.indexOf('balance')).toBeLessThan(stream.events.lastIndexOf('message'));
    // Nobody else hears of it.
    expect(bystander.events).toEqual(['ready']);
    stream.close();
    bystander.close();
  });

  it('a draining instance ends its streams (the page opens one again through the proxy)', async () => {
    const m = await createMember(t);
    const stream = await openStream(url, m.c.token!);
    await b.close();
    closed = true;
    await stream.ended;
    expect(stream.events).toEqual(['ready']);
  });
});

describe('26 GET /wps/live', () => {
  const t = useTestApp();
  it('needs a member session (401 without one); in one process the events need no Redis', async () => {
    expect((await t.inject({ method: 'GET', url: '/wps/live' })).statusCode).toBe(401);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const m = await createMember(t);
    const stream = await openStream(url, m.c.token!);
    await fundMember(t, m.id, 500n);
    await vi.waitFor(() => expect(stream.events).toEqual(['ready', 'balance']), { timeout: 10_000 });
    stream.close();
  });
});
