import { bls12_381 } from '@noble/curves/bls12-381.js';
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BEACON_DST,
  commitRound,
  createSandboxBeacon,
  ELECTRONIC_DIGITS,
  electronicDigits,
  electronicResult,
  firstRoundAtOrAfter,
  httpBeaconSource,
  QUICKNET,
  randomnessOf,
  roundMessage,
  roundTime,
  sandboxBeaconSource,
  sandboxSecretKey,
  verifyElectronicDraw,
  verifyRound,
  type ChainInfo,
} from './beacon';

/**
 * Published quicknet rounds, data only (round, signature, randomness as drand's /public/<round> answers):
 * - 1, 2, 65535, 65536, 16777215, 16777216: Bas3d-Labs/drand-quicknet-evm,
 *   contracts/test/fixtures/quicknet-kat.json ("positive" corpus, copied from api.drand.sh answers).
 * - 1000: version513/drand-client-rs, src/verify.rs (g1g2_swap_rfc_beacon_verifies); the same signature is
 *   in randa-mu/drand-client-rs src/verify.rs (g2_rfc_verifies_a_beacon) and in the corpus above.
 */
const PUBLISHED = [
  {
    round: 1,
    signature:
      'b55e7cb2d5c613ee0b2e28d6750aabbb78c39dcc96bd9d38c2c2e12198df95571de8e8e402a0cc48871c7089a2b3af4b',
    randomness: '1466a6cd24e327188770752f6134001c64d6efcc590ccc26b721611ad96f165a',
  },
  {
    round: 2,
    signature:
      'b6b6a585449b66eb12e875b64fcbab3799861a00e4dbf092d99e969a5eac57dd3f798acf61e705fe4f093db926626807',
    randomness: '5782d6987841c654515a0e72b2d1ebb4e741234042c37cb19608ae50d93fb60c',
  },
  {
    round: 1000,
    signature:
      'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
    randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
  },
  {
    round: 65535,
    signature:
      '95aa0afea5aa88f59fe34facebcb08770ac01d38840a8c16e841c6027a293a3c90dbcaf010a8fb19b306b9ff6c46eaf9',
    randomness: '4a9741b8eb1bfa9109198bcdfe5b30b6bfff7c38b396e64873eb4df9b5b32604',
  },
  {
    round: 65536,
    signature:
      'a6404de93f56ba89d4ae0360b7eee02120c7c4898c8d7980914139746890eb9b6eaa022fe688614499fa1b42fc508b6f',
    randomness: '7025100299eaeeacb68f95d9b5cbccf047fcc6d8e01c9793ebfe0b4a9b0d1766',
  },
  {
    round: 16777215,
    signature:
      '84efb467b2b9f3578c169393d8bd5ccfd17da400a975325282b2955eb10adac747904c3aafd152e48e19d23f8d416f0f',
    randomness: 'd2eb9f652fb4f3bdaa2a746a6a07c8a55bda4c153141623c54dc4edf8e934abc',
  },
  {
    round: 16777216,
    signature:
      'a38ae8fa3645078723fe002a4769499a9a267557f67ac7263113339718b6b0b78a5dd59a03321240b5b6554dffeac194',
    randomness: 'a3ae17ab68c2edca5b7b3dd42a7e33c6c734011ccf1df1a317b3227ccb307df4',
  },
] as const;

/** Round 42 as drand's own HTTP API page shows it (docs.drand.love/developer/http-api, v2 answer: no randomness). */
const DOCS_ROUND_42 =
  '95a9f9f5b231b7714de1553105d8ffdf3dcda24cfdb1e689319bccf79a9c8ce430a91b811fbfaf763900bc998b5d686a';

const byRound = (round: number) => PUBLISHED.find((v) => v.round === round)!;
const R1000 = byRound(1000);

/** Flip one bit of byte `index` of a hex string. */
function flip(hex: string, index: number, mask = 0x01): string {
  const bytes = Buffer.from(hex, 'hex');
  bytes[index] = bytes[index]! ^ mask;
  return bytes.toString('hex');
}

