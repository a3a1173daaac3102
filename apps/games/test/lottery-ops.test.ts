import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HouseDatabase } from '../src/db/client';
import { houseLottoOpsRequests, houseLottoResults } from '../src/db/schema';
import { createHouseLottery, type HouseLottery } from '../src/lottery/lottery';
import { lottoOpsRoutes, signOpsCall } from '../src/lottery/ops';
import northFixture from '../src/lottery/fixtures/vn-north-2023-05-12.json';
import { openTestHouseDatabase } from './test-database';

/**
 * Issue 27, the operators' side of the lottery as the house takes it: signed calls from the platform (the
 * vendor secret, a 5-minute window, each request id once), results entered by one operator and confirmed by
 * another, draws moved and voided, games, restricted numbers and exposure.
 */

const SECRET = 'lottery-ops-test-secret-0123456789abcdef';

describe('lottery operator calls', () => {
  let database: HouseDatabase;
  let lottery: HouseLottery;
  let app: FastifyInstance;
  let clock = Date.parse('2026-12-07T01:01:00Z');

  beforeEach(async () => {
    clock = Date.parse('2026-12-07T01:01:00Z');
    database = await openTestHouseDatabase();
    lottery = createHouseLottery({ db: database.db, now: () => clock });
    await lottery.draws.seedGames();
    await lottery.draws.plan();
    app = Fastify();
    await app.register(
      async (scope) => lottoOpsRoutes(scope, { ops: async () => lottery.ops, secret: async () => SECRET }),
      {
        prefix: '/house',
      },
    );
  });
  afterEach(async () => {
    await app.close();
    await database.close();
  });

  const call = (
    action: string,
    body: Record<string, unknown>,
    options: { secret?: string; timestamp?: number; requestId?: string } = {},
  ) => {
    const payload = JSON.stringify({
      requestId: options.requestId ?? `req-${randomBytes(6).toString('hex')}`,
      ...body,
    });
    const timestamp = String(options.timestamp ?? clock);
    return app.inject({
      method: 'POST',
      url: `/house/lotto/ops/${action}`,
      headers: {
        'content-type': 'application/json',
        'x-timestamp': timestamp,
        'x-signature': signOpsCall(options.secret ?? SECRET, action, timestamp, payload),
      },
      payload,
    });
  };

  it('a result entered by one operator is confirmed only by another; then the draw is resulted', async () => {
    clock = Date.parse('2026-12-07T11:30:00Z');
    const draw = { gameCode: 'VN_MB', drawNo: '20261207' };
    const entered = await call('results/enter', {
      ...draw,
      result: northFixture.result,
      source: 'xoso.com.vn',
      operator: 'op-1',
    });
    expect(entered.json()).toMatchObject({ ok: true });
    expect((await call('results/confirm', { ...draw, operator: 'op-1' })).json()).toEqual({
      ok: false,
      error: 'lottery_result_same_operator',
    });
    expect((await call('results/confirm', { ...draw, operator: 'op-2' })).json()).toMatchObject({ ok: true });
    const listed = await call('draws/list', { gameCode: 'VN_MB', status: 'resulted', operator: 'op-3' });
    expect(listed.json().draws[0]).toMatchObject({
      drawNo: '20261207',
      status: 'resulted',
      result: { status: 'confirmed', enteredBy: 'op-1' },
    });
  });

  it('a call with a wrong signature, out of its time window or replayed is refused and changes nothing', async () => {
    clock = Date.parse('2026-12-07T11:30:00Z');
    const body = {
      gameCode: 'VN_MB',
      drawNo: '20261207',
      result: northFixture.result,
      source: 'x',
      operator: 'op-1',
    };
    expect(
      (await call('results/enter', body, { secret: 'another-secret-another-secret-00' })).statusCode,
    ).toBe(401);
    expect((await call('results/enter', body, { timestamp: clock - 6 * 60_000 })).json()).toEqual({
      ok: false,
      error: 'expired_request',
    });
    expect(await database.db.select().from(houseLottoResults)).toEqual([]);
    expect((await call('results/enter', body, { requestId: 'same-request-1' })).json()).toMatchObject({
      ok: true,
    });
    await call('results/discard', { gameCode: 'VN_MB', drawNo: '20261207', operator: 'op-2' });
    const replay = await call('results/enter', body, { requestId: 'same-request-1' });
    expect(replay.statusCode).toBe(409);
    expect(await database.db.select().from(houseLottoResults)).toEqual([]);
  });

  it('a malformed call is a 400 naming its field; an unknown draw a 404', async () => {
    const bad = await call('draws/void', {
      gameCode: 'VN_MB',
      drawNo: '2026',
      reason: 'x',
      operator: 'op-1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_request', field: 'drawNo' });
    expect(await database.db.select().from(houseLottoOpsRequests)).toEqual([]);
    const unknown = await call('draws/void', {
      gameCode: 'VN_MB',
      drawNo: '20991231',
      reason: 'x',
      operator: 'op-1',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('an operator moves a draw and voids another; games and restricted numbers are set and listed', async () => {
    const moved = await call('draws/move', {
      gameCode: 'TH_GLO',
      drawNo: '20261216',
      drawAt: '2026-12-17T09:00:00Z',
      operator: 'op-1',
    });
    expect(moved.json()).toEqual({ ok: true, drawAt: '2026-12-17T09:00:00.000Z' });
    expect(
      (
        await call('draws/void', {
          gameCode: 'VN_MB',
          drawNo: '20261208',
          reason: 'typhoon',
          operator: 'op-1',
        })
      ).json(),
    ).toEqual({ ok: true });
    expect(
      (
        await call('games/set', {
          gameCode: 'VN_MB',
          exposureCap: '5000000',
          rates: { de: 9500 },
          operator: 'op-1',
        })
      ).json(),
    ).toEqual({ ok: true });
    expect(
      (
        await call('games/set', { gameCode: 'VN_MB', minStake: '500', maxStake: '100', operator: 'op-1' })
      ).json(),
    ).toEqual({
      ok: false,
      error: 'lottery_stake_invalid',
    });
    expect(
      (
        await call('restricted/set', {
          gameCode: 'VN_MB',
          betKeys: ['de:68', 'xien2:12-34'],
          restricted: true,
          operator: 'op-1',
        })
      ).json(),
    ).toEqual({ ok: true });
    const games = (await call('games/list', { operator: 'op-1' })).json().games as Array<
      Record<string, unknown>
    >;
    expect(games.find((g) => g.gameCode === 'VN_MB')).toMatchObject({
      exposureCap: '5000000',
      rates: { de: 9500 },
      restricted: ['de:68', 'xien2:12-34'],
    });
    const state = await lottery.play.state(null);
    const de = state.games.find((g) => g.code === 'VN_MB')!.betTypes.find((b) => b.type === 'de');
    expect(de?.rate).toBe(9500);
  });
});
