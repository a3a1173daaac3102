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
 * WebSocket is open on instance B, the operator approves the deposit on instance A (the test app).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAvailable = process.env.REQUIRE_REDIS === '1' || (await waitForRedis(REDIS_URL));
if (!redisAvailable) console.warn(`[live-updates.test] Redis not reachable at ${REDIS_URL}: the cross-instance test is not run.`);

/** An open live channel (Node's WebSocket client): the message types received so far, and how it closed. */
async function openChannel(url: string, token: string) {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/wps/live`);
  const events: string[] = [];
  const closed = new Promise<number>((resolve) => socket.addEventListener('close', (e) => resolve(e.code)));
  socket.addEventListener('message', (m) => events.push((JSON.parse(String(m.data)) as { type: string }).type));
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', reject);
  });
  socket.send(JSON.stringify({ type: 'auth', token }));
  await vi.waitFor(() => expect(events[0]).toBeDefined(), { timeout: 10_000 });
  return { events, closed, close: () => socket.close() };
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
    const stream = await openChannel(url, m.c.token!);
    const bystander = await openChannel(url, other.c.token!);
    expect(stream.events).toEqual(['ready']);

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
    const stream = await openChannel(url, m.c.token!);
    await b.close();
    closed = true;
    expect(await stream.closed).not.toBe(4401);
    expect(stream.events).toEqual(['ready']);
  });
});

describe('26 GET /wps/live', () => {
  const t = useTestApp();
  it('needs a live member session (4401 otherwise, a plain GET is not found); in one process the events need no Redis', async () => {
    expect((await t.inject({ method: 'GET', url: '/wps/live' })).statusCode).toBe(404);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const forged = await openChannel(url, 'not-a-session-token');
    expect(forged.events).toEqual(['error']);
    expect(await forged.closed).toBe(4401);

    const m = await createMember(t);
    const stream = await openChannel(url, m.c.token!);
    await fundMember(t, m.id, 500n);
    await vi.waitFor(() => expect(stream.events).toEqual(['ready', 'balance']), { timeout: 10_000 });
    stream.close();
  });
});
