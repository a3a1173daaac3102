import { SITE_CONFIG_KEYS } from '@lotus/contracts/site-config';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { migrateAndSeed } from '../src/db/migrate';
import { banners, siteConfig, vendors } from '../src/db/schema';
import { DEFAULT_SITE_CONFIG } from '../src/db/seed-data/site-config';
import { waitForRedis } from '../src/lib/config-bus';
import { createClock, createTestDatabase, testEnv, usePostgres, type TestDatabase } from './helper';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAvailable = process.env.REQUIRE_REDIS === '1' || (await waitForRedis(REDIS_URL));
if (!redisAvailable) console.warn(`[db.test] Redis not reachable at ${REDIS_URL}: the multi-instance cache test is not run.`);

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('migrations and seed', () => {
  it('migrations are idempotent and the seed runs only on an empty configuration', async () => {
    const before = await db.database.db.select({ n: count() }).from(banners);
    const again = await migrateAndSeed(db.database, { seedDemo: true });
    expect(again.seeded).toBe(false);
    const after = await db.database.db.select({ n: count() }).from(banners);
    expect(after).toEqual(before);
    const keys = (await db.database.db.select({ key: siteConfig.key }).from(siteConfig))
      .map((r) => r.key)
      .sort();
    expect(keys).toEqual([...SITE_CONFIG_KEYS].sort());
  });

  it('1.CAT.01 the seed has a vendor catalogue for every game type but esports', async () => {
    const rows = await db.database.db
      .select({ type: vendors.gameType, n: count() })
      .from(vendors)
      .groupBy(vendors.gameType);
    const byType = Object.fromEntries(rows.map((r) => [r.type, r.n]));
    expect(byType).toMatchObject({
      RNG: 12,
      LIVE: 6,
      FISH: 3,
      PVP: 3,
      SPORTS: 2,
      LOTT: 2,
      ELOTT: 1,
      COCKFIGHT: 3,
    });
    expect(byType.ESPORTS).toBeUndefined();
  });
});

describe('transactions', () => {
  it('concurrent read-modify-write transactions lose no update (row lock; PGlite also serialises)', async () => {
    const { database } = db;
    await database.db
      .insert(siteConfig)
      .values({ key: 'test_counter', value: { n: 0 } })
      .onConflictDoNothing();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        database.tx(async (tx) => {
          const [row] = await tx
            .select()
            .from(siteConfig)
            .where(eq(siteConfig.key, 'test_counter'))
            .for('update');
          const n = (row!.value as { n: number }).n;
          await tx
            .update(siteConfig)
            .set({ value: { n: n + 1 } })
            .where(eq(siteConfig.key, 'test_counter'));
        }),
      ),
    );
    const [row] = await database.db.select().from(siteConfig).where(eq(siteConfig.key, 'test_counter'));
    expect(row!.value).toEqual({ n: 20 });
    await database.db.delete(siteConfig).where(eq(siteConfig.key, 'test_counter'));
  });

  // PGlite only: on PostgreSQL transactions run concurrently and the locked test above covers them.
  if (!usePostgres) it(
    'PGlite transactions are serialised: unlocked read-modify-write is still exact',
    async () => {
      const { database } = db;
      await database.db.insert(siteConfig).values({ key: 'test_counter2', value: { n: 0 } });
      await Promise.all(
        Array.from({ length: 20 }, () =>
          database.tx(async (tx) => {
            const [row] = await tx.select().from(siteConfig).where(eq(siteConfig.key, 'test_counter2'));
            await new Promise((r) => setTimeout(r, 1));
            await tx
              .update(siteConfig)
              .set({ value: { n: (row!.value as { n: number }).n + 1 } })
              .where(eq(siteConfig.key, 'test_counter2'));
          }),
        ),
      );
      const [row] = await database.db.select().from(siteConfig).where(eq(siteConfig.key, 'test_counter2'));
      expect(row!.value).toEqual({ n: 20 });
      await database.db.delete(siteConfig).where(eq(siteConfig.key, 'test_counter2'));
    },
  );

  it('a nested transaction joins the outer one, and a failure rolls back both', async () => {
    const { database } = db;
    await expect(
      database.tx(async (outer) => {
        await outer.insert(siteConfig).values({ key: 'test_nested', value: 1 });
        await database.tx(async (inner) => {
          expect(inner).toBe(outer);
          await inner.execute(sql`select 1`);
        });
        throw new Error('rollback please');
      }),
    ).rejects.toThrow('rollback please');
    const rows = await database.db.select().from(siteConfig).where(eq(siteConfig.key, 'test_nested'));
    expect(rows).toEqual([]);
  });
});

describe('configuration cache', () => {

  it('3.FLAG.01 another instance sees a change within the 1 s cache lifetime (no Redis)', async () => {
    // A clock that stands still: the cache lifetime passes when the test moves it, not while it sleeps.
    const clock = createClock({ frozen: Date.now() });
    const a = await buildApp({ db: db.database, env: testEnv(), now: clock.now });
    const b = await buildApp({ db: db.database, env: testEnv(), now: clock.now });
    try {
      const flags = async () => (await b.inject('/wps/system/whitelabel')).json().value.FREEPLAY3 as boolean;
      expect(await flags()).toBe(true); // b caches the snapshot
      await a.services.config.set('whitelabel', { ...DEFAULT_SITE_CONFIG.whitelabel, FREEPLAY3: false });
      // The writing instance sees it at once.
      expect((await a.inject('/wps/system/whitelabel')).json().value.FREEPLAY3).toBe(false);
      clock.advance(1001); // the cache lifetime (1 s) has passed
      expect(await flags()).toBe(false);
    } finally {
      await a.services.config.set('whitelabel', DEFAULT_SITE_CONFIG.whitelabel);
      await a.close();
      await b.close();
    }
  });

  // Runs when Redis answers, and always in CI (REQUIRE_REDIS=1), where a missing Redis is a failure.
  if (redisAvailable) it('3.FLAG.01 with REDIS_URL other instances drop their cache at once', async () => {
    const env = { REDIS_URL };
    // Time stands still, so b's cached snapshot never expires: only the invalidation over Redis can
    // make b see the change (no wall-clock bound that a busy machine would break).
    const clock = createClock({ frozen: Date.now() });
    const a = await buildApp({ db: db.database, env: testEnv(env), now: clock.now });
    const b = await buildApp({ db: db.database, env: testEnv(env), now: clock.now });
    try {
      const flags = async () => (await b.inject('/wps/system/whitelabel')).json().value.PWDLOGIN3 as boolean;
      expect(await flags()).toBe(true);
      await a.services.config.set('whitelabel', { ...DEFAULT_SITE_CONFIG.whitelabel, PWDLOGIN3: false });
      // The wait is a guard against a hang, not the assertion: with the clock standing still no
      // cache lifetime passes, so only the bus can make b answer false.
      await vi.waitFor(async () => expect(await flags()).toBe(false), { timeout: 10_000, interval: 10 });
    } finally {
      await a.services.config.set('whitelabel', DEFAULT_SITE_CONFIG.whitelabel);
      await a.close();
      await b.close();
    }
  });
});
