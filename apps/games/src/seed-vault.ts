import { createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { hashServerSeed } from './fair';
import { ensurePrivateDir, writePrivateFile } from './private-files';

/**
 * Server seeds the house database cannot reveal (issue 23 #5, docs/adr/0068). A pair's server seed is
 * HMAC-SHA256(house seed key, "lotus-house:server-seed:v1:" + salt) in hex: the row stores the random
 * salt, the id of the key and the seed's SHA-256 (the commitment), never the seed, until the pair is
 * revealed. The key lives outside the database: derived from the platform's master key in the
 * one-process mode (ADR 0023), HOUSE_SEED_KEY or the 0600 file `seed.key` in the house's data folder
 * when the house runs alone. With read access to the database alone an unrevealed seed is unknown.
 */

export type SeedKeys = {
  current: Buffer;
  /** The key before a rotation (the master key's LOTUS_MASTER_KEY_PREVIOUS): pairs under it stay readable. */
  previous?: Buffer | null;
};

/** A short public id of a seed key (which key a pair was derived under), never the key itself. */
export const seedKeyId = (key: Buffer): string =>
  createHash('sha256').update('lotus:house-seed-key-id:').update(key).digest('hex').slice(0, 12);

/** The house seed key of the one-process mode: derived from the platform's master key, never stored. */
export const seedKeyFromMasterKey = (masterKey: Buffer): Buffer =>
  createHmac('sha256', masterKey).update('lotus:house-seed-key:v1').digest();

export type SealedSeed = { seedSalt: string; seedKeyId: string; serverSeedHash: string };

export type SeedVault = ReturnType<typeof createSeedVault>;

export function createSeedVault(keys: SeedKeys) {
  for (const key of [keys.current, keys.previous].filter((k): k is Buffer => Boolean(k)))
    if (key.length < 32) throw new Error('a house seed key has at least 32 bytes');
  const byId = new Map<string, Buffer>([[seedKeyId(keys.current), keys.current]]);
  if (keys.previous) byId.set(seedKeyId(keys.previous), keys.previous);
  const currentId = seedKeyId(keys.current);

  const derive = (key: Buffer, salt: string) =>
    createHmac('sha256', key).update(`lotus-house:server-seed:v1:${salt}`, 'utf8').digest('hex');

  return {
    /** A new pair's seed, as stored: a random salt, the key id and the commitment (no seed). */
    seal(): SealedSeed {
      const seedSalt = randomBytes(16).toString('base64url');
      return { seedSalt, seedKeyId: currentId, serverSeedHash: hashServerSeed(derive(keys.current, seedSalt)) };
    },
    /**
     * The server seed of a stored pair, checked against its commitment: a pair under a key this process
     * does not have (or a wrong key) stops with a message instead of playing another seed than the one shown.
     */
    open(pair: { seedSalt: string | null; seedKeyId: string | null; serverSeed: string | null; serverSeedHash: string }): string {
      if (pair.serverSeed !== null) return pair.serverSeed; // revealed
      const key = pair.seedKeyId ? byId.get(pair.seedKeyId) : undefined;
      if (!key || !pair.seedSalt)
        throw new Error(
          `house seed pair under seed key ${pair.seedKeyId ?? '?'}, which this process does not have ` +
            '(the master key, or HOUSE_SEED_KEY, changed; set the previous one as well)',
        );
      const seed = derive(key, pair.seedSalt);
      if (hashServerSeed(seed) !== pair.serverSeedHash)
        throw new Error(`house seed key ${pair.seedKeyId} does not open this pair: its commitment differs`);
      return seed;
    },
  };
}

/**
 * The house seed key of the house running alone: HOUSE_SEED_KEY (base64, 32 bytes) if given, else
 * `<dataDir>/seed.key` (0600, created on first start; 'wx' so two processes starting together keep one).
 */
export function resolveSeedKey(input: { fromEnv?: string | undefined; dataDir: string }): Buffer {
  if (input.fromEnv) {
    const key = Buffer.from(input.fromEnv, 'base64');
    if (key.length !== 32) throw new Error('HOUSE_SEED_KEY must be 32 random bytes in base64 (openssl rand -base64 32)');
    return key;
  }
  const file = path.join(input.dataDir, 'seed.key');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    ensurePrivateDir(input.dataDir);
    text = randomBytes(32).toString('base64');
    try {
      writePrivateFile(file, `${text}\n`, 'wx');
    } catch (raced) {
      if ((raced as NodeJS.ErrnoException).code !== 'EEXIST') throw raced;
      text = fs.readFileSync(file, 'utf8').trim();
    }
  }
  const key = Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return key;
}
