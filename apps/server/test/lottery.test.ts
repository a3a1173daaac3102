import { describe, expect, it } from 'vitest';
import type { TLottoDraw, TLottoGame, TLottoNumeros } from '@lotus/contracts/lottery';
import { createMember, type Member } from './factories';
import { body, createClock, useTestApp } from './helper';
import {
  answerSignature,
  createVendor,
  fundMember,
  openSession,
  vendorCaller,
  type VendorCaller,
} from './vendor-client';

/**
 * The lottery mirror and lobby (docs/adr/0093-lottery-lobby-calls.md, docs/vendor-protocol.md section 11): a lottery
 * vendor's signed POST /vendor/v1/lotto/sync stores its games and draws, and the lobby calls answer from them as a
 * page would read them: the open draw of each game (numero, remainTime and lockTime in seconds, drawDayOfWeek,
 * winningTime), the Vietnamese lobby's menus, a game's results history, and the member's recent lottery games from
 * the platform's ledger. Each test has its own vendor and game codes (the lobby lists every vendor's games).
 */
const clock = createClock({ frozen: Date.now() });
const t = useTestApp({ clock });

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ZONE_OFFSET = 7 * 60 * MINUTE; // Asia/Bangkok and Asia/Ho_Chi_Minh are UTC+7 (no DST)

type Game = Record<string, unknown> & { gameCode: string };
const game = (gameCode: string, over: Record<string, unknown> = {}): Game => ({
  gameCode,
  region: 'VN_NORTH',
  format: 'vn-north',
  timeZone: 'Asia/Ho_Chi_Minh',
  names: { th: `หวย ${gameCode}`, en: `Lottery ${gameCode}`, vi: `Xổ số ${gameCode}` },
  drawDays: [1, 2, 3, 4, 5, 6, 7],
  enabled: true,
  sort: 0,
  ...over,
});
/** YYYYMMDD of an instant's day at UTC+7. */
const dayNo = (ms: number) => new Date(ms + ZONE_OFFSET).toISOString().slice(0, 10).replaceAll('-', '');
const iso = (ms: number) => new Date(ms).toISOString();
/** A draw closing at `closeAt`: locked 60 s before, drawn 15 minutes after (ADR 0092's Vietnamese timings). */
const draw = (gameCode: string, closeAt: number, over: Record<string, unknown> = {}) => ({
  gameCode,
  drawNo: dayNo(closeAt),
  lockAt: iso(closeAt - MINUTE),
  closeAt: iso(closeAt),
  drawAt: iso(closeAt + 15 * MINUTE),
  status: 'scheduled',
  result: null,
  resultSource: null,
  beaconChain: null,
  beaconRound: null,
  beaconSignature: null,
  version: 1,
  ...over,
});
/** A XSMB result (docs/lottery.md: 27 numbers of 5, 5, 5, 5, 4, 4, 3, 2 digits). */
const XSMB = {
  special: '80249',
  g1: '92492',
  g2: ['13574', '02468'],
  g3: ['11111', '22222', '33333', '44444', '55555', '66666'],
  g4: ['1234', '5678', '9012', '3456'],
  g5: ['0001', '0002', '0003', '0004', '0005', '0006'],
  g6: ['123', '456', '789'],
  g7: ['12', '34', '56', '78'],
};

let seq = 0;
const push = (v: VendorCaller, games: unknown[], draws: unknown[]) => {
  seq += 1;
  return v.call('lotto/sync', { requestId: `lotto-${seq}`, games, draws });
};
const pushOk = async (v: VendorCaller, games: unknown[], draws: unknown[]) => {
  const res = await push(v, games, draws);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json(), res.body).toMatchObject({ status: 'OK' });
  return res.json() as { status: 'OK'; requestId: string; games: number; draws: number };
};
const lottoVendor = async (code?: string) => vendorCaller(t, await createVendor(t, code ? { code } : {}));

const get = (url: string, c?: Member['c']) => (c ? c.inject({ method: 'GET', url }) : t.inject(url));
async function value<T>(url: string, c?: Member['c']): Promise<T> {
  const res = await get(url, c);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return body<T>(res).value;
}
const opened = async (query = '') =>
  (await value<{ list: TLottoGame[] }>(`/lotto/lgw/games/opened/numero${query}`)).list;
