import { describe, expect, it } from 'vitest';
import type { TBetRecord } from '@lotus/contracts/catalogue';
import type { TAccountRecord } from '@lotus/contracts/wallet';
import { createMember, type Member } from './factories';
import { body, useTestApp } from './helper';
import { createVendor, fundMember, openSession, vendorCaller, type VendorCaller } from './vendor-client';

/**
 * The betting record (2.MC.08 personalHistoryCopy; docs/adr/0058-betting-record.md): GET
 * /wps/game/betRecord answers the member's game rounds as the platform's own ledger knows them (the
 * vendors' signed bet, win and rollback calls grouped by roundId), with the catalogue's game name, the
 * vendor, bet, win, net, time and status; filtered by vendor and a range of Bangkok days; paged 15 by
 * default (9.C page size). Bad parameters answer 400 validation_failed and write nothing.
 */
const t = useTestApp();

type Player = { m: Member; v: VendorCaller; sessionToken: string };

let seq = 0;
/** A funded member with a launched session at a fresh vendor whose catalogue lists SLOT-7. */
async function player(m?: Member, vendorCode?: string): Promise<Player> {
  const v = vendorCaller(t, await createVendor(t, vendorCode ? { code: vendorCode } : {}));
  seq += 1;
  const synced = await v.call('games/sync', {
    requestId: `bet-record-sync-${seq}`,
    games: [
      {
        gameCode: 'SLOT-7',
        gameType: 'RNG',
        names: { th: 'สล็อตเจ็ด', en: 'Lucky Seven' },
        classification: 'VIDEO_SLOT',
        minBet: '20',
        lines: 25,
        thumbnailUrl: '/media/games/slot-7.svg',
        isHot: false,
        freePlay: false,
        status: 'ACTIVE',
      },
    ],
  });
  expect(synced.statusCode, synced.body).toBe(200);
  const member = m ?? (await createMember(t));
  if (!m) await fundMember(t, member.id, 100_000n);
  return { m: member, v, sessionToken: await openSession(member, v) };
}

async function send(p: Player, path: string, payload: Record<string, unknown>) {
  const res = await p.v.call(path, {
    requestId: `req-${Math.random()}`,
    playerId: String(p.m.id),
    // Bodies are strict (vendor protocol v1.1): a rollback has no currency.
    ...(path === 'wallet/rollback' ? {} : { currency: 'THB' }),
    ...payload,
  });
  expect(res.json(), res.body).toMatchObject({ status: 'OK' });
}
/** One round: a bet, then (unless `win` is null) its win; amounts in minor units. */
async function round(p: Player, id: string, bet: number, win: number | null, gameCode = 'SLOT-7') {
  await send(p, 'wallet/bet', {
    sessionToken: p.sessionToken,
    transactionId: id,
    roundId: id,
    gameCode,
    amount: String(bet),
  });
  if (win !== null)
    await send(p, 'wallet/win', {
      transactionId: `${id}-win`,
      betTransactionId: id,
      roundId: id,
      gameCode,
      amount: String(win),
    });
}

const get = (m: Member, query = '') => m.c.inject({ method: 'GET', url: `/wps/game/betRecord${query}` });
async function record(m: Member, query = ''): Promise<TBetRecord> {
  const res = await get(m, query);
  expect(res.statusCode, res.body).toBe(200);
  return body<TBetRecord>(res).value;
}

