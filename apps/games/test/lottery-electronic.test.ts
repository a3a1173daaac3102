import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildHouseApp } from '../src/app';
import type { HouseDatabase } from '../src/db/client';
import { openTestHouseDatabase } from './test-database';
import {
  createSandboxBeacon,
  QUICKNET,
  randomnessOf,
  sandboxBeaconSource,
  sandboxSecretKey,
  type BeaconSource,
} from '../src/lottery/beacon';
import { createHouseLottery, electronicDrawId, type HouseLottery } from '../src/lottery/lottery';
import { lottoVerifier } from '../src/lottery/routes';
import { createHmac } from 'node:crypto';

/**
 * Issue 27, electronic draws: every 5 minutes in the demo on the sandbox beacon, each drawn from the round
 * it committed to when planned, verifiable by anyone, and voided (never drawn locally) when the round
 * cannot be had.
 */

const beacon = createSandboxBeacon({
  secretKey: sandboxSecretKey('lottery electronic test'),
  genesisSeconds: QUICKNET.genesisSeconds,
  periodSeconds: QUICKNET.periodSeconds,
});
const GAME = 'ELOTT_5M';

/** The digit rule, written out again here: HMAC blocks over `<drawId>:<c>`, bytes below 250 mod 10. */
function expectedDigits(signatureHex: string, drawId: string, count: number): string {
  const key = randomnessOf(signatureHex);
  const out: number[] = [];
  for (let c = 0; out.length < count; c += 1) {
    const block = createHmac('sha256', key).update(`${drawId}:${c}`).digest();
    for (const byte of block) if (byte < 250 && out.length < count) out.push(byte % 10);
  }
  return out.join('');
}

