import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Provably fair randomness (docs/games/provably-fair.md), the scheme the big crypto casinos publish so
 * their verifiers work: outcome bytes = HMAC-SHA256(key = server seed, message = `<clientSeed>:<nonce>:<round>`)
 * for round 0, 1, 2...; float i takes bytes 4(i mod 8) .. 4(i mod 8)+3 of round floor(i / 8) and is
 * b0/256 + b1/256^2 + b2/256^3 + b3/256^4 in [0, 1); a reel stop is floor(float x strip length).
 * The seeds are used as their UTF-8 text (a hex server seed is not decoded), as those verifiers do.
 */

export const FLOATS_PER_ROUND = 8;

/** The commitment shown before play: SHA-256 of the server seed's text, hex. */
export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/** A new server seed: 32 random bytes as 64 hex characters. */
export function createServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** A default client seed (the player may replace it): 10 random bytes as 20 hex characters. */
export function createClientSeed(): string {
  return randomBytes(10).toString('hex');
}

/** The 32 outcome bytes of one round. */
export function roundBytes(serverSeed: string, clientSeed: string, nonce: number, round: number): Buffer {
  return createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`, 'utf8').digest();
}

/** Float from 4 bytes in order: b0/256 + b1/256^2 + b2/256^3 + b3/256^4 (exact in a double). */
export function bytesToFloat(b0: number, b1: number, b2: number, b3: number): number {
  return b0 / 256 + b1 / 256 ** 2 + b2 / 256 ** 3 + b3 / 256 ** 4;
}

/** The first `count` floats of a bet. */
export function generateFloats(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  count: number,
): number[] {
  const stream = createFloatStream(serverSeed, clientSeed, nonce);
  return Array.from({ length: count }, (_, i) => stream(i));
}

/** Float i of a bet, computing each round's HMAC once, in order of need. */
export function createFloatStream(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
): (index: number) => number {
  const rounds = new Map<number, Buffer>();
  return (index) => {
    const round = Math.floor(index / FLOATS_PER_ROUND);
    let bytes = rounds.get(round);
    if (!bytes) {
      bytes = roundBytes(serverSeed, clientSeed, nonce, round);
      rounds.set(round, bytes);
    }
    const o = (index % FLOATS_PER_ROUND) * 4;
    return bytesToFloat(bytes[o]!, bytes[o + 1]!, bytes[o + 2]!, bytes[o + 3]!);
  };
}

/** A reel stop: floor(float x strip length). */
export function reelStop(float: number, stripLength: number): number {
  return Math.floor(float * stripLength);
}