describe('GET /wps/game/betRecord', () => {
  it('2.MC.08 lists the rounds newest first with game name, vendor, bet, win, net, time and status from the ledger', async () => {
    const p = await player();
    await round(p, 'r-1', 1000, 2500); // won 25.00 on a 10.00 stake
    await round(p, 'r-2', 500, 0); // lost (a zero win settles the round)
    await round(p, 'r-3', 200, null); // still open
    await send(p, 'wallet/bet', {
      sessionToken: p.sessionToken,
      transactionId: 'r-4',
      roundId: 'r-4',
      gameCode: 'SLOT-7',
      amount: '300',
    });
    await send(p, 'wallet/rollback', {
      transactionId: 'r-4-rb',
      referenceTransactionId: 'r-4',
      roundId: 'r-4',
    });

    const r = await record(p.m, '?language=en');
    expect(r.total).toBe(4);
    expect(r.totalPages).toBe(1);
    expect(r.list.map((x) => x.roundId)).toEqual(['r-4', 'r-3', 'r-2', 'r-1']);
    const byId = Object.fromEntries(r.list.map((x) => [x.roundId, x]));
    expect(byId['r-1']).toMatchObject({
      vassalage: p.v.code,
      vendorName: `Test vendor ${p.v.code}`, // the registry's name (no vendor card for it)
      gameCode: 'SLOT-7',
      gameName: 'Lucky Seven',
      bet: '10.00',
      win: '25.00',
      net: '15.00',
      status: 'settled',
    });
    expect(byId['r-2']).toMatchObject({ bet: '5.00', win: '0.00', net: '-5.00', status: 'settled' });
    expect(byId['r-3']).toMatchObject({ bet: '2.00', win: '0.00', net: '-2.00', status: 'open' });
    expect(byId['r-4']).toMatchObject({ bet: '3.00', win: '0.00', net: '0.00', status: 'rolled_back' });
    for (const x of r.list) expect(Date.parse(x.time)).not.toBeNaN();
    // The totals of the range: 20.00 staked, 25.00 won, 3.00 refunded: net +8.00.
    expect(r.totals).toEqual({ bet: '20.00', win: '25.00', net: '8.00' });
    // Thai is the default language of the names.
    expect((await record(p.m)).list.find((x) => x.roundId === 'r-1')!.gameName).toBe('สล็อตเจ็ด');
  });

  it('2.MC.09 the account record names the game of a bet and its win in Thai and English; an unknown game has no names (issue 25)', async () => {
    const p = await player();
    await round(p, 'acct-1', 500, 800);
    await round(p, 'acct-2', 100, null, 'NOT-LISTED');
    const res = await p.m.c.inject({ method: 'GET', url: '/wps/relay/ODSFE2_MemTransDet?types=bet,win' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = body<TAccountRecord>(res).value.list;
    expect(rows.map((r) => [r.type, r.names ?? null])).toEqual([
      ['bet', null],
      ['win', { th: 'สล็อตเจ็ด', en: 'Lucky Seven' }],
      ['bet', { th: 'สล็อตเจ็ด', en: 'Lucky Seven' }],
    ]);
  });

  it('2.MC.08 a game the catalogue does not list shows its code; another member sees none of these rounds', async () => {
    const p = await player();
    await round(p, 'unlisted-1', 100, 50, 'NOT-LISTED');
    expect((await record(p.m)).list).toMatchObject([
      { gameCode: 'NOT-LISTED', gameName: 'NOT-LISTED', net: '-0.50' },
    ]);
    const other = await createMember(t);
    expect(await record(other)).toMatchObject({
      list: [],
      total: 0,
      totalPages: 0,
      totals: { bet: '0.00', win: '0.00', net: '0.00' },
    });
  });

  it('2.MC.08 filters by vendor and pages 15 a page by default', async () => {
    const a = await player();
    const b = await player(a.m);
    for (let i = 0; i < 16; i++) await round(a, `a-${i}`, 100, 0);
    await round(b, 'b-1', 100, 300);

    const all = await record(a.m);
    expect(all.total).toBe(17);
    expect(all.list).toHaveLength(15);
    expect(all.totalPages).toBe(2);
    expect((await record(a.m, '?pageNo=2')).list).toHaveLength(2);

    const onlyB = await record(a.m, `?vassalage=${b.v.code}`);
    expect(onlyB.list.map((x) => [x.roundId, x.vassalage])).toEqual([['b-1', b.v.code]]);
    const onlyA = await record(a.m, `?vassalage=${a.v.code}&pageSize=5&pageNo=4`);
    expect(onlyA).toMatchObject({ total: 16, totalPages: 4, pageNo: 4 });
    expect(onlyA.list).toHaveLength(1);
    expect(onlyA.list[0]!.roundId).toBe('a-0'); // the oldest round is last
  });

  it("2.MC.08 the vendor filter's choices are the vendors the member has rounds with in the range, each once by its name, whatever vendor is filtered", async () => {
    const a = await player();
    const b = await player(a.m);
    await round(a, 'va-1', 100, 0);
    await round(a, 'va-2', 100, 0);
    await round(b, 'vb-1', 100, 50);
    await player(); // a vendor the member never played: not a choice
    const expected = [a.v.code, b.v.code]
      .map((code) => ({ vassalage: code, vendorName: `Test vendor ${code}` }))
      .sort((x, y) => x.vendorName.localeCompare(y.vendorName));
    expect((await record(a.m)).vendors).toEqual(expected);
    expect((await record(a.m, `?vassalage=${b.v.code}`)).vendors).toEqual(expected);
    expect((await record(a.m, '?startDate=2020-01-01&endDate=2020-01-07')).vendors).toEqual([]);
    // A filtered vendor without rounds in the range stays a choice (the filter on screen keeps its name).
    expect(
      (await record(a.m, `?vassalage=${b.v.code}&startDate=2020-01-01&endDate=2020-01-07`)).vendors,
    ).toEqual([{ vassalage: b.v.code, vendorName: `Test vendor ${b.v.code}` }]);
    expect((await record(await createMember(t))).vendors).toEqual([]);
    // These vendors' launch URLs are not the house app's: no fairness page.
    expect((await record(a.m)).list.map((x) => x.fairUrl)).toEqual([null, null, null]);
  });

  it("2.MC.08 a range of days in the past holds none of today's rounds", async () => {
    const p = await player();
    await round(p, 'today-1', 100, 0);
    expect((await record(p.m, '?startDate=2020-01-01&endDate=2020-01-07')).total).toBe(0);
    expect((await record(p.m)).total).toBe(1);
  });

  it('bad parameters answer 400 validation_failed: page size 0 or huge, page 0, reversed or too long ranges, bad dates, injection strings', async () => {
    const p = await player();
    const bad = [
      '?pageSize=0',
      '?pageSize=1000000',
      '?pageSize=abc',
      '?pageNo=0',
      '?startDate=2026-03-10&endDate=2026-03-01',
      '?startDate=2025-01-01&endDate=2025-12-31',
      '?startDate=2026-13-45&endDate=2026-13-46',
      '?startDate=yesterday',
      `?vassalage=${encodeURIComponent("HOUSE' OR 1=1 --")}`,
      `?vassalage=${encodeURIComponent('house')}`,
      `?vassalage=${encodeURIComponent('<script>alert(1)</script>')}`,
      `?language=${encodeURIComponent("en'; drop table ledger_entries; --")}`,
    ];
    for (const q of bad) {
      const res = await get(p.m, q);
      expect(res.statusCode, q).toBe(400);
      expect(body(res), q).toMatchObject({ success: false, message: 'validation_failed' });
    }
    // an unknown vendor is a filter that matches nothing
    expect((await record(p.m, '?vassalage=NOSUCHVENDOR')).total).toBe(0);
  });

  it('needs a signed-in member (401)', async () => {
    expect((await t.inject('/wps/game/betRecord')).statusCode).toBe(401);
  });
});