describe('electronic draws on the sandbox beacon', () => {
  let database: HouseDatabase;
  let lottery: HouseLottery;
  let clock = Date.parse('2026-12-07T03:01:00Z');

  beforeEach(async () => {
    clock = Date.parse('2026-12-07T03:01:00Z');
    database = await openTestHouseDatabase();
    lottery = createHouseLottery({ db: database.db, now: () => clock, beacon: sandboxBeaconSource(beacon) });
    await lottery.draws.seedGames();
    await lottery.draws.plan();
  });
  afterEach(async () => {
    await database.close();
  });

  it('a draw is drawn once its committed round is published, from that round, and the result recomputes from the signature', async () => {
    const [next] = await lottery.draws.openDraws(GAME);
    const draw = next!.draw;
    expect(draw.drawAt.toISOString()).toBe('2026-12-07T03:05:00.000Z');
    // Before the draw time nothing is drawn.
    clock = draw.drawAt.getTime() - 1;
    expect(await lottery.drawElectronic()).toEqual({ drawn: 0, voided: 0 });
    clock = draw.drawAt.getTime();
    expect(await lottery.drawElectronic()).toEqual({ drawn: 1, voided: 0 });
    expect(await lottery.drawElectronic()).toEqual({ drawn: 0, voided: 0 });

    const found = await lottery.draws.findDraw(GAME, draw.drawNo);
    expect(found?.draw.status).toBe('resulted');
    const stored = await lottery.draws.resultOf(draw.id);
    const round = draw.beaconRound!;
    expect(stored?.source).toBe(`drand:sandbox:${round}`);
    expect(stored?.beaconSignature).toBe(beacon.signRound(round));
    const digits = expectedDigits(beacon.signRound(round), electronicDrawId(GAME, draw.drawNo), 20);
    expect(stored?.result).toEqual({
      first: digits.slice(0, 6),
      front3: [digits.slice(6, 9), digits.slice(9, 12)],
      last3: [digits.slice(12, 15), digits.slice(15, 18)],
      last2: digits.slice(18, 20),
    });
  });

  it('two instances drawing together store one result', async () => {
    const [next] = await lottery.draws.openDraws(GAME);
    clock = next!.draw.drawAt.getTime();
    const other = createHouseLottery({
      db: database.db,
      now: () => clock,
      beacon: sandboxBeaconSource(beacon),
    });
    const [a, b] = await Promise.all([lottery.drawElectronic(), other.drawElectronic()]);
    expect(a.drawn + b.drawn).toBe(1);
  });

  it('a draw whose round cannot be had is voided 10 minutes after its draw time, never drawn otherwise', async () => {
    const silent: BeaconSource = { info: beacon.info, fetchRound: async () => null };
    const offline = createHouseLottery({ db: database.db, now: () => clock, beacon: silent });
    const [next] = await offline.draws.openDraws(GAME);
    const draw = next!.draw;
    clock = draw.drawAt.getTime() + 9 * 60_000;
    expect(await offline.drawElectronic()).toEqual({ drawn: 0, voided: 0 });
    clock = draw.drawAt.getTime() + 10 * 60_000;
    const pass = await offline.drawElectronic();
    expect(pass.drawn).toBe(0);
    expect(pass.voided).toBeGreaterThanOrEqual(1);
    const found = await offline.draws.findDraw(GAME, draw.drawNo);
    expect(found?.draw).toMatchObject({ status: 'void', voidReason: 'beacon_unavailable' });
    expect(await offline.draws.resultOf(draw.id)).toBeNull();
  });

  it("GET /house/lotto/fair/verify recomputes a stored draw; the next round's signature is refused", async () => {
    const [next] = await lottery.draws.openDraws(GAME);
    const draw = next!.draw;
    clock = draw.drawAt.getTime();
    await lottery.drawElectronic();
    const stored = await lottery.draws.resultOf(draw.id);
    const app = await buildHouseApp({ lottoVerify: lottoVerifier(beacon.info) });
    try {
      const round = draw.beaconRound!;
      const ask = (query: Record<string, string>) =>
        app.inject({ method: 'GET', url: '/house/lotto/fair/verify', query });
      const drawId = electronicDrawId(GAME, draw.drawNo);
      const good = await ask({
        chain: 'sandbox',
        round: String(round),
        signature: stored!.beaconSignature!,
        drawId,
      });
      expect(good.statusCode).toBe(200);
      expect(good.json()).toEqual({
        valid: true,
        randomness: randomnessOf(stored!.beaconSignature!).toString('hex'),
        result: stored!.result,
      });
      const nextRound = await ask({
        chain: 'sandbox',
        round: String(round),
        signature: beacon.signRound(round + 1),
        drawId,
      });
      expect(nextRound.json()).toEqual({ valid: false, randomness: null, result: null });
      const onQuicknet = await ask({
        chain: 'quicknet',
        round: String(round),
        signature: stored!.beaconSignature!,
        drawId,
      });
      expect(onQuicknet.json()).toMatchObject({ valid: false });
      const unknown = await ask({
        chain: 'mainnet',
        round: '1',
        signature: stored!.beaconSignature!,
        drawId,
      });
      expect(unknown.statusCode).toBe(404);
      // The verify page shows the same check, recomputed, and a signature of another round as invalid.
      const page = await app.inject({
        method: 'GET',
        url: '/house/lotto/fair',
        query: {
          chain: 'sandbox',
          round: String(round),
          signature: stored!.beaconSignature!,
          drawId,
          lang: 'en',
        },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('data-valid="true"');
      expect(page.body).toContain(
        `data-testid="lotto-fair-first">${(stored!.result as { first: string }).first}<`,
      );
      const wrong = await app.inject({
        method: 'GET',
        url: '/house/lotto/fair',
        query: { chain: 'sandbox', round: String(round), signature: beacon.signRound(round + 1), drawId },
      });
      expect(wrong.body).toContain('data-valid="false"');
      const malformed = await ask({ chain: 'sandbox', round: '0', signature: 'zz', drawId });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ error: 'invalid_query', field: 'round' });
    } finally {
      await app.close();
    }
  });
});