const openedOf = async (v: VendorCaller) => opened(`?vassalage=${v.code}`);
const numeros = (query: string) => value<TLottoNumeros>(`/lgw/vn/numeros/opened/game${query}`);
const menus = (query = '') =>
  value<{ menu: string; games: TLottoGame[] }[]>(`/lgw/vn/games/game_menu${query}`);

describe('POST /vendor/v1/lotto/sync and the lobby calls', () => {
  it('7.GAME.07 3.GAME.04 4.LOT.06 a signed push stores games and draws; the open draw shows numero, remainTime, lockTime (seconds), drawDayOfWeek and winningTime', async () => {
    const v = await lottoVendor('LOTT');
    const now = t.clock.now();
    const close = now + 10 * MINUTE;
    // The Thai lottery draws on dates: its drawDayOfWeek is the weekday of its next draw, in Bangkok.
    const thaiClose = now + 3 * DAY;
    const res = await push(
      v,
      [
        game('VN_MB'),
        game('TH_GLO', {
          region: 'TH',
          format: 'thai',
          timeZone: 'Asia/Bangkok',
          names: { th: 'หวยรัฐบาลไทย', en: 'Thai Government Lottery' },
          drawDays: [],
        }),
        game('ELOTT_5M', {
          region: 'ELECTRONIC',
          format: 'elott',
          timeZone: 'Asia/Bangkok',
          drawDays: [1, 2, 3, 4, 5, 6, 7],
        }),
        game('VN_MN_HCM', { region: 'VN_SOUTH', format: 'vn-south', drawDays: [7, 2] }),
        game('VN_MT_PY', { region: 'VN_CENTRAL', format: 'vn-south', drawDays: [2], enabled: false }),
      ],
      [
        draw('VN_MB', close),
        draw('VN_MB', close + DAY),
        draw('TH_GLO', thaiClose, { lockAt: iso(thaiClose - MINUTE), drawAt: iso(thaiClose + 90 * MINUTE) }),
        draw('ELOTT_5M', now + 4 * MINUTE + 30_000, {
          drawNo: `${dayNo(now)}123`,
          lockAt: iso(now + 4 * MINUTE + 25_000),
          drawAt: iso(now + 5 * MINUTE),
          beaconChain: 'sandbox',
          beaconRound: 123456,
        }),
        draw('VN_MT_PY', close),
      ],
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK', requestId: `lotto-${seq}`, games: 5, draws: 5 });
    // The answer is signed as every protocol answer (v1.1).
    expect(res.headers['x-signature']).toBe(
      answerSignature(v.secret, 200, 'lotto/sync', res.headers['x-timestamp'] as string, res.body),
    );

    const list = await openedOf(v);
    // Enabled games only, in the vendor's order (sort, then code).
    expect(list.map((g) => g.gameCode)).toEqual(['ELOTT_5M', 'TH_GLO', 'VN_MB', 'VN_MN_HCM']);
    const byCode = Object.fromEntries(list.map((g) => [g.gameCode, g]));
    expect(byCode.VN_MB).toEqual({
      gameCode: 'VN_MB',
      vassalage: 'LOTT',
      gameType: 'LOTT',
      gameGroupCode: 'VN_NORTH',
      names: { th: 'หวย VN_MB', en: 'Lottery VN_MB', vi: 'Xổ số VN_MB' },
      numero: dayNo(close),
      remainTime: 600,
      lockTime: 60,
      drawDayOfWeek: [1, 2, 3, 4, 5, 6, 7],
      winningTime: iso(close + 15 * MINUTE),
    });
    expect(byCode.TH_GLO).toMatchObject({
      gameType: 'LOTT',
      gameGroupCode: 'TH',
      names: { th: 'หวยรัฐบาลไทย', en: 'Thai Government Lottery' },
      numero: dayNo(thaiClose),
      remainTime: 3 * 24 * 3600,
      lockTime: 60,
      drawDayOfWeek: [new Date(thaiClose + 90 * MINUTE + ZONE_OFFSET).getUTCDay() + 1],
    });
    expect(byCode.ELOTT_5M).toMatchObject({
      gameType: 'ELOTT',
      gameGroupCode: 'ELECTRONIC',
      numero: `${dayNo(now)}123`,
      remainTime: 270,
      lockTime: 5,
    });
    // A game without an open draw is listed with numero null.
    expect(byCode.VN_MN_HCM).toMatchObject({
      numero: null,
      remainTime: null,
      lockTime: null,
      winningTime: null,
      drawDayOfWeek: [2, 7],
    });

    // One game, by its code.
    expect((await opened('?prizeMode=LOTT&gameCode=VN_MB&vassalage=LOTT')).map((g) => g.numero)).toEqual([
      dayNo(close),
    ]);
  });

  it('4.LOT.06 7.GAME.07 7.GAME.06 as the clock passes the lock, the next draw becomes the open one; the closed draw waits in the history', async () => {
    const v = await lottoVendor();
    const code = 'VN_MB_CLK';
    const close = t.clock.now() + 10 * MINUTE;
    await pushOk(v, [game(code)], [draw(code, close), draw(code, close + DAY)]);
    const first = (await openedOf(v))[0]!;
    expect(first).toMatchObject({ numero: dayNo(close), remainTime: 600, lockTime: 60 });

    t.clock.advance(9 * MINUTE - 1_000); // one second before the lock
    expect((await openedOf(v))[0]).toMatchObject({ numero: dayNo(close), remainTime: 61, lockTime: 60 });
    t.clock.advance(500); // half a second before it: whole seconds, rounded down
    expect((await openedOf(v))[0]).toMatchObject({ numero: dayNo(close), remainTime: 60, lockTime: 60 });
    t.clock.advance(500); // the lock: the draw is no longer open
    const next = (await openedOf(v))[0]!;
    expect(next).toMatchObject({
      numero: dayNo(close + DAY),
      remainTime: 24 * 3600 + 60,
      lockTime: 60,
      winningTime: iso(close + DAY + 15 * MINUTE),
    });

    // The history: the open draw first, then the locked one still waiting for its result.
    const history = await numeros(`?gameCode=${code}&count=100`);
    expect(history.list.map((d) => [d.numero, d.status, d.result])).toEqual([
      [dayNo(close + DAY), 'scheduled', null],
      [dayNo(close), 'scheduled', null],
    ]);
  });

  it('7.GAME.06 7.PAR.11 the results history: newest first, up to the open draw, count 100 by default, the result only once resulted or settled', async () => {
    const v = await lottoVendor();
    const code = 'VN_MB_HIST';
    const now = t.clock.now();
    const open = now + 2 * 60 * MINUTE;
    const past = Array.from({ length: 104 }, (_, i) => {
      const close = now - (i + 1) * DAY;
      return draw(code, close, {
        status: i === 1 ? 'void' : i === 2 ? 'resulted' : 'settled',
        result: i === 1 ? null : XSMB,
        resultSource: 'xsmb.vn',
        version: 2,
      });
    });
    // A scheduled draw that carries a result (a vendor's mistake) shows none; a draw planned beyond the open one is
    // not opened yet and is left out.
    await pushOk(v, [game(code)], [...past, draw(code, open, { result: XSMB }), draw(code, open + DAY)]);

    const all = await numeros(`?gameCode=${code}&prizeMode=LOTT&device=WEB`);
    expect(all).toMatchObject({ gameCode: code, vassalage: v.code, format: 'vn-north' });
    expect(all.list).toHaveLength(100);
    expect(all.list[0]).toEqual({
      numero: dayNo(open),
      drawAt: iso(open + 15 * MINUTE),
      status: 'scheduled',
      result: null,
      resultSource: null,
      beaconChain: null,
      beaconRound: null,
      beaconSignature: null,
    } satisfies TLottoDraw);
    expect(all.list.slice(1, 4).map((d) => [d.numero, d.status])).toEqual([
      [dayNo(now - DAY), 'settled'],
      [dayNo(now - 2 * DAY), 'void'],
      [dayNo(now - 3 * DAY), 'resulted'],
    ]);
    expect(all.list[2]!.result).toBeNull();
    // Stored as given: the same numbers, in the vendor's key order.
    expect(all.list[1]!.result).toEqual(XSMB);
    expect(Object.keys(all.list[3]!.result!)).toEqual(Object.keys(XSMB));
    expect(all.list[1]!.resultSource).toBe('xsmb.vn');
    const times = all.list.map((d) => Date.parse(d.drawAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    expect((await numeros(`?gameCode=${code}&count=3`)).list.map((d) => d.numero)).toEqual([
      dayNo(open),
      dayNo(now - DAY),
      dayNo(now - 2 * DAY),
    ]);

    // An electronic draw carries its beacon evidence.
    const e = 'ELOTT_HIST';
    const drawn = now - 10 * MINUTE;
    const signature = 'ab'.repeat(48);
    const elott = { first: '123456', front3: ['123', '456'], last3: ['789', '012'], last2: '34' };
    await pushOk(
      v,
      [game(e, { region: 'ELECTRONIC', format: 'elott', timeZone: 'Asia/Bangkok' })],
      [
        draw(e, drawn - 30_000, {
          drawNo: `${dayNo(drawn)}042`,
          lockAt: iso(drawn - 35_000),
          drawAt: iso(drawn),
          status: 'resulted',
          result: elott,
          resultSource: 'drand:sandbox:7654321',
          beaconChain: 'sandbox',
          beaconRound: 7654321,
          beaconSignature: signature,
        }),
      ],
    );
    expect((await numeros(`?gameCode=${e}`)).list).toEqual([
      {
        numero: `${dayNo(drawn)}042`,
        drawAt: iso(drawn),
        status: 'resulted',
        result: elott,
        resultSource: 'drand:sandbox:7654321',
        beaconChain: 'sandbox',
        beaconRound: 7654321,
        beaconSignature: signature,
      },
    ]);
  });

  it('a draw is replaced only by a greater version: a late, older push never overwrites a newer state', async () => {
    const v = await lottoVendor();
    const code = 'VN_MB_VER';
    const close = t.clock.now() - DAY;
    const resulted = draw(code, close, {
      status: 'resulted',
      result: XSMB,
      resultSource: 'xsmb.vn',
      version: 2,
    });
    expect(await pushOk(v, [game(code)], [resulted])).toMatchObject({ games: 1, draws: 1 });
    const history = async () =>
      (await numeros(`?gameCode=${code}`)).list.map((d) => [d.status, d.result, d.resultSource]);

    // The older state (version 1) arrives late: nothing changes, and nothing is counted.
    expect(await pushOk(v, [], [draw(code, close, { version: 1 })])).toMatchObject({ games: 0, draws: 0 });
    expect(await history()).toEqual([['resulted', XSMB, 'xsmb.vn']]);
    // The same version again (a retry): nothing changes either; the game unchanged is not counted.
    expect(await pushOk(v, [game(code)], [{ ...resulted, resultSource: 'another source' }])).toMatchObject({
      games: 0,
      draws: 0,
    });
    expect(await history()).toEqual([['resulted', XSMB, 'xsmb.vn']]);
    // A newer state replaces it.
    expect(
      await pushOk(
        v,
        [],
        [draw(code, close, { status: 'settled', result: XSMB, resultSource: 'xsmb.vn', version: 3 })],
      ),
    ).toMatchObject({ draws: 1 });
    expect(await history()).toEqual([['settled', XSMB, 'xsmb.vn']]);
    expect(await pushOk(v, [], [draw(code, close, { status: 'void', version: 4 })])).toMatchObject({
      draws: 1,
    });
    expect(await history()).toEqual([['void', null, null]]);
  });

  it('an unsigned, badly signed or replayed push is refused with 401 and writes nothing', async () => {
    const v = await lottoVendor();
    const code = 'VN_MB_SIG';
    const payload = {
      requestId: 'lotto-sig',
      games: [game(code)],
      draws: [draw(code, t.clock.now() + 10 * MINUTE)],
    };
    const refusals = [
      await v.call('lotto/sync', payload, { signature: null }),
      await v.call('lotto/sync', payload, { secret: 'another-secret-another-secret-another-secret' }),
      // Signed for another body, or for another call and replayed here.
      await v.call('lotto/sync', payload, { signedBody: JSON.stringify({ ...payload, draws: [] }) }),
      await v.call('lotto/sync', payload, { signedPath: 'games/sync' }),
      await v.call('lotto/sync', payload, { code: null }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'ERROR', code: 'INVALID_SIGNATURE' });
    }
    expect(await openedOf(v)).toEqual([]);
    expect((await get(`/lgw/vn/numeros/opened/game?gameCode=${code}`)).statusCode).toBe(404);
  });

  it('a draw of a game neither in the push nor stored for this vendor refuses the whole push (INVALID_REQUEST, nothing written)', async () => {
    const v = await lottoVendor();
    const other = await lottoVendor();
    const close = t.clock.now() + 10 * MINUTE;
    await pushOk(other, [game('VN_MB_OTHER')], []);

    // A game and a draw of an unknown game: neither is written.
    for (const draws of [
      [draw('VN_MB_UNK', close), draw('VN_MB_NOPE', close)],
      [draw('VN_MB_UNK', close), draw('VN_MB_OTHER', close)],
    ]) {
      const res = await push(v, [game('VN_MB_UNK')], draws);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'ERROR',
        requestId: `lotto-${seq}`,
        code: 'INVALID_REQUEST',
        message: 'The request is not valid',
      });
    }
    expect(await openedOf(v)).toEqual([]);

    // A draw of a game stored by an earlier push needs no game in this one.
    await pushOk(v, [game('VN_MB_UNK')], []);
    expect(await pushOk(v, [], [draw('VN_MB_UNK', close)])).toMatchObject({ games: 0, draws: 1 });
    expect((await openedOf(v)).map((g) => g.numero)).toEqual([dayNo(close)]);
  });

  it('a malformed push answers INVALID_REQUEST and writes nothing', async () => {
    const v = await lottoVendor();
    const code = 'VN_MB_BAD';
    const close = t.clock.now() + 10 * MINUTE;
    await pushOk(v, [game(code)], [draw(code, close)]);
    const before = await openedOf(v);
    const d = draw(code, close + DAY);
    const bad: Record<string, unknown>[] = [
      { games: [], draws: [d], extra: true },
      { games: [game(code, { colour: 'red' })], draws: [] },
      { games: [game(code, { region: 'LAOS' })], draws: [] },
      { games: [game(code, { format: 'xsmb' })], draws: [] },
      { games: [game(code, { timeZone: 'Asia/Tokyo' })], draws: [] },
      { games: [game(code, { drawDays: [0] })], draws: [] },
      { games: [game(code, { drawDays: [2, 2] })], draws: [] },
      { games: [game(code, { names: { th: 'หวย' } })], draws: [] },
      { games: [game('bad code!')], draws: [] },
      { games: [game(code), game(code)], draws: [] },
      { games: Array.from({ length: 201 }, (_, i) => game(`G${i}`)), draws: [] },
      { games: [], draws: [{ ...d, drawNo: '202612071' }] },
      { games: [], draws: [{ ...d, lockAt: d.closeAt, closeAt: d.lockAt }] },
      { games: [], draws: [{ ...d, drawAt: iso(close + DAY - 2 * MINUTE) }] },
      { games: [], draws: [{ ...d, closeAt: '2026-12-07 10:00:00' }] },
      { games: [], draws: [{ ...d, status: 'open' }] },
      { games: [], draws: [{ ...d, version: 0 }] },
      { games: [], draws: [{ ...d, version: 1.5 }] },
      { games: [], draws: [{ ...d, version: '2' }] },
      { games: [], draws: [{ ...d, result: [1, 2] }] },
      { games: [], draws: [{ ...d, resultSource: 'x'.repeat(201) }] },
      { games: [], draws: [{ ...d, beaconChain: 'mainnet' }] },
      { games: [], draws: [{ ...d, beaconSignature: 'ab'.repeat(47) }] },
      { games: [], draws: [{ ...d, beaconRound: -1 }] },
      { games: [], draws: [{ ...d, winner: 'me' }] },
      { games: [], draws: [d, d] },
      { games: [] },
      { draws: [d] },
    ];
    for (const fields of bad) {
      const res = await v.call('lotto/sync', { requestId: 'lotto-bad', ...fields });
      expect(res.statusCode, JSON.stringify(fields).slice(0, 200)).toBe(200);
      expect(res.json(), JSON.stringify(fields).slice(0, 200)).toMatchObject({
        status: 'ERROR',
        requestId: 'lotto-bad',
        code: 'INVALID_REQUEST',
      });
    }
    const notJson = await v.call('lotto/sync', '{"requestId":"x","games":[', {});
    expect(notJson.json()).toMatchObject({ status: 'ERROR', code: 'INVALID_REQUEST' });
    expect(await openedOf(v)).toEqual(before);
    expect((await numeros(`?gameCode=${code}`)).list).toHaveLength(1);
  });

  it('7.GAME.04 7.PAR.14 2.LOB.01 game_menu: one menu per region with enabled games, in the order VN_NORTH, VN_SOUTH, VN_CENTRAL, TH, ELECTRONIC', async () => {
    const v = await lottoVendor();
    const close = t.clock.now() + 30 * MINUTE;
    await pushOk(
      v,
      [
        game('MENU_TH', { region: 'TH', format: 'thai', timeZone: 'Asia/Bangkok', drawDays: [] }),
        game('MENU_N2', { sort: 2 }),
        game('MENU_N1', { sort: 1 }),
        game('MENU_S', { region: 'VN_SOUTH', format: 'vn-south', drawDays: [3] }),
        game('MENU_C', { region: 'VN_CENTRAL', format: 'vn-south', drawDays: [4], enabled: false }),
      ],
      [draw('MENU_N1', close)],
    );
    const all = await menus('?prizeMode=LOTT&device=WEB');
    const order = ['VN_NORTH', 'VN_SOUTH', 'VN_CENTRAL', 'TH', 'ELECTRONIC'];
    // Each region once, in the lobby's order; every menu listed has games, each of its own region.
    expect(all.map((m) => m.menu)).toEqual(order.filter((r) => all.some((m) => m.menu === r)));
    for (const m of all) {
      expect(m.games.length, m.menu).toBeGreaterThan(0);
      for (const g of m.games) expect(g.gameGroupCode).toBe(m.menu);
    }
    const mine = (menu: string) =>
      all
        .find((m) => m.menu === menu)
        ?.games.filter((g) => g.vassalage === v.code)
        .map((g) => g.gameCode) ?? [];
    expect(mine('VN_NORTH')).toEqual(['MENU_N1', 'MENU_N2']);
    expect(mine('VN_SOUTH')).toEqual(['MENU_S']);
    expect(mine('TH')).toEqual(['MENU_TH']);
    expect(mine('VN_CENTRAL')).toEqual([]); // its only game is disabled
    const n1 = all.find((m) => m.menu === 'VN_NORTH')!.games.find((g) => g.gameCode === 'MENU_N1')!;
    expect(n1).toMatchObject({ numero: dayNo(close), remainTime: 1800, lockTime: 60 });
  });

  it('2.LOB.03 the weekday filter matches drawDayOfWeek (a Thai game by the weekday of its next draw); ALL lists every game', async () => {
    const v = await lottoVendor();
    const now = t.clock.now();
    const thaiDraw = now + 2 * DAY;
    const thaiDay = new Date(thaiDraw + ZONE_OFFSET).getUTCDay() + 1;
    const otherDay = (thaiDay % 7) + 1;
    await pushOk(
      v,
      [
        game('WD_TH', { region: 'TH', format: 'thai', timeZone: 'Asia/Bangkok', drawDays: [] }),
        game('WD_S', { region: 'VN_SOUTH', format: 'vn-south', drawDays: [otherDay] }),
      ],
      [draw('WD_TH', thaiDraw - 15 * MINUTE)],
    );
    const codes = (games: TLottoGame[]) =>
      games
        .filter((g) => g.vassalage === v.code)
        .map((g) => g.gameCode)
        .sort();
    expect(codes(await opened(`?vassalage=${v.code}&drawDayOfWeek=ALL`))).toEqual(['WD_S', 'WD_TH']);
    expect(codes(await opened(`?vassalage=${v.code}`))).toEqual(['WD_S', 'WD_TH']);
    expect(codes(await opened(`?vassalage=${v.code}&drawDayOfWeek=${thaiDay}`))).toEqual(['WD_TH']);
    expect(codes(await opened(`?vassalage=${v.code}&drawDayOfWeek=${otherDay}`))).toEqual(['WD_S']);
    // The menus stay; the filter narrows their games.
    const filtered = await menus(`?drawDayOfWeek=${otherDay}`);
    expect(codes(filtered.find((m) => m.menu === 'TH')!.games)).toEqual([]);
    expect(codes(filtered.find((m) => m.menu === 'VN_SOUTH')!.games)).toEqual(['WD_S']);
    for (const q of ['drawDayOfWeek=0', 'drawDayOfWeek=8', 'drawDayOfWeek=all', 'drawDayOfWeek=1,2']) {
      expect((await get(`/lotto/lgw/games/opened/numero?${q}`)).statusCode, q).toBe(400);
    }
  });

  it('3.PRZ.04 prize modes travel as LOTT, ELOTT, ZY or SEA, in any case (Lott, Elott); any other value is a 400', async () => {
    const v = await lottoVendor();
    await pushOk(v, [game('PRZ_MB')], [draw('PRZ_MB', t.clock.now() + 10 * MINUTE)]);
    const base = await opened(`?vassalage=${v.code}`);
    for (const mode of ['LOTT', 'Lott', 'ELOTT', 'Elott', 'ZY', 'SEA', 'sea']) {
      expect(await opened(`?vassalage=${v.code}&prizeMode=${mode}`), mode).toEqual(base);
      expect((await get(`/lgw/vn/games/game_menu?prizeMode=${mode}&device=WEB`)).statusCode, mode).toBe(200);
    }
    for (const mode of ['LOT', 'XYZ', '', 'LOTT ELOTT']) {
      const res = await get(`/lgw/vn/games/game_menu?prizeMode=${encodeURIComponent(mode)}`);
      expect(res.statusCode, mode).toBe(400);
      expect(res.json(), mode).toMatchObject({ success: false, message: 'validation_failed' });
    }
  });

  it('bad queries answer 400 validation_failed; a game no enabled game has answers 404 lottery_game_not_found', async () => {
    const v = await lottoVendor();
    await pushOk(
      v,
      [game('Q_MB'), game('Q_OFF', { enabled: false })],
      [draw('Q_MB', t.clock.now() + 10 * MINUTE)],
    );
    const bad = [
      '/lgw/vn/numeros/opened/game',
      '/lgw/vn/numeros/opened/game?gameCode=Q_MB&count=0',
      '/lgw/vn/numeros/opened/game?gameCode=Q_MB&count=101',
      '/lgw/vn/numeros/opened/game?gameCode=Q_MB&count=abc',
      '/lgw/vn/numeros/opened/game?gameCode=Q_MB&count=-1',
      '/lgw/vn/numeros/opened/game?gameCode=Q_MB&count=2.5',
      '/lgw/vn/numeros/opened/game?gameCode=bad%20code!',
      `/lgw/vn/numeros/opened/game?gameCode=${'X'.repeat(65)}`,
      '/lgw/vn/numeros/opened/game?gameCode=Q_MB&vassalage=bad',
      '/lotto/lgw/games/opened/numero?gameCode=%27%20OR%201%3D1%20--',
      '/lotto/lgw/games/opened/numero?vassalage=lott',
      '/lgw/vn/games/game_menu?device=%3Cscript%3E',
    ];
    for (const url of bad) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ success: false, message: 'validation_failed' });
    }
    for (const url of [
      '/lgw/vn/numeros/opened/game?gameCode=NO_SUCH_GAME',
      '/lgw/vn/numeros/opened/game?gameCode=Q_OFF',
      '/lotto/lgw/games/opened/numero?gameCode=NO_SUCH_GAME',
      `/lotto/lgw/games/opened/numero?gameCode=Q_MB&vassalage=NOSUCHVENDOR`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, message: 'lottery_game_not_found' });
    }
    // An unknown but well-formed vendor matches nothing.
    expect(await opened('?vassalage=NOSUCHVENDOR')).toEqual([]);
    expect((await numeros('?gameCode=Q_MB&count=1')).list).toHaveLength(1);
  });

  it('a game its vendor disables, or a vendor disabled in the registry, leaves the lobby', async () => {
    const v = await lottoVendor();
    const close = t.clock.now() + 10 * MINUTE;
    await pushOk(v, [game('OFF_A'), game('OFF_B')], [draw('OFF_A', close), draw('OFF_B', close)]);
    expect((await openedOf(v)).map((g) => g.gameCode)).toEqual(['OFF_A', 'OFF_B']);
    expect(await pushOk(v, [game('OFF_B', { enabled: false })], [])).toMatchObject({ games: 1, draws: 0 });
    expect((await openedOf(v)).map((g) => g.gameCode)).toEqual(['OFF_A']);

    expect(
      body(await t.ops('PUT', `/ops/vendors/registry/${v.code}/status`, { status: 'disabled' })).success,
    ).toBe(true);
    expect(await openedOf(v)).toEqual([]);
    expect((await get('/lgw/vn/numeros/opened/game?gameCode=OFF_A')).statusCode).toBe(404);
    // A disabled vendor cannot push either (401 VENDOR_DISABLED).
    expect((await push(v, [game('OFF_B')], [])).json()).toEqual({ status: 'ERROR', code: 'VENDOR_DISABLED' });
    expect(
      body(await t.ops('PUT', `/ops/vendors/registry/${v.code}/status`, { status: 'active' })).success,
    ).toBe(true);
    expect((await openedOf(v)).map((g) => g.gameCode)).toEqual(['OFF_A']);
  });
});

