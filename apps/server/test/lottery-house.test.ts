import type { House } from '@lotus/games/house';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import northFixture from '../../games/src/lottery/fixtures/vn-north-2023-05-12.json';
import { mountHouse, provisionHouseVendor } from '../src/house';
import { createMember } from './factories';
import { body, createClock, testEnv, useTestApp, type TestClient } from './helper';
import { fundMember } from './vendor-client';

// A house database, a launch and a settlement through the real protocol: several seconds on a busy machine.
const HEAVY_TEST_MS = 180_000;

/**
 * Issue 27 end to end on the platform: the house lottery mounted in process as its own vendor LOTT (the
 * embedded demo's way), a member launched into it, tickets bought as signed bets on the real wallet, a real
 * published XSMB result entered and confirmed by two operators, the win paid once as a signed win, and the
 * draws pushed to the platform's mirror that the lobby calls read.
 */
const clock = createClock({ frozen: Date.parse('2026-12-07T10:50:00Z') }); // 17:50 in Hanoi, before the North draw's lock
let house: House | null = null;
const t = useTestApp({
  clock,
  beforeReady: async (app, c, db) => {
    const database = db.url ? { url: db.url } : { dataDir: 'memory://' };
    house = await mountHouse(app, testEnv(), { database, now: c.now, sweeper: false });
    await provisionHouseVendor(app, 'http://lotus.test');
  },
});

const cookieFrom = (res: LightMyRequestResponse) => {
  const header = res.headers['set-cookie'];
  return (Array.isArray(header) ? header[0]! : String(header)).split(';')[0]!;
};

/** The member's launch of the lottery (vendor LOTT), opened: the lottery's session cookie. */
async function launchLottery(c: TestClient) {
  const launched = await c.inject({
    method: 'POST',
    url: '/wps/game/vendorLaunch',
    payload: { vendor: 'LOTT', gameCode: 'VN_MB', language: 'en' },
  });
  const url = new URL(body<{ url: string }>(launched).value.url);
  expect(`${url.origin}${url.pathname}`).toBe('http://lotus.test/house/lotto/play');
  const open = await t.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(open.statusCode).toBe(303);
  expect(open.headers.location).not.toContain('token=');
  return cookieFrom(open);
}

describe('the house lottery through the vendor protocol', () => {
  it(
    'a member buys lô, đề and xiên on a North draw; the confirmed real result pays the win once on the wallet and the mirror shows the result',
    async () => {
      const lottery = await house!.lottery;
      await lottery.draws.plan();
      const m = await createMember(t);
      await fundMember(t, m.id, 100_000n); // 1,000.00 THB
      const cookie = await launchLottery(m.c);

      const state = (
        await t.inject({ method: 'GET', url: '/house/lotto/api/state', headers: { cookie } })
      ).json();
      expect(state.balance).toBe('100000');
      const north = state.games.find((g: { code: string }) => g.code === 'VN_MB');
      expect(north.draws[0].drawNo).toBe('20261207');

      // The real XSMB of 12 May 2023: tail 18 comes out twice, the special 84102 ends in 02, 30 and 75 are tails.
      const bought = await t.inject({
        method: 'POST',
        url: '/house/lotto/api/tickets',
        headers: { cookie },
        payload: {
          gameCode: 'VN_MB',
          drawNo: '20261207',
          bets: [
            { type: 'lo2', numbers: ['18'], stake: 100 }, // 27 lots: 27.00 THB; 2 hits x 1.00 x 80 = 160.00
            { type: 'de', numbers: ['02'], stake: 500 }, // 5.00 THB; x80 = 400.00
            { type: 'xien2', numbers: ['30', '75'], stake: 200 }, // 2.00 THB; x15 = 30.00
          ],
        },
      });
      expect(bought.json()).toMatchObject({ ok: true, cost: '3400', balance: '96600' });
      const wallet = t.app.services.wallet;
      expect(await wallet.balanceOf({ id: m.id, trial: false })).toBe(96_600n);

      // A ticket after the lock is refused by the server and charges nothing.
      clock.advance(Date.parse('2026-12-07T10:59:01Z') - clock.now());
      const late = await t.inject({
        method: 'POST',
        url: '/house/lotto/api/tickets',
        headers: { cookie },
        payload: {
          gameCode: 'VN_MB',
          drawNo: '20261207',
          bets: [{ type: 'de', numbers: ['02'], stake: 100 }],
        },
      });
      expect(late.json()).toEqual({ ok: false, error: 'lottery_draw_closed' });

      // Two operators: one enters the published result, another confirms it; then the lottery settles.
      clock.advance(Date.parse('2026-12-07T11:40:00Z') - clock.now());
      expect(
        await lottery.draws.enterResult({
          gameCode: 'VN_MB',
          drawNo: '20261207',
          result: northFixture.result,
          source: 'xoso.com.vn',
          operator: 'op-1',
        }),
      ).toMatchObject({ ok: true });
      expect(
        await lottery.draws.confirmResult({ gameCode: 'VN_MB', drawNo: '20261207', operator: 'op-2' }),
      ).toMatchObject({ ok: true });
      await lottery.tick();
      await lottery.tick();
      expect(await wallet.balanceOf({ id: m.id, trial: false })).toBe(96_600n + 16_000n + 40_000n + 3_000n);
      const tickets = (
        await t.inject({ method: 'GET', url: '/house/lotto/api/tickets', headers: { cookie } })
      ).json().tickets;
      expect(tickets).toHaveLength(1);
      expect(tickets[0]).toMatchObject({ status: 'paid', win: '59000', cost: '3400' });

      // Settling again moves nothing.
      await lottery.tick();
      expect(await wallet.balanceOf({ id: m.id, trial: false })).toBe(155_600n);

      // The platform's mirror: the draw is settled with its result, read by the results history call.
      const history = await t.inject({
        method: 'GET',
        url: '/lgw/vn/numeros/opened/game?gameCode=VN_MB&count=5&prizeMode=LOTT',
      });
      const draws = body<{ list: Array<{ numero: string; status: string; result: unknown }> }>(history).value
        .list;
      const settled = draws.find((d) => d.numero === '20261207');
      expect(settled).toMatchObject({ status: 'settled', result: northFixture.result });
    },
    HEAVY_TEST_MS,
  );
});
