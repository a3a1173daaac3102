import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openHouseDatabase, type HouseDatabase } from '../src/db/client';
import { openTestHouseDatabase } from './test-database';
import { houseSeedPairs } from '../src/db/schema';
import { createFloatStream } from '../src/fair';
import { playBet } from '../src/engine';
import { createHouseService } from '../src/house-service';
import { createSeedVault, resolveSeedKey } from '../src/seed-vault';
import { loadTitles } from '../src/titles';
import type { WalletClient } from '../src/wallet-client';

/**
 * Issue 23 #5: house server seeds the database cannot reveal, the next pair committed before the
 * player chooses its client seed, and a private data folder. The platform is a stub wallet that
 * accepts every call (the protocol itself is tested in apps/server/test/house.test.ts).
 */

const GAME = 'lotus-pond';
const titles = loadTitles();
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const acceptingWallet = {
  authenticate: async () => ({ status: 'OK', playerId: 'p-1', sessionToken: 'platform-session', currency: 'THB' }),
  balance: async () => ({ status: 'OK', balance: '100000' }),
  bet: async () => ({ status: 'OK', balance: '100000' }),
  win: async () => ({ status: 'OK', balance: '100000' }),
  rollback: async () => ({ status: 'OK', balance: '100000' }),
} as unknown as WalletClient;


const opened: HouseDatabase[] = [];
afterEach(async () => {
  while (opened.length > 0) await opened.pop()!.close();
});

async function playing(seedKey = randomBytes(32), database?: HouseDatabase) {
  const db = database ?? (await openTestHouseDatabase());
  if (!database) opened.push(db);
  const service = createHouseService({ db: db.db, wallet: acceptingWallet, titles, seeds: createSeedVault({ current: seedKey }) });
  const launched = await service.launch({ token: 'launch-token', gameCode: GAME, language: 'en' });
  if (!launched.ok) throw new Error(launched.error);
  const session = (await service.sessionOf(launched.cookie))!;
  return { db, service, session };
}

