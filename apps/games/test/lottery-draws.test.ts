import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HouseDatabase } from '../src/db/client';
import { openTestHouseDatabase } from './test-database';
import { createLottoDraws, type LottoDraws } from '../src/lottery/draws';
import { LOTTO_GAMES, type LottoGameDefinition } from '../src/lottery/games';
import { sandboxOfficialResults } from '../src/lottery/official-results';
import { plannedDraws } from '../src/lottery/schedule';

/**
 * Issue 27, draws and results: draws are stored rows planned from schedules (Thai 1st and 16th with the
 * standing moves, Vietnamese provinces by weekday, electronic every 5 minutes), moved and voided by
 * operators, and official results entered by one operator and confirmed by another.
 * Instants below are written in UTC; Bangkok and Ho Chi Minh City are UTC+7.
 */

const game = (code: string): LottoGameDefinition => {
  const found = LOTTO_GAMES.find((g) => g.code === code);
  if (!found) throw new Error(`no game ${code}`);
  return found;
};
const utc = (iso: string) => Date.parse(iso);
const numbers = (draws: Array<{ drawNo: string }>) => draws.map((d) => d.drawNo);

describe('lottery schedules', () => {
  it('the Thai Government Lottery draws on the 1st and 16th at 16:00 Bangkok time', () => {
    const draws = plannedDraws(game('TH_GLO'), utc('2026-11-01T00:00:00Z'), utc('2026-12-01T00:00:00Z'));
    expect(numbers(draws)).toEqual(['20261101', '20261116']);
    expect(new Date(draws[0]!.drawAt).toISOString()).toBe('2026-11-01T09:00:00.000Z');
  });

  it('Thai draws move: 1 January to 30 December, 16 January to 17 January, 1 May to 2 May', () => {
    const draws = plannedDraws(game('TH_GLO'), utc('2026-12-01T00:00:00Z'), utc('2027-06-01T00:00:00Z'));
    expect(numbers(draws)).toEqual([
      '20261201',
      '20261216',
      '20261230',
      '20270117',
      '20270201',
      '20270216',
      '20270301',
      '20270316',
      '20270401',
      '20270416',
      '20270502',
      '20270516',
    ]);
  });

  it('sales close and lock before the draw: close is the draw less its close distance, lock the close less the lock time', () => {
    const [draw] = plannedDraws(game('TH_GLO'), utc('2026-12-16T00:00:00Z'), utc('2026-12-17T00:00:00Z'));
    expect(new Date(draw!.closeAt).toISOString()).toBe('2026-12-16T07:30:00.000Z'); // 14:30 Bangkok
    expect(new Date(draw!.lockAt).toISOString()).toBe('2026-12-16T07:29:00.000Z');
  });

  it('Vietnam South draws the provinces of the day at 16:15: on a Monday Ho Chi Minh City, Dong Thap and Ca Mau', () => {
    const monday = LOTTO_GAMES.filter((g) => g.region === 'VN_SOUTH').flatMap((g) =>
      plannedDraws(g, utc('2026-12-07T00:00:00Z'), utc('2026-12-07T17:00:00Z')),
    );
    expect(monday.map((d) => d.gameCode).sort()).toEqual(['VN_MN_CM', 'VN_MN_DT', 'VN_MN_HCM']);
    expect(new Set(monday.map((d) => new Date(d.drawAt).toISOString()))).toEqual(
      new Set(['2026-12-07T09:15:00.000Z']),
    );
  });

  it('Vietnam Central draws on Saturday Da Nang, Quang Ngai and Dak Nong at 17:15; North every day at 18:15', () => {
    const from = utc('2026-12-12T00:00:00Z'); // a Saturday
    const central = LOTTO_GAMES.filter((g) => g.region === 'VN_CENTRAL').flatMap((g) =>
      plannedDraws(g, from, from + 86_400_000),
    );
    expect(central.map((d) => d.gameCode).sort()).toEqual(['VN_MT_DNG', 'VN_MT_DNO', 'VN_MT_QNG']);
    expect(new Date(central[0]!.drawAt).toISOString()).toBe('2026-12-12T10:15:00.000Z');
    const week = plannedDraws(game('VN_MB'), utc('2026-12-06T17:00:00Z'), utc('2026-12-13T17:00:00Z'));
    expect(numbers(week)).toEqual([
      '20261207',
      '20261208',
      '20261209',
      '20261210',
      '20261211',
      '20261212',
      '20261213',
    ]);
    expect(new Date(week[0]!.drawAt).toISOString()).toBe('2026-12-07T11:15:00.000Z');
  });

  it('every South and Central province draws on at least one weekday and each weekday has its provinces', () => {
    for (const region of ['VN_SOUTH', 'VN_CENTRAL'] as const) {
      const games = LOTTO_GAMES.filter((g) => g.region === region);
      for (let weekday = 1; weekday <= 7; weekday += 1) {
        const today = games.filter(
          (g) => g.schedule.kind === 'weekly' && g.schedule.days.includes(weekday as never),
        );
        expect(today.length, `${region} weekday ${weekday}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('electronic draws every 5 minutes of the Bangkok day, numbered by day and slot, each committed to a beacon round', () => {
    const from = utc('2026-12-06T17:00:00Z'); // 00:00 Bangkok
    const draws = plannedDraws(game('ELOTT_5M'), from, from + 86_400_000, (_close, drawAt) => drawAt / 1000);
    // At midnight the day before's last slot, then 00:05 .. 23:55 (this day's 288th is drawn at the next midnight).
    expect(draws).toHaveLength(288);
    expect(numbers(draws.slice(0, 2))).toEqual(['20261206288', '20261207001']);
    expect(new Date(draws[1]!.drawAt).toISOString()).toBe('2026-12-06T17:05:00.000Z');
    expect(draws[1]!.drawAt - draws[1]!.closeAt).toBe(30_000);
    expect(draws[1]!.beaconRound).toBe(draws[1]!.drawAt / 1000);
    const next = plannedDraws(game('ELOTT_5M'), from + 86_400_000 - 1, from + 86_400_000 + 1);
    expect(numbers(next)).toEqual(['20261207288']);
  });
});

describe('stored draws and results', () => {
  let database: HouseDatabase;
  let draws: LottoDraws;
  let clock = utc('2026-12-07T01:00:00Z');
  const beacon = {
    chain: 'sandbox',
    commitRound: (_close: number, drawAt: number) => Math.ceil(drawAt / 3000),
  };

  beforeEach(async () => {
    clock = utc('2026-12-07T01:01:00Z');
    database = await openTestHouseDatabase();
    draws = createLottoDraws({ db: database.db, now: () => clock, beacon });
    await draws.seedGames();
  });
  afterEach(async () => {
    await database.close();
  });

  it('planning stores each draw once: a second plan adds nothing, a moved draw is not planned again', async () => {
    const first = await draws.plan();
    expect(first).toBeGreaterThan(0);
    expect(await draws.plan()).toBe(0);
    const moved = await draws.moveDraw({
      gameCode: 'TH_GLO',
      drawNo: '20261216',
      drawAt: utc('2026-12-17T09:00:00Z'),
      operator: 'op-1',
    });
    expect(moved.ok).toBe(true);
    expect(await draws.plan()).toBe(0);
    const found = await draws.findDraw('TH_GLO', '20261216');
    expect(found?.draw.drawAt.toISOString()).toBe('2026-12-17T09:00:00.000Z');
    expect(found?.draw.closeAt.toISOString()).toBe('2026-12-17T07:30:00.000Z');
  });

  it('an electronic draw is planned with its beacon chain and committed round', async () => {
    await draws.plan();
    const open = await draws.openDraws('ELOTT_5M');
    expect(open.length).toBe(24); // two hours ahead, every 5 minutes
    expect(open[0]!.draw.beaconChain).toBe('sandbox');
    expect(open[0]!.draw.beaconRound).toBe(Math.ceil(open[0]!.draw.drawAt.getTime() / 3000));
  });

  it('no electronic draw is planned without a beacon: it could only be drawn from a local RNG', async () => {
    const withoutBeacon = createLottoDraws({ db: database.db, now: () => clock });
    await withoutBeacon.plan();
    expect(await withoutBeacon.openDraws('ELOTT_5M')).toEqual([]);
    expect((await withoutBeacon.openDraws('VN_MB')).length).toBeGreaterThan(0);
  });

  it('open draws are those before their lock, soonest first; a draw past its lock is no longer open', async () => {
    await draws.plan();
    const open = await draws.openDraws('VN_MB');
    expect(open[0]!.draw.drawNo).toBe('20261207');
    clock = open[0]!.draw.lockAt.getTime();
    const later = await draws.openDraws('VN_MB');
    expect(later[0]!.draw.drawNo).toBe('20261208');
  });

  const north = {
    special: '80249',
    g1: '92492',
    g2: ['11298', '02553'],
    g3: ['45612', '70334', '18812', '90021', '33456', '67780'],
    g4: ['1203', '4456', '7789', '0012'],
    g5: ['3345', '6678', '9901', '2234', '5567', '8890'],
    g6: ['123', '456', '789'],
    g7: ['12', '34', '56', '78'],
  };

  it('a result is refused before the draw closes, entered by one operator and confirmed by another, then the draw is resulted', async () => {
    await draws.plan();
    const entry = {
      gameCode: 'VN_MB',
      drawNo: '20261207',
      result: north,
      source: 'xoso test',
      operator: 'op-1',
    };
    expect(await draws.enterResult(entry)).toEqual({ ok: false, error: 'lottery_draw_not_closed' });
    clock = utc('2026-12-07T11:30:00Z');
    expect((await draws.enterResult(entry)).ok).toBe(true);
    expect(await draws.enterResult({ ...entry, operator: 'op-2' })).toEqual({
      ok: false,
      error: 'lottery_result_exists',
    });
    expect(await draws.confirmResult({ gameCode: 'VN_MB', drawNo: '20261207', operator: 'op-1' })).toEqual({
      ok: false,
      error: 'lottery_result_same_operator',
    });
    expect((await draws.findDraw('VN_MB', '20261207'))?.draw.status).toBe('scheduled');
    expect((await draws.confirmResult({ gameCode: 'VN_MB', drawNo: '20261207', operator: 'op-2' })).ok).toBe(
      true,
    );
    const found = await draws.findDraw('VN_MB', '20261207');
    expect(found?.draw.status).toBe('resulted');
    const stored = await draws.resultOf(found!.draw.id);
    expect(stored).toMatchObject({
      status: 'confirmed',
      enteredBy: 'op-1',
      confirmedBy: 'op-2',
      result: north,
    });
    expect(await draws.confirmResult({ gameCode: 'VN_MB', drawNo: '20261207', operator: 'op-3' })).toEqual({
      ok: false,
      error: 'lottery_result_exists',
    });
  });

  it('27 an official results feed proposes a closed draw\'s result 30 minutes after the draw; nothing is resulted until an operator confirms it', async () => {
    await draws.plan();
    const feed = sandboxOfficialResults();
    const electronic = (await draws.openDraws('ELOTT_5M'))[0]!.draw;
    // VN_MB 20261207 draws at 18:15 in Hanoi (11:15 UTC): 29 minutes later the feed is not asked yet.
    clock = utc('2026-12-07T11:44:00Z');
    await draws.proposeOfficialResults(feed);
    const mb = (await draws.findDraw('VN_MB', '20261207'))!.draw;
    expect(await draws.resultOf(mb.id)).toBeNull();

    clock = utc('2026-12-07T11:46:00Z');
    expect(await draws.proposeOfficialResults(feed)).toBeGreaterThan(0);
    const proposal = await draws.resultOf(mb.id);
    expect(proposal).toMatchObject({ status: 'entered', enteredBy: 'feed:sandbox', confirmedBy: null });
    // The sandbox replays the real XSMB of 12 May 2023 (its fixture), naming it as the source.
    expect((proposal!.result as { special: string }).special).toBe('84102');
    expect(proposal!.source).toContain('2023-05-12');
    expect((await draws.findDraw('VN_MB', '20261207'))!.draw.status).toBe('scheduled');
    // A second pass proposes nothing again; electronic draws are never asked for (their beacon draws them).
    expect(await draws.proposeOfficialResults(feed)).toBe(0);
    expect(electronic.drawAt.getTime()).toBeLessThan(clock - 30 * 60_000);
    expect(await draws.resultOf(electronic.id)).toBeNull();

    // The feed cannot confirm its own proposal; an operator can, and only then the draw is resulted.
    expect(await draws.confirmResult({ gameCode: 'VN_MB', drawNo: '20261207', operator: 'feed:sandbox' })).toEqual({
      ok: false,
      error: 'lottery_result_same_operator',
    });
    expect((await draws.confirmResult({ gameCode: 'VN_MB', drawNo: '20261207', operator: 'op-2' })).ok).toBe(true);
    expect((await draws.findDraw('VN_MB', '20261207'))!.draw.status).toBe('resulted');
  });

  it('27 a feed that fails or answers a malformed result proposes nothing; an operator\'s entry is left alone', async () => {
    await draws.plan();
    clock = utc('2026-12-07T11:46:00Z');
    expect(
      (await draws.enterResult({ gameCode: 'VN_MB', drawNo: '20261207', result: north, source: 'xoso', operator: 'op-1' })).ok,
    ).toBe(true);
    const warnings: unknown[] = [];
    const log = { warn: (obj: unknown) => void warnings.push(obj) };
    const broken = { name: 'broken', fetch: async () => Promise.reject(new Error('publisher down')) };
    const wrong = { name: 'wrong', fetch: async () => ({ result: { ...north, g7: ['12'] }, source: 'wrong' }) };
    expect(await draws.proposeOfficialResults(broken, 20, log)).toBe(0);
    expect(await draws.proposeOfficialResults(wrong, 20, log)).toBe(0);
    expect(warnings.length).toBeGreaterThan(0);
    const south = (await draws.findDraw('VN_MN_HCM', '20261207'))!.draw;
    expect(await draws.resultOf(south.id)).toBeNull();
    const mb = (await draws.findDraw('VN_MB', '20261207'))!.draw;
    expect(await draws.resultOf(mb.id)).toMatchObject({ enteredBy: 'op-1', source: 'xoso' });
  });

  it('a malformed result is refused with its key and nothing is stored; a discarded entry can be entered again', async () => {
    await draws.plan();
    clock = utc('2026-12-07T11:30:00Z');
    const base = { gameCode: 'VN_MB', drawNo: '20261207', source: 'xoso test', operator: 'op-1' };
    const short = await draws.enterResult({ ...base, result: { ...north, g7: ['12', '34', '56'] } });
    expect(short).toMatchObject({ ok: false, error: 'lottery_result_invalid' });
    const wrongDigits = await draws.enterResult({ ...base, result: { ...north, special: '8024' } });
    expect(wrongDigits).toMatchObject({ ok: false, error: 'lottery_result_invalid' });
    const found = await draws.findDraw('VN_MB', '20261207');
    expect(await draws.resultOf(found!.draw.id)).toBeNull();
    expect((await draws.enterResult({ ...base, result: { ...north, special: '80248' } })).ok).toBe(true);
    expect((await draws.discardResult({ gameCode: 'VN_MB', drawNo: '20261207', operator: 'op-2' })).ok).toBe(
      true,
    );
    expect((await draws.enterResult({ ...base, result: north })).ok).toBe(true);
  });

  it('unknown draws, voided draws and electronic draws refuse an entered result', async () => {
    await draws.plan();
    const [electronic] = await draws.openDraws('ELOTT_5M');
    clock = utc('2026-12-07T11:30:00Z');
    expect(
      await draws.enterResult({
        gameCode: 'VN_MB',
        drawNo: '20991231',
        result: north,
        source: 's',
        operator: 'op-1',
      }),
    ).toEqual({
      ok: false,
      error: 'lottery_draw_unknown',
    });
    expect(
      await draws.enterResult({
        gameCode: 'ELOTT_5M',
        drawNo: electronic!.draw.drawNo,
        result: {},
        source: 's',
        operator: 'op-1',
      }),
    ).toEqual({ ok: false, error: 'lottery_result_electronic' });
    expect(
      (await draws.voidDraw({ gameCode: 'VN_MB', drawNo: '20261208', reason: 'typhoon', operator: 'op-1' }))
        .ok,
    ).toBe(true);
    clock = utc('2026-12-08T11:30:00Z');
    expect(
      await draws.enterResult({
        gameCode: 'VN_MB',
        drawNo: '20261208',
        result: north,
        source: 's',
        operator: 'op-1',
      }),
    ).toEqual({
      ok: false,
      error: 'lottery_draw_void',
    });
    expect(
      await draws.voidDraw({ gameCode: 'VN_MB', drawNo: '20261208', reason: 'again', operator: 'op-1' }),
    ).toEqual({
      ok: false,
      error: 'lottery_draw_void',
    });
  });

  it('a draw cannot be moved into the past or once resulted', async () => {
    await draws.plan();
    expect(
      await draws.moveDraw({ gameCode: 'VN_MB', drawNo: '20261207', drawAt: clock - 1, operator: 'op-1' }),
    ).toEqual({
      ok: false,
      error: 'lottery_draw_closed',
    });
  });
});

describe('the embedded demo history', () => {
  it('the demo shows real published past draws as its results history, once', async () => {
    const { seedDemoHistory } = await import('../src/lottery/history');
    const { createHouseLottery } = await import('../src/lottery/lottery');
    const north = (await import('../src/lottery/fixtures/vn-north-2023-05-12.json')).default;
    const database = await openTestHouseDatabase();
    try {
      const lottery = createHouseLottery({ db: database.db, now: () => utc('2026-12-07T01:00:00Z') });
      await lottery.draws.seedGames();
      expect(await seedDemoHistory(database.db, utc('2026-12-07T01:00:00Z'))).toBe(3);
      expect(await seedDemoHistory(database.db, utc('2026-12-07T01:00:00Z'))).toBe(0);
      const results = await lottery.play.results('VN_MB', 5);
      expect(results).toEqual([
        expect.objectContaining({ drawNo: '20230512', status: 'settled', result: north.result }),
      ]);
      expect(results[0]!.source).toContain('khiemdoan/vietnam-lottery-xsmb-analysis');
    } finally {
      await database.close();
    }
  });
});
