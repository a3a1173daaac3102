import { randomInt } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { waitForRedis } from '../src/lib/config-bus';
import { PROTOCOL_TIMINGS } from '../src/modules/vendor-protocol/vendor-protocol.service';
import { createClock, createTestDatabase, tempDir, testEnv, type TestDatabase } from './helper';
import { sign } from './vendor-client';

/**
 * issue 23 #1 (docs/vendor-protocol.md "2. Signing", ADR 0071): the limit of bad signatures per address is one
 * count for every instance behind the balancer (Redis with REDIS_URL), not a burst per instance. Two app
 * instances share one database and one Redis; time stands still unless the test moves it.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAvailable = process.env.REQUIRE_REDIS === '1' || (await waitForRedis(REDIS_URL));
if (!redisAvailable) console.warn(`[vendor-badsig-instances.test] Redis not reachable at ${REDIS_URL}: the cross-instance test is not run.`);

let db: TestDatabase;
/** One data folder for both instances: they share the master key that wraps the vendor secrets. */
const DATA_DIR = path.join(tempDir(), 'data');
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

let calls = 0;
/** A games/sync call (no games) from `address`, signed with `secret`; its HTTP status and protocol status. */
async function syncFrom(app: FastifyInstance, address: string, vendor: { code: string; secret: string }, at: number) {
  calls += 1;
  const raw = JSON.stringify({ requestId: `badsig-${calls}`, games: [] });
  const res = await app.inject({
    method: 'POST',
    url: '/vendor/v1/games/sync',
    headers: {
      'content-type': 'application/json',
      'x-vendor-code': vendor.code,
      'x-timestamp': String(at),
      'x-signature': sign(vendor.secret, 'games/sync', String(at), raw),
    },
    payload: raw,
    remoteAddress: address,
  });
  return `${res.statusCode} ${(res.json() as { status: string }).status}`;
}

describe('issue 23 #1: bad signatures across instances', () => {
  it('with REDIS_URL and no Redis answering, the protocol is served and the limit counts in each instance', async () => {
    // Frozen 5 s into a window of the app clock: moving it by the read cache below stays in the same window.
    const windowMs = PROTOCOL_TIMINGS.badSignatureWindowMs;
    const clock = createClock({ frozen: Math.floor(Date.now() / windowMs) * windowMs + 5_000 });
    // Port 1: nothing listens, every connection is refused.
    const app = await buildApp({ db: db.database, env: testEnv({ REDIS_URL: 'redis://127.0.0.1:1', DATA_DIR }), now: clock.now });
    try {
      const { secret } = await app.services.vendor.ops.add({ code: 'NOREDIS', name: 'No Redis vendor', launchUrl: 'https://noredis.example/launch' }, async () => undefined);
      const vendor = { code: 'NOREDIS', secret };
      const forged = { code: 'NOREDIS', secret: 'not-the-secret-'.repeat(3) };
      const address = '192.0.2.41';
      expect(await syncFrom(app, address, vendor, clock.now())).toBe('200 OK');
      const answers: string[] = [];
      for (let i = 0; i < PROTOCOL_TIMINGS.badSignatureBurst; i++) answers.push(await syncFrom(app, address, forged, clock.now()));
      expect(answers).toEqual(Array<string>(PROTOCOL_TIMINGS.badSignatureBurst).fill('401 ERROR'));
      expect(await syncFrom(app, address, vendor, clock.now())).toBe('429 ERROR');
      expect(await syncFrom(app, '192.0.2.42', vendor, clock.now())).toBe('200 OK');
    } finally {
      await app.close();
    }
  });

  if (redisAvailable) it('with REDIS_URL a burst split across two instances is answered 429 once the total passes it', async () => {
    const env = { REDIS_URL, DATA_DIR };
    // Frozen 5 s into a window of the app clock: moving it by the read cache below stays in the same window.
    const windowMs = PROTOCOL_TIMINGS.badSignatureWindowMs;
    const clock = createClock({ frozen: Math.floor(Date.now() / windowMs) * windowMs + 5_000 });
    const a = await buildApp({ db: db.database, env: testEnv(env), now: clock.now });
    const b = await buildApp({ db: db.database, env: testEnv(env), now: clock.now });
    try {
      const { secret } = await a.services.vendor.ops.add({ code: 'BADSIG', name: 'Bad signature vendor', launchUrl: 'https://badsig.example/launch' }, async () => undefined);
      const vendor = { code: 'BADSIG', secret };
      const forged = { code: 'BADSIG', secret: 'not-the-secret-'.repeat(3) };
      // Two addresses of one IPv6 /64 (one subscriber, counted as one: security #16), new on every run so a
      // count an earlier run left in Redis is not read.
      const net = `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
      const onA = `${net}::a`;
      const onB = `${net}::b`;
      const burst = PROTOCOL_TIMINGS.badSignatureBurst;
      const answers: string[] = [];
      // One short of the burst, alternating between the instances: each has seen only half of it.
      for (let i = 0; i < burst - 1; i++) answers.push(await syncFrom(i % 2 === 0 ? a : b, i % 2 === 0 ? onA : onB, forged, clock.now()));
      expect(answers).toEqual(Array<string>(burst - 1).fill('401 ERROR'));
      // Under the burst, a right signature from the same address is served.
      expect(await syncFrom(b, onB, vendor, clock.now())).toBe('200 OK');
      // The burst's last bad signature is still answered 401; the instance that counted it answers 429 at once,
      // the other once its read of the shared count is older than the read cache (a second): from then on the
      // address is answered 429 on either instance, whatever it sends (each alone has seen about half the burst).
      expect(await syncFrom(a, onA, forged, clock.now())).toBe('401 ERROR');
      expect(await syncFrom(a, onA, vendor, clock.now())).toBe('429 ERROR');
      clock.advance(PROTOCOL_TIMINGS.badSignatureReadCacheMs);
      expect(await syncFrom(b, onB, forged, clock.now())).toBe('429 ERROR');
      expect(await syncFrom(a, onA, vendor, clock.now())).toBe('429 ERROR');
      expect(await syncFrom(b, onB, vendor, clock.now())).toBe('429 ERROR');
      // Another address is served meanwhile.
      expect(await syncFrom(b, '198.51.100.23', vendor, clock.now())).toBe('200 OK');
      // The window ends with the app's clock (not Redis's real-time expiry): the address is served again.
      clock.advance(windowMs);
      expect(await syncFrom(b, onB, vendor, clock.now())).toBe('200 OK');
      expect(await syncFrom(a, onA, forged, clock.now())).toBe('401 ERROR');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