const sha256hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('quicknet chain info', () => {
  it('is drand quicknet: a valid G2 key, 3 s rounds from 1692803367, the RFC 9380 G1 scheme', () => {
    expect(QUICKNET.chainHash).toBe('52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971');
    expect(bls12_381.G2.Point.fromHex(QUICKNET.publicKeyHex).toHex()).toBe(QUICKNET.publicKeyHex);
    expect(QUICKNET).toMatchObject({
      genesisSeconds: 1692803367,
      periodSeconds: 3,
      scheme: 'bls-unchained-g1-rfc9380',
    });
  });

  it("uses the scheme's G1 DST, which is also noble's shortSignatures default (and not the G2 tag)", () => {
    expect(BEACON_DST).toBe('BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_');
    const m = roundMessage(1000);
    const short = bls12_381.shortSignatures;
    expect(short.hash(m).equals(short.hash(m, BEACON_DST))).toBe(true);
    expect(short.hash(m).equals(short.hash(m, 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_'))).toBe(false);
  });

  it('signs sha256 of the round as 8 big-endian bytes', () => {
    expect(roundMessage(1000).toString('hex')).toBe(sha256hex(Buffer.from('00000000000003e8', 'hex')));
    expect(roundMessage(0x0102030405).toString('hex')).toBe(
      sha256hex(Buffer.from('0000000102030405', 'hex')),
    );
    expect(roundMessage(Number.MAX_SAFE_INTEGER).toString('hex')).toBe(
      sha256hex(Buffer.from('001fffffffffffff', 'hex')),
    );
    expect(() => roundMessage(-1)).toThrow(RangeError);
    expect(() => roundMessage(1.5)).toThrow(RangeError);
  });
});

describe('verifyRound on published quicknet rounds', () => {
  it.each(PUBLISHED)('round $round verifies and its randomness is sha256(signature), as published', (v) => {
    expect(verifyRound(QUICKNET, v.round, v.signature)).toBe(true);
    const randomness = randomnessOf(v.signature);
    expect(randomness.toString('hex')).toBe(sha256hex(Buffer.from(v.signature, 'hex')));
    expect(randomness.toString('hex')).toBe(v.randomness);
  });

  it("verifies the round shown on drand's HTTP API page", () => {
    expect(verifyRound(QUICKNET, 42, DOCS_ROUND_42)).toBe(true);
    expect(verifyRound(QUICKNET, 43, DOCS_ROUND_42)).toBe(false);
  });

  it('accepts upper-case hex as the same signature', () => {
    expect(verifyRound(QUICKNET, 1000, R1000.signature.toUpperCase())).toBe(true);
  });

  it.each([
    [1, 2],
    [65535, 65536],
    [16777215, 16777216],
  ])("refuses round %i's signature as the next round and the next round's as it (%i)", (r, next) => {
    expect(verifyRound(QUICKNET, next, byRound(r).signature)).toBe(false);
    expect(verifyRound(QUICKNET, r, byRound(next).signature)).toBe(false);
  });

  it('refuses round 1000 presented as 999, 1001, 0 and a distant round', () => {
    for (const round of [999, 1001, 0, 1000 + 2 ** 32])
      expect(verifyRound(QUICKNET, round, R1000.signature)).toBe(false);
  });

  it('refuses a flipped byte, anywhere', () => {
    expect(verifyRound(QUICKNET, 1000, flip(R1000.signature, 47))).toBe(false);
    expect(verifyRound(QUICKNET, 1000, flip(R1000.signature, 20, 0x80))).toBe(false);
    // The sign flag: the negated point, on the curve and in the subgroup, is still not the signature.
    expect(verifyRound(QUICKNET, 1000, flip(R1000.signature, 0, 0x20))).toBe(false);
  });

  it('answers false, without throwing, for junk hex, wrong lengths and bad points', () => {
    const junk: unknown[] = [
      '',
      'zz'.repeat(48),
      R1000.signature.slice(0, -1), // odd length
      R1000.signature.slice(0, -2), // 47 bytes
      R1000.signature + '00', // 49 bytes
      `0x${R1000.signature}`,
      R1000.signature + R1000.signature, // 96 bytes
      'c0' + '00'.repeat(47), // the point at infinity
      '80' + '00'.repeat(47), // (0, 2): on the curve, order 3, outside the subgroup
      '80' + '00'.repeat(46) + '01', // x = 1: not on the curve
      '9a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab', // x = p
      bls12_381.G1.Point.BASE.toHex(), // a valid point, not a signature
      '34' + R1000.signature.slice(2), // compression flag cleared
      null,
      undefined,
      1000,
    ];
    for (const signature of junk) expect(verifyRound(QUICKNET, 1000, signature as string)).toBe(false);
  });

  it('answers false for a bad round or chain info, without throwing', () => {
    for (const round of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(verifyRound(QUICKNET, round, R1000.signature)).toBe(false);
    }
    const badKey: ChainInfo = { ...QUICKNET, publicKeyHex: flip(QUICKNET.publicKeyHex, 95) };
    expect(verifyRound(badKey, 1000, R1000.signature)).toBe(false);
    expect(verifyRound({ ...QUICKNET, publicKeyHex: 'nope' }, 1000, R1000.signature)).toBe(false);
    const otherScheme = { ...QUICKNET, scheme: 'pedersen-bls-unchained' } as unknown as ChainInfo;
    expect(verifyRound(otherScheme, 1000, R1000.signature)).toBe(false);
  });

  it('randomnessOf refuses anything but 48 bytes of hex', () => {
    expect(() => randomnessOf('abcd')).toThrow();
    expect(() => randomnessOf('zz'.repeat(48))).toThrow();
  });
});

describe('sandbox beacon', () => {
  const GENESIS = 1_767_225_600; // 2026-01-01T00:00:00Z
  const beacon = createSandboxBeacon({
    secretKey: sandboxSecretKey('demo secret'),
    genesisSeconds: GENESIS,
    periodSeconds: 3,
  });

  it('derives the same key from the same secret, and another from another', () => {
    const again = createSandboxBeacon({
      secretKey: sandboxSecretKey('demo secret'),
      genesisSeconds: GENESIS,
      periodSeconds: 3,
    });
    const other = createSandboxBeacon({
      secretKey: sandboxSecretKey('other secret'),
      genesisSeconds: GENESIS,
      periodSeconds: 3,
    });
    expect(again.info.publicKeyHex).toBe(beacon.info.publicKeyHex);
    expect(again.signRound(7)).toBe(beacon.signRound(7));
    expect(other.info.publicKeyHex).not.toBe(beacon.info.publicKeyHex);
    expect(sandboxSecretKey(new TextEncoder().encode('demo secret'))).toEqual(
      sandboxSecretKey('demo secret'),
    );
    expect(sandboxSecretKey('demo secret')).toHaveLength(32);
    expect(() => sandboxSecretKey('')).toThrow();
  });

  it('describes itself as a sandbox chain with a G2 key and its own chain id', () => {
    expect(beacon.info).toMatchObject({
      chain: 'sandbox',
      genesisSeconds: GENESIS,
      periodSeconds: 3,
      scheme: QUICKNET.scheme,
    });
    expect(beacon.info.publicKeyHex).toMatch(/^[0-9a-f]{192}$/);
    expect(beacon.info.chainHash).toMatch(/^[0-9a-f]{64}$/);
    expect(beacon.info.chainHash).not.toBe(QUICKNET.chainHash);
  });

  it('signs the way quicknet does: verifyRound checks it unchanged, with its key and not quicknet key', () => {
    const signature = beacon.signRound(123);
    expect(signature).toMatch(/^[0-9a-f]{96}$/);
    // Independently: e(sig, G2) = e(H(m), pk) with noble directly, the same message and tag.
    const short = bls12_381.shortSignatures;
    const pk = bls12_381.G2.Point.fromHex(beacon.info.publicKeyHex);
    expect(
      short.verify(short.Signature.fromHex(signature), short.hash(roundMessage(123), BEACON_DST), pk),
    ).toBe(true);
    expect(verifyRound(beacon.info, 123, signature)).toBe(true);
    expect(verifyRound(QUICKNET, 123, signature)).toBe(false);
    expect(verifyRound(beacon.info, 124, signature)).toBe(false);
    expect(verifyRound(beacon.info, 1000, R1000.signature)).toBe(false);
  });

  it('refuses a bad key or round', () => {
    expect(() =>
      createSandboxBeacon({ secretKey: new Uint8Array(31), genesisSeconds: GENESIS, periodSeconds: 3 }),
    ).toThrow();
    expect(() => beacon.signRound(0)).toThrow(RangeError);
  });

  it('as a source, answers null before a round is published and the signed round from its time on', async () => {
    const source = sandboxBeaconSource(beacon);
    const at = roundTime(beacon.info, 50);
    expect(await source.fetchRound(50, at - 1)).toBeNull();
    const answer = await source.fetchRound(50, at);
    expect(answer).toEqual({ round: 50, signatureHex: beacon.signRound(50) });
    expect(verifyRound(source.info, 50, answer!.signatureHex)).toBe(true);
    expect(await source.fetchRound(0, at)).toBeNull();
  });
});

describe('round times', () => {
  const G = QUICKNET.genesisSeconds * 1000;

  it('publishes round r at genesis + (r - 1) x period', () => {
    expect(roundTime(QUICKNET, 1)).toBe(G);
    expect(roundTime(QUICKNET, 2)).toBe(G + 3000);
    expect(roundTime(QUICKNET, 1000)).toBe(1_692_806_364_000);
    expect(() => roundTime(QUICKNET, 0)).toThrow(RangeError);
  });

  it('the first round at or after a time: exactly at a round time is that round, 1 ms after is the next', () => {
    for (const r of [1, 2, 1000, 16777216, 40_000_000]) {
      const t = roundTime(QUICKNET, r);
      expect(firstRoundAtOrAfter(QUICKNET, t)).toBe(r);
      expect(firstRoundAtOrAfter(QUICKNET, t + 1)).toBe(r + 1);
      expect(firstRoundAtOrAfter(QUICKNET, t - 1)).toBe(r);
      expect(firstRoundAtOrAfter(QUICKNET, t + 2999)).toBe(r + 1);
      expect(firstRoundAtOrAfter(QUICKNET, t + 3000)).toBe(r + 1);
    }
    expect(firstRoundAtOrAfter(QUICKNET, G - 3000)).toBe(1);
    expect(firstRoundAtOrAfter(QUICKNET, 0)).toBe(1);
    expect(() => firstRoundAtOrAfter(QUICKNET, Number.NaN)).toThrow(RangeError);
  });

  it('commits a draw to the first round at or after close + margin', () => {
    const r = 30_000_000;
    const t = roundTime(QUICKNET, r);
    expect(commitRound(QUICKNET, t - 10_000, 10_000)).toBe(r);
    expect(commitRound(QUICKNET, t - 10_000, 10_001)).toBe(r + 1);
    expect(commitRound(QUICKNET, t, 0)).toBe(r);
    expect(commitRound(QUICKNET, t + 1, 0)).toBe(r + 1);
    expect(roundTime(QUICKNET, commitRound(QUICKNET, t + 123, 5000))).toBeGreaterThanOrEqual(t + 123 + 5000);
    expect(() => commitRound(QUICKNET, t, -1)).toThrow(RangeError);
  });
});

// The digit algorithm written out again, another way: a lazy stream of accepted bytes.
function* acceptedBytes(key: Buffer, drawId: string): Generator<{ byte: number; skippedBefore: number }> {
  let skipped = 0;
  for (let c = 0; ; c++) {
    for (const byte of createHmac('sha256', key)
      .update(Buffer.from(`${drawId}:${c}`, 'utf8'))
      .digest()) {
      if (byte > 249) skipped++;
      else yield { byte, skippedBefore: skipped };
    }
  }
}
function referenceDigits(key: Buffer, drawId: string, count: number): { digits: string; skipped: number } {
  const out: number[] = [];
  let skipped = 0;
  const stream = acceptedBytes(key, drawId);
  while (out.length < count) {
    const { byte, skippedBefore } = stream.next().value as { byte: number; skippedBefore: number };
    out.push(byte - 10 * Math.floor(byte / 10));
    skipped = skippedBefore;
  }
  return { digits: out.join(''), skipped };
}

describe('electronic digits', () => {
  const randomness = Buffer.from(R1000.randomness, 'hex');
  // Found by search: its first block's byte 7 is 0xfd, skipped, inside the first 20 digits.
  const SKIPPING = 'ELOTT_5M-20250101-0002';

  it('match an independent computation, including a byte >= 250 that is skipped', () => {
    const block0 = createHmac('sha256', randomness).update(`${SKIPPING}:0`).digest();
    expect(block0.toString('hex')).toBe('8779a7277167bffd910b629ab94fdea2754dda7e3527d5bdd4aed9175eb9b2f9');
    expect(block0[7]).toBe(0xfd);
    const reference = referenceDigits(randomness, SKIPPING, ELECTRONIC_DIGITS);
    expect(reference.skipped).toBeGreaterThan(0);
    expect(electronicDigits(randomness, SKIPPING, ELECTRONIC_DIGITS)).toBe(reference.digits);
    // By hand from block0: 87 79 a7 27 71 67 bf (fd) 91 0b 62 9a b9 4f de a2 75 4d da 7e 35.
    expect(reference.digits).toBe('51793315184592277863');
  });

  it('match it across several HMAC blocks and for other draws', () => {
    for (const drawId of ['ELOTT_5M-20250101-0001', 'ELOTT_5M-20250101-0005', 'ไทย-0001', '']) {
      for (const count of [0, 1, 20, 31, 32, 33, 200]) {
        expect(electronicDigits(randomness, drawId, count)).toBe(
          referenceDigits(randomness, drawId, count).digits,
        );
      }
    }
    // More digits extend the earlier ones: a draw's digits never depend on how many are asked for.
    expect(
      electronicDigits(randomness, SKIPPING, 200).startsWith(electronicDigits(randomness, SKIPPING, 20)),
    ).toBe(true);
  });

  it('refuses randomness that is not 32 bytes and a bad count', () => {
    expect(() => electronicDigits(Buffer.alloc(31), 'x', 20)).toThrow();
    expect(() => electronicDigits(randomness, 'x', -1)).toThrow(RangeError);
  });

  it('fill the Thai structure in field order: first, front3, last3, last2', () => {
    expect(electronicResult(randomness, SKIPPING)).toEqual({
      first: '517933',
      front3: ['151', '845'],
      last3: ['922', '778'],
      last2: '63',
    });
    const r = electronicResult(randomness, 'ELOTT_5M-20250101-0004');
    const digits = electronicDigits(randomness, 'ELOTT_5M-20250101-0004', 20);
    expect([r.first, ...r.front3, ...r.last3, r.last2].join('')).toBe(digits);
    expect(r.first).toMatch(/^\d{6}$/);
    expect(r.last2).toMatch(/^\d{2}$/);
  });
});

describe('verifyElectronicDraw', () => {
  it('answers the randomness and the result for a published round', () => {
    const check = verifyElectronicDraw(QUICKNET, {
      round: 1000,
      signatureHex: R1000.signature,
      drawId: 'ELOTT_5M-20250101-0002',
    });
    expect(check).toEqual({
      valid: true,
      randomness: R1000.randomness,
      result: { first: '517933', front3: ['151', '845'], last3: ['922', '778'], last2: '63' },
    });
  });

  it("refuses the next round's signature and junk, with no randomness and no result", () => {
    const none = { valid: false, randomness: null, result: null };
    expect(
      verifyElectronicDraw(QUICKNET, { round: 1000, signatureHex: '00'.repeat(48), drawId: 'd' }),
    ).toEqual(none);
    expect(
      verifyElectronicDraw(QUICKNET, { round: 1001, signatureHex: R1000.signature, drawId: 'd' }),
    ).toEqual(none);
    expect(verifyElectronicDraw(QUICKNET, { round: 1000, signatureHex: 'not hex', drawId: 'd' })).toEqual(
      none,
    );
  });
});

describe('httpBeaconSource against a local drand relay', () => {
  // What the relay answers at each path; a function answers by hand.
  type Route = { status: number; body: string } | ((res: ServerResponse) => void);
  const routes = new Map<string, Route>();
  const requests: string[] = [];
  let server: Server;
  let baseUrl: string;
  const NOW = roundTime(QUICKNET, 40_000_000);
  const path = (round: number) => `/${QUICKNET.chainHash}/public/${round}`;
  const json = (body: unknown): Route => ({ status: 200, body: JSON.stringify(body) });

  beforeAll(async () => {
    for (const v of PUBLISHED) routes.set(path(v.round), json(v));
    // Tampered answers: randomness that is not sha256(signature), a flipped signature with its own
    // randomness, another round's beacon, a server error, non-JSON, a request never answered.
    routes.set(path(3), json({ ...byRound(2), round: 3 }));
    routes.set(path(1001), json({ ...R1000, round: 1001 }));
    routes.set(path(1002), json(R1000));
    routes.set(path(65535), json({ ...byRound(65535), randomness: byRound(65536).randomness }));
    const forged = flip(byRound(65536).signature, 47);
    routes.set(
      path(65536),
      json({ round: 65536, signature: forged, randomness: sha256hex(Buffer.from(forged, 'hex')) }),
    );
    routes.set(path(500), { status: 500, body: 'oops' });
    routes.set(path(501), { status: 200, body: '<html>' });
    routes.set(path(502), () => undefined);
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      requests.push(req.url ?? '');
      const route = routes.get(req.url ?? '');
      if (!route) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      } else if (typeof route === 'function') {
        route(res);
      } else {
        res.writeHead(route.status, { 'content-type': 'application/json' }).end(route.body);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('answers a recorded round, verified, at /<chain hash>/public/<round>', async () => {
    const source = httpBeaconSource(QUICKNET, `${baseUrl}/`);
    expect(await source.fetchRound(1000, NOW)).toEqual({ round: 1000, signatureHex: R1000.signature });
    expect(requests).toContain(path(1000));
    expect(await source.fetchRound(16777216, NOW)).toEqual({
      round: 16777216,
      signatureHex: byRound(16777216).signature,
    });
  });

  it('refuses tampered answers: wrong randomness, forged signature, another round', async () => {
    const source = httpBeaconSource(QUICKNET, baseUrl);
    expect(await source.fetchRound(65535, NOW)).toBeNull(); // randomness of another round
    expect(await source.fetchRound(65536, NOW)).toBeNull(); // flipped byte, randomness matching it
    expect(await source.fetchRound(1001, NOW)).toBeNull(); // round 1000's beacon relabelled 1001
    expect(await source.fetchRound(3, NOW)).toBeNull(); // round 2's beacon relabelled 3
    expect(await source.fetchRound(1002, NOW)).toBeNull(); // answers round 1000 to a request for 1002
  });

  it('answers null on 404, a server error, a non-JSON body and a closed port', async () => {
    const source = httpBeaconSource(QUICKNET, baseUrl);
    expect(await source.fetchRound(777, NOW)).toBeNull();
    expect(await source.fetchRound(500, NOW)).toBeNull();
    expect(await source.fetchRound(501, NOW)).toBeNull();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await httpBeaconSource(QUICKNET, `http://127.0.0.1:${port}`).fetchRound(1000, NOW)).toBeNull();
  });

  it('answers null when the relay never answers, after its timeout', async () => {
    const source = httpBeaconSource(QUICKNET, baseUrl, fetch, 200);
    expect(await source.fetchRound(502, NOW)).toBeNull();
  });

  it('does not ask for a round before its publication time', async () => {
    const source = httpBeaconSource(QUICKNET, baseUrl);
    const before = requests.length;
    expect(await source.fetchRound(1000, roundTime(QUICKNET, 1000) - 1)).toBeNull();
    expect(requests.length).toBe(before);
  });

  it('uses the fetch it is given', async () => {
    const seen: string[] = [];
    const fake: typeof fetch = async (input) => {
      seen.push(String(input));
      return new Response(JSON.stringify(R1000), { status: 200 });
    };
    const source = httpBeaconSource(QUICKNET, 'https://relay.example', fake);
    expect(await source.fetchRound(1000, NOW)).toEqual({ round: 1000, signatureHex: R1000.signature });
    expect(seen).toEqual([`https://relay.example/${QUICKNET.chainHash}/public/1000`]);
  });
});
