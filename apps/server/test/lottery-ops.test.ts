import type { AddressInfo } from 'node:net';
import type { House } from '@lotus/games/house';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import northFixture from '../../games/src/lottery/fixtures/vn-north-2023-05-12.json';
import { mountHouse, provisionHouseVendor } from '../src/house';
import { createLottoVendorOps, httpLottoOpsTransport } from '../src/modules/lottery/lottery.vendor-ops';
import { createMember } from './factories';
import { body, createClock, testEnv, useTestApp, type Envelope } from './helper';
import { fundMember } from './vendor-client';

// A house database, a launch, signed calls in process and over HTTP: several seconds on a busy two-core machine.
const HEAVY_TEST_MS = 180_000;

/**
 * The operators' lottery (docs/adr/0096) through the real app with the house lottery mounted in process (the embedded
 * demo's way): `/ops/lottery/*` forwarded as signed operator calls to the lottery as the acting operator, the house's
 * four-eyes rule on results surfacing as the catalogue's keys, an audit row per change, a void as a four-eyes request
 * that refunds the draw's tickets once applied.
 */
const clock = createClock({ frozen: Date.parse('2026-12-07T01:01:00Z') });
let house: House | null = null;
const t = useTestApp({
  clock,
  beforeReady: async (app, c, db) => {
    const database = db.url ? { url: db.url } : { dataDir: 'memory://' };
    house = await mountHouse(app, testEnv(), { database, now: c.now, sweeper: false });
    await provisionHouseVendor(app, 'http://lotus.test');
  },
});

type Op = Awaited<ReturnType<typeof t.operator>>;
let a: Op;
let b: Op;
let support: Op;
/** The member whose ticket the void refunds. */
let memberId = 0;
const DRAW = '/ops/lottery/games/VN_MB/draws';

type Draw = {
  drawNo: string;
  drawAt: string;
  status: string;
  closed: boolean;
  voidReason: string | null;
  result: { status: string; enteredBy: string; enteredByName: string | null; enteredByYou: boolean; numbers: unknown; source: string } | null;
  tickets: { count: number; stakes: string; wins: string; unsettled: number; refunded: number };
};
const value = <T>(res: LightMyRequestResponse) => (res.json() as Envelope<T>).value;
async function drawOf(op: Op, drawNo: string, status?: string): Promise<Draw> {
  const res = await op.ops('GET', `${DRAW}?limit=200${status ? `&status=${status}` : ''}`);
  expect(res.statusCode).toBe(200);
  const draw = value<{ draws: Draw[] }>(res).draws.find((d) => d.drawNo === drawNo);
  if (!draw) throw new Error(`draw ${drawNo} not listed`);
  return draw;
}
async function auditRows(action: string) {
  const res = await t.ops('GET', `/ops/audit/search?action=${encodeURIComponent(action)}&pageSize=100`);
  return value<{ rows: { action: string; username: string; target: string; before: unknown; after: Record<string, unknown> }[] }>(res).rows;
}
const cookieFrom = (res: LightMyRequestResponse) => {
  const header = res.headers['set-cookie'];
  return (Array.isArray(header) ? header[0]! : String(header)).split(';')[0]!;
};

beforeAll(async () => {
  const lottery = await house!.lottery;
  await lottery.draws.plan();
  a = await t.operator('finance', 'lotto_a');
  b = await t.operator('finance', 'lotto_b');
  support = await t.operator('support', 'lotto_support');
}, HEAVY_TEST_MS);

