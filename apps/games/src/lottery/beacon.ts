import { bls12_381 } from '@noble/curves/bls12-381.js';
import { createHash, createHmac, hkdfSync } from 'node:crypto';

/**
 * The electronic draws' randomness beacon (ELOTT): a draw commits in advance to the first drand round
 * published at or after its close time plus a margin, and its result is drawn from that round only:
 * randomness = sha256(signature); digits come from HMAC-SHA256(key = randomness, `<drawId>:<c>`) for
 * c = 0, 1, 2..., each byte b < 250 giving b mod 10 (bytes >= 250 are skipped so every digit is equally
 * likely). A round that cannot be had voids the draw; nothing here falls back to a local RNG.
 *
 * The beacon is an adapter: drand quicknet where the server reaches it, a sandbox beacon with its own
 * BLS key in the embedded demo. Both sign the same message with the same scheme, so one verifier
 * (verifyRound) checks either, given the chain's public key.
 */

export type BeaconChain = 'quicknet' | 'sandbox';

/** drand's scheme id for unchained rounds, G1 signatures, G2 public key, RFC 9380 hash to curve. */
export const BEACON_SCHEME = 'bls-unchained-g1-rfc9380';

/** The scheme's hash-to-G1 domain tag. Passed explicitly so a library default can never change it. */
export const BEACON_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

export type ChainInfo = {
  chain: BeaconChain;
  /** Hex, 64 characters: drand's chain hash for quicknet (its HTTP path), the sandbox's own id otherwise. */
  chainHash: string;
  /** Compressed G2 point, 96 bytes as 192 hex characters. */
  publicKeyHex: string;
  /** Publication time of round 1, UNIX seconds. */
  genesisSeconds: number;
  periodSeconds: number;
  scheme: typeof BEACON_SCHEME;
};

/** drand quicknet, as its /info answers (the League of Entropy's 3 s unchained chain). */
export const QUICKNET: Readonly<ChainInfo> = Object.freeze({
  chain: 'quicknet',
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKeyHex:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesisSeconds: 1692803367,
  periodSeconds: 3,
  scheme: BEACON_SCHEME,
});

const SIGNATURE_HEX = /^[0-9a-f]{96}$/i;
const bls = bls12_381.shortSignatures;

function assertRound(round: number): void {
  if (!Number.isSafeInteger(round) || round < 1) throw new RangeError(`invalid beacon round: ${round}`);
}

/** The message of an unchained round: sha256 of the round as an 8-byte big-endian unsigned integer. */
export function roundMessage(round: number): Buffer {
  if (!Number.isSafeInteger(round) || round < 0) throw new RangeError(`invalid beacon round: ${round}`);
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(round));
  return createHash('sha256').update(bytes).digest();
}

// Decoding a G2 key checks its subgroup, which is not free; a process sees one or two keys.
const publicKeys = new Map<string, ReturnType<typeof bls12_381.G2.Point.fromHex>>();
function publicKeyOf(hex: string): ReturnType<typeof bls12_381.G2.Point.fromHex> {
  let key = publicKeys.get(hex);
  if (!key) {
    key = bls12_381.G2.Point.fromHex(hex);
    if (key.is0()) throw new Error('public key is the point at infinity');
    publicKeys.set(hex, key);
  }
  return key;
}

/**
 * Whether `signatureHex` is the chain's signature of `round`. Anything malformed (hex, length, a point
 * off the curve, outside the subgroup or at infinity, a bad round or key) answers false, never throws.
 */
export function verifyRound(info: ChainInfo, round: number, signatureHex: string): boolean {
  try {
    if (
      info.scheme !== BEACON_SCHEME ||
      typeof signatureHex !== 'string' ||
      !SIGNATURE_HEX.test(signatureHex)
    )
      return false;
    assertRound(round);
    const signature = bls.Signature.fromHex(signatureHex.toLowerCase());
    if (signature.is0()) return false;
    return bls.verify(signature, bls.hash(roundMessage(round), BEACON_DST), publicKeyOf(info.publicKeyHex));
  } catch {
    return false;
  }
}

