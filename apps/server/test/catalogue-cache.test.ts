import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { waitForRedis } from '../src/lib/config-bus';
import path from 'node:path';
import { createClock, createTestDatabase, tempDir, testEnv, type TestDatabase } from './helper';
import { sign } from './vendor-client';

/**
 * Catalogue lists are cached per instance (docs/adr/0037-game-catalogue.md): a sync drops the cache of
 * the instance that ran it at once, of the others through Redis when REDIS_URL is set, and otherwise
 * within the cache lifetime (5 s). Two app instances share one database; time stands still unless moved.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAvailable = process.env.REQUIRE_REDIS === '1' || (await waitForRedis(REDIS_URL));
if (!redisAvailable) console.warn(`[catalogue-cache.test] Redis not reachable at ${REDIS_URL}: the cross-instance test is not run.`);

let db: TestDatabase;
/** One data folder for every instance: they share the master key that wraps the server keys. */
const DATA_DIR = path.join(tempDir(), 'data');
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

let n = 0;
async function vendorOn(app: FastifyInstance) {
  n += 1;
  const code = `CC${Date.now().toString(36).slice(-5).toUpperCase()}${n}`;
  const { secret } = await app.services.vendor.ops.add({ code, name: 'Cache vendor', launchUrl: 'https://cache.example/launch' }, async () => undefined);
  return { code, secret };
}
async function syncOn(app: FastifyInstance, now: number, vendor: { code: string; secret: string }, codes: string[]) {
  const raw = JSON.stringify({
    requestId: `cache-${now}-${codes.join('-')}`,
    games: codes.map((gameCode) => ({
      gameCode,
      gameType: 'RNG',
      names: { th: gameCode, en: gameCode },
      classification: 'VIDEO_SLOT',
      minBet: '10',
      lines: 10,
      thumbnailUrl: `/media/${gameCode}.svg`,
      isHot: false,
      freePlay: false,
      status: 'ACTIVE',
    })),
  });
  const res = await app.inject({
    method: 'POST',
    url: '/vendor/v1/games/sync',
    headers: { 'content-type': 'application/json', 'x-vendor-code': vendor.code, 'x-timestamp': String(now), 'x-signature': sign(vendor.secret, 'games/sync', String(now), raw) },
    payload: raw,
  });
  expect(res.json()).toMatchObject({ status: 'OK' });
}
const codesOn = async (app: FastifyInstance, vendor: string) =>
  ((await app.inject(`/wps/relay/GCSGAME_gameList?vassalage=${vendor}`)).json().value.games as { gameCode: string }[]).map((g) => g.gameCode);

describe('catalogue cache across instances', () => {
  it('without Redis another instance sees a sync once its cached list is 5 s old; the syncing instance at once', async () => {
    const clock = createClock({ frozen: Date.now() });
    const a = await buildApp({ db: db.database, env: testEnv({ DATA_DIR }), now: clock.now });
    const b = await buildApp({ db: db.database, env: testEnv({ DATA_DIR }), now: clock.now });
    try {
      const v = await vendorOn(a);
      await syncOn(a, clock.now(), v, ['ONE']);
      expect(await codesOn(b, v.code)).toEqual(['ONE']); // b caches this answer
      await syncOn(a, clock.now(), v, ['ONE', 'TWO']);
      expect(await codesOn(a, v.code)).toEqual(['ONE', 'TWO']);
      expect(await codesOn(b, v.code)).toEqual(['ONE']);
      clock.advance(5_000);
      expect(await codesOn(b, v.code)).toEqual(['ONE', 'TWO']);
    } finally {
      await a.close();
      await b.close();
    }
  });

  if (redisAvailable) it('with REDIS_URL another instance drops its cached lists at once', async () => {
    const env = { REDIS_URL, DATA_DIR };
    const clock = createClock({ frozen: Date.now() });
    const a = await buildApp({ db: db.database, env: testEnv(env), now: clock.now });
    const b = await buildApp({ db: db.database, env: testEnv(env), now: clock.now });
    try {
      const v = await vendorOn(a);
      await syncOn(a, clock.now(), v, ['ONE']);
      expect(await codesOn(b, v.code)).toEqual(['ONE']);
      await syncOn(a, clock.now(), v, ['ONE', 'TWO']);
      // Time stands still: only the message over Redis can make b answer the new list.
      await vi.waitFor(async () => expect(await codesOn(b, v.code)).toEqual(['ONE', 'TWO']), { timeout: 10_000, interval: 10 });
    } finally {
      await a.close();
      await b.close();
    }
  });
});