/** Every value of every house table, as an attacker with read access to the database sees them. */
async function everythingStored(db: HouseDatabase): Promise<string[]> {
  const tables = (await db.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_name like 'house_%'`,
  )) as unknown as { rows: { table_name: string }[] };
  const values: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = (await db.db.execute(sql.raw(`select * from "${table_name}"`))) as unknown as {
      rows: Record<string, unknown>[];
    };
    for (const row of rows.rows) for (const v of Object.values(row)) if (v !== null) values.push(String(v));
  }
  return values;
}

describe('issue 23 #5 house seeds the database cannot reveal', () => {
  it('issue 23 #5 with full read access to the house database an unrevealed server seed cannot be read and six spins cannot be predicted', async () => {
    const { db, service, session } = await playing();
    const fair = (await service.state(session)).fair;
    const stored = await everythingStored(db);
    // What a reader of the database tries: every stored text as the server seed of the next six spins.
    const game = titles.get(GAME)!;
    const predictions = stored
      .filter((v) => v.length >= 16)
      .map((candidate) =>
        Array.from({ length: 6 }, (_, nonce) => playBet(game, createFloatStream(candidate, fair.clientSeed, nonce)).spins[0]!.stops),
      );
    const played: number[][] = [];
    for (let i = 0; i < 6; i++) {
      const s = await service.spin(session, 10);
      if (!s.ok) throw new Error(s.error);
      played.push(s.spins[0]!.stops);
    }
    for (const predicted of predictions) expect(predicted).not.toEqual(played);

    // The seed exists (the rotation reveals it and it verifies every spin), it just was not in the database.
    const rotated = await service.rotate(session);
    if ('error' in rotated) throw new Error(rotated.error);
    const seed = rotated.revealed.serverSeed;
    expect(sha256(seed)).toBe(fair.serverSeedHash);
    expect(stored.some((v) => v.includes(seed))).toBe(false);
    expect(stored.filter((v) => sha256(v) === fair.serverSeedHash)).toEqual([]);
    expect(played).toEqual(
      Array.from({ length: 6 }, (_, nonce) => playBet(game, createFloatStream(seed, fair.clientSeed, nonce)).spins[0]!.stops),
    );
    // After the reveal the seed is stored, so the rounds list can show it.
    expect((await everythingStored(db)).includes(seed)).toBe(true);
  });

  it('issue 23 #5 a house with another seed key refuses to play a pair instead of playing another seed than the one shown', async () => {
    const { db } = await playing();
    const { service, session } = await playing(randomBytes(32), db);
    await expect(service.spin(session, 10)).rejects.toThrow(/seed key/);
  });
});

describe('issue 23 #5 the next server seed is committed before the player chooses a client seed', () => {
  it('issue 23 #5 the fair panel shows the next commitment; the player sets the client seed of that committed pair', async () => {
    const { db, service, session } = await playing();
    const before = (await service.state(session)).fair;
    expect(before.nextServerSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(before.nextServerSeedHash).not.toBe(before.serverSeedHash);
    // The committed pair exists before any client seed is chosen for it.
    const [committed] = await db.db
      .select()
      .from(houseSeedPairs)
      .where(sql`${houseSeedPairs.serverSeedHash} = ${before.nextServerSeedHash}`);
    expect(committed).toMatchObject({ status: 'next', clientSeed: null, serverSeed: null });

    // A client seed chosen against a commitment that is no longer the next one is refused, nothing moves.
    const stale = await service.rotate(session, 'my lucky seed', 'f'.repeat(64));
    expect(stale).toMatchObject({ error: 'seed_changed', fair: before });
    expect((await service.state(session)).fair).toEqual(before);

    const rotated = await service.rotate(session, 'my lucky seed', before.nextServerSeedHash);
    if ('error' in rotated) throw new Error(rotated.error);
    expect(sha256(rotated.revealed.serverSeed)).toBe(before.serverSeedHash);
    expect(rotated.fair).toMatchObject({ serverSeedHash: before.nextServerSeedHash, clientSeed: 'my lucky seed', nonce: 0 });
    expect(rotated.fair.nextServerSeedHash).not.toBe(before.nextServerSeedHash);
    const [nowActive] = await db.db
      .select()
      .from(houseSeedPairs)
      .where(sql`${houseSeedPairs.id} = ${committed!.id}`);
    expect(nowActive).toMatchObject({ status: 'active', clientSeed: 'my lucky seed', serverSeed: null });

    const s = await service.spin(session, 10);
    expect(s).toMatchObject({ ok: true, nonce: 0, serverSeedHash: before.nextServerSeedHash, clientSeed: 'my lucky seed' });
  });
});

describe('issue 23 #5 the house data folder', () => {
  const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lotus-house-'));
  const loose = (p: string) => fs.statSync(p).mode & 0o077;
  const everything = (dir: string): string[] =>
    fs.readdirSync(dir, { recursive: true }).map((name) => path.join(dir, String(name)));

  it('issue 23 #5 the house data folder is 0700 and its PGlite files and seed key are 0600 (owner only)', async () => {
    if (process.platform === 'win32') return;
    const dir = path.join(tmp(), 'house');
    const umask = process.umask(0o022); // a usual umask: files would be world-readable without care
    try {
      const seedKey = resolveSeedKey({ dataDir: dir });
      expect(seedKey).toHaveLength(32);
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(dir, 'seed.key')).mode & 0o777).toBe(0o600);
      expect(resolveSeedKey({ dataDir: dir }).equals(seedKey)).toBe(true); // kept across starts

      const pglite = path.join(dir, 'pglite');
      const database = await openHouseDatabase({ dataDir: pglite });
      await database.close();
      expect(fs.statSync(pglite).mode & 0o777).toBe(0o700);
      const files = everything(pglite);
      expect(files.length).toBeGreaterThan(10);
      expect(files.filter((f) => !fs.lstatSync(f).isSymbolicLink() && loose(f) !== 0)).toEqual([]);
    } finally {
      process.umask(umask);
    }
  });
});