/** A round's randomness: sha256 of the signature's 48 bytes (call only on a verified signature). */
export function randomnessOf(signatureHex: string): Buffer {
  if (!SIGNATURE_HEX.test(signatureHex)) throw new Error('a signature is 48 bytes of hex');
  return createHash('sha256').update(Buffer.from(signatureHex, 'hex')).digest();
}

/** Publication time of round r, in ms: genesis + (r - 1) x period. */
export function roundTime(info: ChainInfo, round: number): number {
  assertRound(round);
  return (info.genesisSeconds + (round - 1) * info.periodSeconds) * 1000;
}

/** The first round published at or after `timeMs` (round 1 for any time up to genesis). */
export function firstRoundAtOrAfter(info: ChainInfo, timeMs: number): number {
  if (!Number.isFinite(timeMs)) throw new RangeError(`invalid time: ${timeMs}`);
  const sinceGenesis = timeMs - info.genesisSeconds * 1000;
  if (sinceGenesis <= 0) return 1;
  return Math.ceil(sinceGenesis / (info.periodSeconds * 1000)) + 1;
}

/** The round a draw commits to: the first published at or after its close plus the margin. */
export function commitRound(info: ChainInfo, closeTimeMs: number, marginMs: number): number {
  if (!Number.isFinite(marginMs) || marginMs < 0) throw new RangeError(`invalid margin: ${marginMs}`);
  return firstRoundAtOrAfter(info, closeTimeMs + marginMs);
}

/** The first `count` digits of a draw, exactly as the issue states the algorithm. */
export function electronicDigits(randomness: Buffer, drawId: string, count: number): string {
  if (randomness.length !== 32) throw new Error('randomness is 32 bytes');
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`invalid digit count: ${count}`);
  let digits = '';
  for (let c = 0; digits.length < count; c++) {
    const block = createHmac('sha256', randomness).update(`${drawId}:${c}`, 'utf8').digest();
    for (const b of block) {
      if (b >= 250) continue;
      digits += String(b % 10);
      if (digits.length === count) break;
    }
  }
  return digits;
}

/** An electronic draw's result: the Thai structure, its fields filled in this order. */
export type ElectronicResult = {
  first: string;
  front3: [string, string];
  last3: [string, string];
  last2: string;
};

/** Digits an electronic result takes: 6 + 3 + 3 + 3 + 3 + 2. */
export const ELECTRONIC_DIGITS = 20;

export function electronicResult(randomness: Buffer, drawId: string): ElectronicResult {
  const d = electronicDigits(randomness, drawId, ELECTRONIC_DIGITS);
  return {
    first: d.slice(0, 6),
    front3: [d.slice(6, 9), d.slice(9, 12)],
    last3: [d.slice(12, 15), d.slice(15, 18)],
    last2: d.slice(18, 20),
  };
}

export type ElectronicDrawCheck = {
  valid: boolean;
  /** Hex, only when valid. */
  randomness: string | null;
  result: ElectronicResult | null;
};

/** The verifier behind GET /house/lotto/fair/verify: the round's signature, then the draw from it. */
export function verifyElectronicDraw(
  info: ChainInfo,
  draw: { round: number; signatureHex: string; drawId: string },
): ElectronicDrawCheck {
  if (!verifyRound(info, draw.round, draw.signatureHex))
    return { valid: false, randomness: null, result: null };
  const randomness = randomnessOf(draw.signatureHex);
  return {
    valid: true,
    randomness: randomness.toString('hex'),
    result: electronicResult(randomness, draw.drawId),
  };
}

// ---- The sandbox beacon (embedded demo) ----

const SANDBOX_KEY_SALT = 'lotus/lottery/sandbox-beacon/v1';

/**
 * A sandbox secret key from a seed (the demo's configured secret): HKDF-SHA256 to the 48 bytes noble's
 * keygen reduces into a scalar, so the same secret gives the same key, and public key, on every start.
 */
export function sandboxSecretKey(seed: string | Uint8Array): Uint8Array {
  const ikm = typeof seed === 'string' ? Buffer.from(seed, 'utf8') : seed;
  if (ikm.length === 0) throw new Error('the sandbox seed is empty');
  const material = new Uint8Array(hkdfSync('sha256', ikm, SANDBOX_KEY_SALT, 'bls12-381 G2 public key', 48));
  return bls.keygen(material).secretKey;
}