describe('GET /lgw/vn/games/game_menu/recent', () => {
  it('7.GAME.05 7.PAR.13 needs a member; lists the lottery games the member played (rounds in the ledger), newest first, recentCount 100 at most', async () => {
    const visitor = await get('/lgw/vn/games/game_menu/recent?prizeMode=LOTT&device=WEB&recentCount=100');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ success: false, message: 'unauthorized' });

    // Rounds are timed by the database; the app clock must not be behind it for the record's day range.
    if (t.clock.now() < Date.now() + MINUTE) t.clock.advance(Date.now() + MINUTE - t.clock.now());
    const v = await lottoVendor();
    const slots = await lottoVendor();
    const close = t.clock.now() + 60 * MINUTE;
    await pushOk(v, [game('REC_A'), game('REC_B'), game('REC_C'), game('REC_OFF')], [draw('REC_A', close)]);

    const m = await createMember(t);
    await fundMember(t, m.id, 100_000n);
    let n = 0;
    const bet = async (vendor: VendorCaller, gameCode: string) => {
      n += 1;
      const sessionToken = await openSession(m, vendor);
      const res = await vendor.call('wallet/bet', {
        requestId: `rec-${n}`,
        playerId: String(m.id),
        sessionToken,
        transactionId: `rec-bet-${n}`,
        roundId: `rec-round-${n}`,
        gameCode,
        amount: '100',
        currency: 'THB',
      });
      expect(res.json(), res.body).toMatchObject({ status: 'OK' });
    };
    await bet(v, 'REC_B');
    await bet(v, 'REC_A');
    await bet(v, 'REC_OFF');
    await bet(v, 'SLOT_X'); // not a lottery game of the mirror
    await bet(slots, 'REC_C'); // the same code at a vendor that pushed no lottery games
    await bet(v, 'REC_B');
    await pushOk(v, [game('REC_OFF', { enabled: false })], []);

    const recent = async (query: string, member = m) =>
      (await value<{ list: TLottoGame[] }>(`/lgw/vn/games/game_menu/recent${query}`, member.c)).list;
    const list = await recent('?prizeMode=LOTT&device=WEB&recentCount=100');
    expect(list.map((g) => [g.vassalage, g.gameCode])).toEqual([
      [v.code, 'REC_B'],
      [v.code, 'REC_A'],
    ]);
    // The lobby's game shape, with the open draw.
    expect(list[1]).toMatchObject({
      gameType: 'LOTT',
      gameGroupCode: 'VN_NORTH',
      numero: dayNo(close),
      lockTime: 60,
    });
    expect((await recent('?recentCount=1')).map((g) => g.gameCode)).toEqual(['REC_B']);
    expect((await recent('')).map((g) => g.gameCode)).toEqual(['REC_B', 'REC_A']);

    // Another member has played nothing.
    expect(await recent('', await createMember(t))).toEqual([]);
    for (const q of ['recentCount=0', 'recentCount=101', 'recentCount=x', 'prizeMode=NONE']) {
      const res = await get(`/lgw/vn/games/game_menu/recent?${q}`, m.c);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toMatchObject({ success: false, message: 'validation_failed' });
    }
  });
});
