import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compileGame } from './compile';
import { createFloatStream, generateFloats, hashServerSeed, reelStop } from './fair';
import { playBet } from './engine';
import { createFastHmac } from './fast-hmac';
import { loadTitles } from './titles';

// The scheme as the issue states it, written out again here with node:crypto only.
function referenceFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const floats: number[] = [];
  for (let round = 0; floats.length < count; round++) {
    const bytes = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
    for (let i = 0; i < 32 && floats.length < count; i += 4)
      floats.push(
        bytes[i]! / 256 + bytes[i + 1]! / 256 ** 2 + bytes[i + 2]! / 256 ** 3 + bytes[i + 3]! / 256 ** 4,
      );
  }
  return floats;
}

describe('provably fair floats', () => {
  it('are HMAC-SHA256(server seed, "<clientSeed>:<nonce>:<round>") read 4 bytes at a time, across rounds', () => {
    for (const [server, client, nonce] of [
      ['0f8e2a9c4b7d1e3f5a6c8b9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b', 'my lucky seed', 0],
      ['short', 'ข้อความภาษาไทย', 42],
      ['x'.repeat(100), 'c'.repeat(64), 123_456_789_012],
    ] as const) {
      expect(generateFloats(server, client, nonce, 20)).toEqual(referenceFloats(server, client, nonce, 20));
    }
  });

  it('every float is in [0, 1) and a reel stop is floor(float x strip length)', () => {
    const floats = generateFloats('seed', 'client', 7, 64);
    for (const f of floats) {
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
      expect(reelStop(f, 33)).toBe(Math.floor(f * 33));
    }
    expect(reelStop(0.999999999, 40)).toBe(39);
    expect(reelStop(0, 40)).toBe(0);
  });

  it('the commitment is the SHA-256 of the server seed text', () => {
    expect(hashServerSeed('lotus-house-demo-server-seed')).toBe(
      createHash('sha256').update('lotus-house-demo-server-seed').digest('hex'),
    );
  });

  it('the worked example of docs/games/provably-fair.md', () => {
    // echo -n 'player-chosen-seed:1:0' | openssl dgst -sha256 -hmac 'lotus-house-demo-server-seed'
    //   = 1a708c6a 38bb5cfd 1c1f6074 67ecf1f2 5c9fc5a4 fcb08d2e 4d3a47e0 286ffa84
    expect(hashServerSeed('lotus-house-demo-server-seed')).toBe(
      '3fa587140f6faac99c86e44a45a636fe2867cc39177620865c280702211c1f07',
    );
    const floats = generateFloats('lotus-house-demo-server-seed', 'player-chosen-seed', 1, 5);
    expect(floats[0]).toBe(0x1a708c6a / 2 ** 32);
    expect(floats.map((f) => f.toFixed(10))).toEqual([
      '0.1032798537',
      '0.2216089361',
      '0.1098537715',
      '0.4059592453',
      '0.3618129278',
    ]);
    // Golden Lotus Pond: strips of 33, 33, 34, 35, 33 symbols.
    const game = loadTitles().get('lotus-pond')!;
    const bet = playBet(game, createFloatStream('lotus-house-demo-server-seed', 'player-chosen-seed', 1));
    expect(bet.spins[0]!.stops).toEqual([3, 7, 3, 14, 11]);
    expect(bet.spins[0]!.window).toEqual([
      ['Q', 'H3', 'K'],
      ['J', 'H1', 'W'],
      ['J', 'W', 'T'],
      ['H4', 'W', 'H3'],
      ['A', 'K', 'Q'],
    ]);
    // Line 7 (rows 2,2,1,0,0) reads K W W H4: three K with wilds pay 10 line bets, one total bet.
    expect(bet.spins[0]!.lineWins).toEqual([{ line: 7, symbol: 'K', count: 3, pay: 10, wild: true }]);
    expect(bet.win).toBe(10);
    expect(bet.totalBet).toBe(10);
  });
});

describe('the simulator HMAC', () => {
  it('equals node:crypto HMAC-SHA256 for keys and messages of every block boundary', () => {
    const out = new Uint32Array(8);
    for (const key of ['k', 'lotus-house-demo-server-seed', 'k'.repeat(64), 'k'.repeat(65), 'ก'.repeat(30)]) {
      const hmac = createFastHmac(key);
      for (const length of [0, 1, 20, 55, 56, 63, 64, 65, 119, 120, 200]) {
        const message = Buffer.from('abcdefghij'.repeat(21).slice(0, length));
        hmac.digest(message, length, out);
        const expected = createHmac('sha256', key).update(message).digest();
        const got = Buffer.alloc(32);
        out.forEach((w, i) => got.writeUInt32BE(w, i * 4));
        expect(got.toString('hex'), `key ${key.length} message ${length}`).toBe(expected.toString('hex'));
      }
    }
  });
});

describe('free spins take the next floats of the same nonce', () => {
  it('spin j uses floats j*reels .. j*reels+reels-1, one per reel', () => {
    const game = compileGame(loadTitles().get('lotus-pond')!.definition);
    // Nonce 90 of the worked example's seeds triggers 10 free spins on Golden Lotus Pond.
    const stream = createFloatStream('lotus-house-demo-server-seed', 'player-chosen-seed', 90);
    const bet = playBet(game, stream);
    expect(bet.spins.length).toBeGreaterThan(1);
    const floats = referenceFloats(
      'lotus-house-demo-server-seed',
      'player-chosen-seed',
      90,
      bet.spins.length * 5,
    );
    bet.spins.forEach((spin, j) => {
      const strips = j === 0 ? game.definition.strips.base : game.definition.strips.free;
      expect(spin.kind).toBe(j === 0 ? 'base' : 'free');
      expect(spin.stops).toEqual(strips.map((strip, r) => Math.floor(floats[j * 5 + r]! * strip.length)));
    });
    // The numbers of the free-spin example in docs/games/provably-fair.md.
    expect(bet.spins[0]!.stops).toEqual([3, 17, 15, 33, 17]);
    expect(bet.spins[0]!.scatter).toEqual({ count: 3, pay: 20 });
    expect(bet.spins[1]!.stops).toEqual([20, 26, 33, 8, 27]);
    expect(bet.spins.map((s) => s.win)).toEqual([20, 0, 0, 50, 40, 0, 10, 0, 50, 20, 0]);
    expect(bet.win).toBe(190);
    expect(bet.spins.length - 1).toBe(bet.spins.reduce((n, s) => n + s.freeSpinsAwarded, 0));
  });
});