/** The sandbox's own chain id: sha256 of what defines it, so two sandboxes never share one. */
function sandboxChainHash(publicKeyHex: string, genesisSeconds: number, periodSeconds: number): string {
  return createHash('sha256')
    .update(`sandbox:${BEACON_SCHEME}:${publicKeyHex}:${genesisSeconds}:${periodSeconds}`)
    .digest('hex');
}

export type SandboxBeacon = {
  info: ChainInfo;
  /** The round's G1 signature, hex: the same message and DST as quicknet. */
  signRound(round: number): string;
};

export function createSandboxBeacon(options: {
  secretKey: Uint8Array;
  genesisSeconds: number;
  periodSeconds: number;
}): SandboxBeacon {
  const { secretKey, genesisSeconds, periodSeconds } = options;
  if (secretKey.length !== 32) throw new Error('a sandbox secret key is 32 bytes');
  if (!Number.isSafeInteger(genesisSeconds)) throw new RangeError(`invalid genesis: ${genesisSeconds}`);
  if (!Number.isSafeInteger(periodSeconds) || periodSeconds < 1)
    throw new RangeError(`invalid period: ${periodSeconds}`);
  const key = Uint8Array.from(secretKey);
  const publicKeyHex = bls.getPublicKey(key).toHex();
  const info: ChainInfo = Object.freeze({
    chain: 'sandbox',
    chainHash: sandboxChainHash(publicKeyHex, genesisSeconds, periodSeconds),
    publicKeyHex,
    genesisSeconds,
    periodSeconds,
    scheme: BEACON_SCHEME,
  });
  return {
    info,
    signRound(round) {
      assertRound(round);
      return bls.Signature.toHex(bls.sign(bls.hash(roundMessage(round), BEACON_DST), key));
    },
  };
}

// ---- Sources: where a round's signature comes from ----

export type BeaconRound = { round: number; signatureHex: string };

/**
 * Where a draw gets its round. null means the round cannot be had now (not yet published, unreachable,
 * refused): the caller retries until its deadline, then voids and refunds the draw.
 */
export interface BeaconSource {
  info: ChainInfo;
  fetchRound(round: number, nowMs: number): Promise<BeaconRound | null>;
}

/** A round is not known before its publication time, in the sandbox as on drand. */
function published(info: ChainInfo, round: number, nowMs: number): boolean {
  return Number.isSafeInteger(round) && round >= 1 && roundTime(info, round) <= nowMs;
}

export function sandboxBeaconSource(beacon: SandboxBeacon): BeaconSource {
  return {
    info: beacon.info,
    async fetchRound(round, nowMs) {
      if (!published(beacon.info, round, nowMs)) return null;
      return { round, signatureHex: beacon.signRound(round) };
    },
  };
}

export const BEACON_FETCH_TIMEOUT_MS = 5000;

/**
 * drand's HTTP API v1: GET `${baseUrl}/${chainHash}/public/${round}` answers {round, randomness,
 * signature}. Any answer that is not exactly that round, correctly signed, with randomness =
 * sha256(signature), is refused as if unreachable: a relay is trusted for nothing.
 */
export function httpBeaconSource(
  info: ChainInfo,
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs: number = BEACON_FETCH_TIMEOUT_MS,
): BeaconSource {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    info,
    async fetchRound(round, nowMs) {
      if (!published(info, round, nowMs)) return null;
      try {
        const response = await fetchImpl(`${base}/${info.chainHash}/public/${round}`, {
          signal: AbortSignal.timeout(timeoutMs),
          headers: { accept: 'application/json' },
        });
        if (!response.ok) return null;
        const body: unknown = await response.json();
        if (typeof body !== 'object' || body === null) return null;
        const { round: answered, signature, randomness } = body as Record<string, unknown>;
        if (answered !== round || typeof signature !== 'string' || typeof randomness !== 'string')
          return null;
        if (!verifyRound(info, round, signature)) return null;
        if (randomness.toLowerCase() !== randomnessOf(signature).toString('hex')) return null;
        return { round, signatureHex: signature.toLowerCase() };
      } catch {
        return null;
      }
    },
  };
}