describe('the lottery from the operator API', () => {
  it('lists the games with their stakes, exposure cap, rates and restricted numbers; changes are audited', async () => {
    const games = value<{ vendor: string; games: Array<Record<string, unknown>> }>(await support.ops('GET', '/ops/lottery/games'));
    expect(games.vendor).toBe('LOTT');
    const north = games.games.find((g) => g.gameCode === 'VN_MB')!;
    expect(north).toMatchObject({
      region: 'VN_NORTH',
      format: 'vn-north',
      enabled: true,
      betTypes: ['lo2', 'lo3', 'de', '3cang', 'xien2', 'xien3', 'xien4'],
      rates: {},
      // docs/lottery.md's default rates (hundredths of a multiplier): lô 2 x80, lô 3 x900, đề x80, 3 càng x700,
      // xiên 2/3/4 x15/x60/x150.
      defaultRates: { lo2: 8000, lo3: 90000, de: 8000, '3cang': 70000, xien2: 1500, xien3: 6000, xien4: 15000 },
      minStake: '1.00',
      maxStake: '100000.00',
      exposureCap: '1000000.00',
      restricted: [],
    });
    // Thai: 3 top x900, 2 bottom x90, run top x3.20; the 1 to 16 format's defaults.
    expect(games.games.find((g) => g.gameCode === 'TH_GLO')).toMatchObject({
      format: 'thai',
      defaultRates: { '3top': 90000, '2bottom': 9000, runtop: 320 },
    });

    const set = await a.ops('PUT', '/ops/lottery/games/VN_MB', { rates: { de: 8500 }, maxStake: '50000.00' });
    expect(set.statusCode).toBe(200);
    expect(value(set)).toMatchObject({ rates: { de: 8500 }, maxStake: '50000.00', minStake: '1.00' });
    // A rate of a bet type the format does not offer, a maximum under the minimum: refused, nothing changed.
    expect((await a.ops('PUT', '/ops/lottery/games/VN_MB', { rates: { '3top': 1000 } })).json()).toMatchObject({ message: 'validation_failed' });
    const low = await a.ops('PUT', '/ops/lottery/games/VN_MB', { maxStake: '0.50', minStake: '1.00' });
    expect([low.statusCode, low.json().message]).toEqual([400, 'lottery_stake_invalid']);
    expect((await a.ops('PUT', '/ops/lottery/games/NO_GAME', { enabled: false })).json().message).toBe('lottery_game_unknown');

    const restricted = await a.ops('PUT', '/ops/lottery/games/VN_MB/restricted', { betKeys: ['lo2:18', 'de:02'] });
    expect(value<{ restricted: string[] }>(restricted).restricted).toEqual(['de:02', 'lo2:18']);
    const fewer = await a.ops('PUT', '/ops/lottery/games/VN_MB/restricted', { betKeys: ['de:02'] });
    expect(value<{ restricted: string[] }>(fewer).restricted).toEqual(['de:02']);
    // Back to the defaults for what follows.
    await a.ops('PUT', '/ops/lottery/games/VN_MB', { rates: {}, maxStake: '100000.00' });
    await a.ops('PUT', '/ops/lottery/games/VN_MB/restricted', { betKeys: [] });

    const [change] = (await auditRows('lottery.game.set')).filter((r) => r.username === 'lotto_a').slice(-1);
    expect(change).toMatchObject({
      target: 'lottery:LOTT:VN_MB',
      before: { rates: {}, maxStake: '100000.00' },
      after: { operator: `op-${a.id}`, rates: { de: 8500 }, maxStake: '50000.00' },
    });
    expect((await auditRows('lottery.restricted.set')).map((r) => r.after)).toEqual(
      expect.arrayContaining([
        { operator: `op-${a.id}`, added: ['de:02', 'lo2:18'], removed: [] },
        { operator: `op-${a.id}`, added: [], removed: ['lo2:18'] },
      ]),
    );
  });

  it('an operator without lottery.manage reads the draws but changes nothing', async () => {
    expect((await support.ops('GET', `${DRAW}?status=scheduled`)).statusCode).toBe(200);
    const refused = await support.ops('POST', `${DRAW}/20261208/move`, { drawAt: '2026-12-08T12:00:00Z' });
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'ops_permission_denied']);
    expect((await support.ops('PUT', '/ops/lottery/games/VN_MB', { enabled: false })).statusCode).toBe(403);
    expect((await support.ops('POST', `${DRAW}/20261207/result`, { result: northFixture.result, source: 'x' })).statusCode).toBe(403);
    expect((await drawOf(a, '20261208')).drawAt).toBe('2026-12-08T11:15:00.000Z');
  });

  it(
    "a member's ticket shows in its draw's tallies and exposure",
    async () => {
      const m = await createMember(t);
      await fundMember(t, m.id, 100_000n);
      const launched = await m.c.inject({ method: 'POST', url: '/wps/game/vendorLaunch', payload: { vendor: 'LOTT', gameCode: 'VN_MB', language: 'en' } });
      const url = new URL(body<{ url: string }>(launched).value.url);
      const cookie = cookieFrom(await t.inject({ method: 'GET', url: `${url.pathname}${url.search}` }));
      const bought = await t.inject({
        method: 'POST',
        url: '/house/lotto/api/tickets',
        headers: { cookie },
        payload: { gameCode: 'VN_MB', drawNo: '20261210', bets: [{ type: 'lo2', numbers: ['18'], stake: 100 }] },
      });
      expect(bought.json()).toMatchObject({ ok: true, cost: '2700', balance: '97300' });
      memberId = m.id;

      expect((await drawOf(a, '20261210')).tickets).toEqual({ count: 1, stakes: '27.00', wins: '0.00', unsettled: 1, refunded: 0 });
      const exposure = value(await support.ops('GET', `${DRAW}/20261210/exposure`));
      // One lot of 1.00 at x80: the house owes 80.00 on 18 if it comes out.
      expect(exposure).toEqual({ gameCode: 'VN_MB', drawNo: '20261210', cap: '1000000.00', numbers: [{ betKey: 'lo2:18', liability: '80.00' }] });
      expect((await support.ops('GET', `${DRAW}/20991231/exposure`)).json().message).toBe('lottery_draw_unknown');
    },
    HEAVY_TEST_MS,
  );

  it('a result before the close, or malformed, is refused with its key and changes nothing', async () => {
    const early = await a.ops('POST', `${DRAW}/20261207/result`, { result: northFixture.result, source: 'xoso.com.vn' });
    expect([early.statusCode, early.json().message]).toEqual([409, 'lottery_draw_not_closed']);

    clock.advance(Date.parse('2026-12-07T11:40:00Z') - clock.now());
    const { g7: _g7, ...missing } = northFixture.result;
    const bad = await a.ops('POST', `${DRAW}/20261207/result`, { result: { ...missing, g1: '1214' }, source: 'xoso.com.vn' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'lottery_result_invalid', fields: { 'result.g1': 'expected 5 digits', 'result.g7': expect.any(String) } });
    const notObject = await a.ops('POST', `${DRAW}/20261207/result`, { result: 'special 84102', source: 'xoso.com.vn' });
    expect([notObject.statusCode, notObject.json().message]).toEqual([400, 'validation_failed']);
    const draw = await drawOf(a, '20261207');
    expect(draw).toMatchObject({ status: 'scheduled', closed: true, result: null });
    expect((await auditRows('lottery.result.enter')).length).toBe(0);
  });

  it(
    "operator A enters the real XSMB of 12 May 2023, A's confirmation is refused, operator B confirms: the draw is resulted",
    async () => {
      // A wrong entry first: B discards it, so that it can be entered again.
      const wrong = { ...northFixture.result, special: '84103' };
      expect(value(await a.ops('POST', `${DRAW}/20261207/result`, { result: wrong, source: 'typo' }))).toEqual({
        gameCode: 'VN_MB',
        drawNo: '20261207',
        change: 'result.enter',
      });
      const twice = await b.ops('POST', `${DRAW}/20261207/result`, { result: northFixture.result, source: 'xoso.com.vn' });
      expect([twice.statusCode, twice.json().message]).toEqual([409, 'lottery_result_exists']);
      expect((await b.ops('POST', `${DRAW}/20261207/result/discard`)).statusCode).toBe(200);
      expect((await drawOf(b, '20261207')).result).toBeNull();

      const entered = await a.ops('POST', `${DRAW}/20261207/result`, { result: northFixture.result, source: 'xoso.com.vn' });
      expect(entered.statusCode).toBe(200);
      const seenByA = await drawOf(a, '20261207');
      expect(seenByA.result).toEqual({
        status: 'entered',
        enteredBy: `op-${a.id}`,
        enteredByName: 'lotto_a',
        enteredByYou: true,
        numbers: northFixture.result,
        source: 'xoso.com.vn',
      });
      expect((await drawOf(b, '20261207')).result).toMatchObject({ status: 'entered', enteredByYou: false });

      const own = await a.ops('POST', `${DRAW}/20261207/result/confirm`);
      expect([own.statusCode, own.json().message]).toEqual([403, 'lottery_result_same_operator']);
      expect((await drawOf(a, '20261207')).status).toBe('scheduled');

      const confirmed = await b.ops('POST', `${DRAW}/20261207/result/confirm`);
      expect(value(confirmed)).toEqual({ gameCode: 'VN_MB', drawNo: '20261207', change: 'result.confirm' });
      const resulted = await drawOf(support, '20261207', 'resulted');
      expect(resulted).toMatchObject({ status: 'resulted', result: { status: 'confirmed', enteredByName: 'lotto_a', numbers: northFixture.result } });
      const again = await b.ops('POST', `${DRAW}/20261207/result/confirm`);
      expect([again.statusCode, again.json().message]).toEqual([409, 'lottery_result_exists']);

      // One audit row per change, naming the operator; the entry carries the result JSON.
      const enters = await auditRows('lottery.result.enter');
      expect(enters.map((r) => r.username)).toEqual(['lotto_a', 'lotto_a']);
      expect(enters[0]).toMatchObject({
        target: 'lottery:LOTT:VN_MB:20261207',
        after: { operator: `op-${a.id}`, result: northFixture.result, source: 'xoso.com.vn' },
      });
      expect((await auditRows('lottery.result.discard')).map((r) => [r.username, r.before])).toEqual([
        ['lotto_b', { result: wrong, source: 'typo', enteredBy: `op-${a.id}` }],
      ]);
      expect((await auditRows('lottery.result.confirm')).map((r) => [r.username, r.target])).toEqual([['lotto_b', 'lottery:LOTT:VN_MB:20261207']]);
    },
    HEAVY_TEST_MS,
  );

  it('a draw moves to a later time; never into the past', async () => {
    const moved = await a.ops('POST', `${DRAW}/20261209/move`, { drawAt: '2026-12-09T12:30:00+07:00' });
    expect(value(moved)).toEqual({ gameCode: 'VN_MB', drawNo: '20261209', change: 'draw.move', drawAt: '2026-12-09T05:30:00.000Z' });
    const draw = await drawOf(a, '20261209');
    expect(draw).toMatchObject({ drawAt: '2026-12-09T05:30:00.000Z', status: 'scheduled' });
    const past = await a.ops('POST', `${DRAW}/20261209/move`, { drawAt: '2026-12-07T11:00:00Z' });
    expect([past.statusCode, past.json().message]).toEqual([400, 'lottery_draw_time_past']);
    const resulted = await a.ops('POST', `${DRAW}/20261207/move`, { drawAt: '2026-12-30T11:00:00Z' });
    expect([resulted.statusCode, resulted.json().message]).toEqual([409, 'lottery_draw_closed']);
    expect((await auditRows('lottery.draw.move')).map((r) => [r.username, r.before, r.after])).toEqual([
      ['lotto_a', { drawAt: '2026-12-09T11:15:00.000Z' }, { operator: `op-${a.id}`, drawAt: '2026-12-09T05:30:00.000Z' }],
    ]);
  });

  it(
    'a void is a four-eyes request; once a second operator approves it, the draw is void and its tickets refunded',
    async () => {
      const requested = await a.ops('POST', `${DRAW}/20261210/void`, { reason: 'official draw cancelled' });
      const pending = value<{ approvalId: number; status: string }>(requested);
      expect(pending.status).toBe('pending');
      expect((await drawOf(a, '20261210')).status).toBe('scheduled');
      const twice = await b.ops('POST', `${DRAW}/20261210/void`, { reason: 'again' });
      expect([twice.statusCode, twice.json().message]).toEqual([409, 'approval_already_pending']);
      // A's own request: A cannot approve it.
      expect((await a.ops('POST', `/ops/approvals/${pending.approvalId}/approve`, {})).json().message).toBe('approval_own_request');
      const approved = await b.ops('POST', `/ops/approvals/${pending.approvalId}/approve`, {});
      expect(approved.statusCode).toBe(200);
      expect(value(approved)).toMatchObject({ status: 'approved', decidedBy: 'lotto_b' });

      const voided = await drawOf(a, '20261210');
      expect(voided).toMatchObject({ status: 'void', voidReason: 'official draw cancelled' });
      // The lottery's ticks roll the ticket back (after the electronic draws of the day, 20 draws a tick): the member
      // has the stake again.
      const lottery = await house!.lottery;
      for (let i = 0; i < 20 && (await lottery.tick()).refunded === 0; i++);
      expect(await t.app.services.wallet.balanceOf({ id: memberId, trial: false })).toBe(100_000n);
      expect((await drawOf(a, '20261210')).tickets).toMatchObject({ count: 0, refunded: 1 });

      const already = await a.ops('POST', `${DRAW}/20261210/void`, { reason: 'once more' });
      expect([already.statusCode, already.json().message]).toEqual([409, 'lottery_draw_void']);
      expect((await a.ops('POST', `${DRAW}/20991231/void`, { reason: 'no such draw' })).json().message).toBe('lottery_draw_unknown');
      expect((await a.ops('POST', `${DRAW}/20261211/void`, { reason: 'x' })).json().message).toBe('validation_failed');

      const request = (await auditRows('lottery.draw.void')).map((r) => [r.username, r.target]);
      expect(request).toEqual([['lotto_a', `approval:${pending.approvalId}`]]);
      const applied = (await auditRows('approval.approve')).find((r) => r.target === 'lottery:LOTT:VN_MB:20261210');
      expect(applied).toMatchObject({
        username: 'lotto_b',
        after: { approval: { action: 'lottery.draw.void', requestedBy: 'lotto_a' }, change: { operator: `op-${b.id}`, status: 'void' } },
      });
    },
    HEAVY_TEST_MS,
  );

  it(
    'the same calls go over HTTP to the origin of the vendor launch URL; a wrong secret or no lottery there is unavailable, never a change',
    async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const vendorOf = t.app.services.vendor.service.vendorOf;
      const registry = {
        vendorOf: async (code: string) => {
          const v = await vendorOf(code);
          return v ? { ...v, row: { ...v.row, launchUrl: `${origin}/house/lotto/play` } } : null;
        },
      };
      const remote = createLottoVendorOps({ vendors: registry, vendorCode: 'LOTT', now: clock.now });
      const games = await remote.call('games/list', 'op-1', {});
      expect(games.games.map((g) => g.gameCode)).toContain('VN_MB');
      // Settled by the ticks of the void's test (it had no ticket).
      const draws = await remote.call('draws/list', 'op-1', { gameCode: 'VN_MB', status: 'settled', limit: 5 });
      expect(draws.draws[0]).toMatchObject({ drawNo: '20261207', status: 'settled', result: { status: 'confirmed', numbers: northFixture.result } });

      const wrongSecret = createLottoVendorOps({
        vendors: { vendorOf: async (code) => ({ ...(await registry.vendorOf(code))!, secret: 'not-the-lottery-secret-0123456789abcdef' }) },
        vendorCode: 'LOTT',
        now: clock.now,
      });
      await expect(wrongSecret.call('draws/move', 'op-1', { gameCode: 'VN_MB', drawNo: '20261211', drawAt: '2026-12-11T12:00:00Z' })).rejects.toMatchObject({
        code: 'lottery_vendor_unavailable',
        status: 502,
      });
      expect((await drawOf(a, '20261211')).drawAt).toBe('2026-12-11T11:15:00.000Z');

      // Nothing listening there: unavailable within the timeout.
      const nowhere = createLottoVendorOps({ vendors: registry, vendorCode: 'LOTT', now: clock.now, remote: () => httpLottoOpsTransport('http://127.0.0.1:9', 2_000) });
      await expect(nowhere.call('games/list', 'op-1', {})).rejects.toMatchObject({ code: 'lottery_vendor_unavailable' });
      const unknown = createLottoVendorOps({ vendors: registry, vendorCode: 'NOPE', now: clock.now });
      await expect(unknown.call('games/list', 'op-1', {})).rejects.toMatchObject({ code: 'lottery_vendor_unavailable', status: 503 });
    },
    HEAVY_TEST_MS,
  );
});

