import { describe, expect, it } from 'vitest';
import type { TMissionLeaderboard, TMissionSummary } from '@lotus/contracts/lottery';
import { createMember, type Member } from './factories';
import { body, createClock, useTestApp } from './helper';
import { createVendor, fundMember, openSession, vendorCaller, type VendorCaller } from './vendor-client';

/**
 * The VN lobby's mission summary and leaderboard (1.CAT.03/04, 7.RELAY.14/15; docs/adr/0097), as a member and a
 * visitor read them: the lottery's daily and weekly play missions with progress from the member's rounds at the
 * lottery vendors (a rolled-back ticket does not count, a slot round does not count), and the members ranked by
 * their settled lottery winnings of the day or week, usernames masked.
 */
// Rounds are timed by the database: the app clock is the real one.
const t = useTestApp({ clock: createClock() });

const relay = (name: string, c?: Member['c']) =>
  c ? c.inject({ method: 'GET', url: `/wps/relay/${name}` }) : t.inject(`/wps/relay/${name}`);
async function value<T>(name: string, c?: Member['c']): Promise<T> {
  const res = await relay(name, c);
  expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
  return body<T>(res).value;
}

/** A lottery vendor: one that pushed lottery games into the mirror. */
async function lotteryVendor(games: string[]): Promise<VendorCaller> {
  const v = vendorCaller(t, await createVendor(t));
  const res = await v.call('lotto/sync', {
    requestId: `missions-${v.code}`,
    games: games.map((gameCode, sort) => ({
      gameCode,
      region: 'VN_NORTH',
      format: 'vn-north',
      timeZone: 'Asia/Ho_Chi_Minh',
      names: { th: `หวย ${gameCode}`, en: `Lottery ${gameCode}` },
      drawDays: [1, 2, 3, 4, 5, 6, 7],
      enabled: true,
      sort,
    })),
    draws: [],
  });
  expect(res.json(), res.body).toMatchObject({ status: 'OK' });
  return v;
}

let n = 0;
/** One ticket: a signed bet of `amount` minor units on a round of its own; answers the round's ids. */
async function ticket(v: VendorCaller, m: Member, gameCode: string, amount: string) {
  n += 1;
  const ids = { bet: `mbet-${n}`, round: `mround-${n}` };
  const res = await v.call('wallet/bet', {
    requestId: `mb-${n}`,
    playerId: String(m.id),
    sessionToken: await openSession(m, v),
    transactionId: ids.bet,
    roundId: ids.round,
    gameCode,
    amount,
    currency: 'THB',
  });
  expect(res.json(), res.body).toMatchObject({ status: 'OK' });
  return ids;
}
async function win(
  v: VendorCaller,
  m: Member,
  gameCode: string,
  ids: { bet: string; round: string },
  amount: string,
) {
  const res = await v.call('wallet/win', {
    requestId: `mw-${ids.bet}`,
    playerId: String(m.id),
    transactionId: `${ids.bet}-win`,
    roundId: ids.round,
    gameCode,
    amount,
    currency: 'THB',
    betTransactionId: ids.bet,
  });
  expect(res.json(), res.body).toMatchObject({ status: 'OK' });
}

const byCode = (s: TMissionSummary) => Object.fromEntries(s.list.map((m) => [m.missionCode, m]));

describe('MCSFE_getMissionSummaryDetails', () => {
  it('1.CAT.03 7.RELAY.14 a member sees the daily and weekly lottery missions with progress from their tickets; a visitor is asked to log in', async () => {
    const visitor = await relay('MCSFE_getMissionSummaryDetails');
    expect(visitor.statusCode).toBe(401);

    const lott = await lotteryVendor(['MS_A', 'MS_B']);
    const slots = vendorCaller(t, await createVendor(t));
    const m = await createMember(t);
    await fundMember(t, m.id, 1_000_000n);

    // Nothing played: every mission at 0, none completed (the defaults of docs/adr/0097).
    const fresh = await value<TMissionSummary>('MCSFE_getMissionSummaryDetails?language=en', m.c);
    expect(byCode(fresh)).toMatchObject({
      DAILY_TICKETS: {
        period: 'DAILY',
        measure: 'TICKETS',
        target: '3',
        progress: '0',
        completed: false,
        title: 'Buy 3 lottery tickets today',
      },
      DAILY_STAKE: {
        period: 'DAILY',
        measure: 'STAKE',
        target: '100.00',
        progress: '0.00',
        completed: false,
      },
      WEEKLY_GAMES: { period: 'WEEKLY', measure: 'GAMES', target: '3', progress: '0', completed: false },
      WEEKLY_STAKE: {
        period: 'WEEKLY',
        measure: 'STAKE',
        target: '1000.00',
        progress: '0.00',
        completed: false,
      },
    });
    expect(fresh.completedCount).toBe(0);
    // A daily mission ends at the next Bangkok midnight (17:00 UTC), a weekly one at the next Monday's.
    const daily = new Date(byCode(fresh).DAILY_TICKETS!.endsAt);
    const weekly = new Date(byCode(fresh).WEEKLY_STAKE!.endsAt);
    expect(daily.getUTCHours()).toBe(17);
    expect(daily.getTime() - Date.now()).toBeGreaterThan(0);
    expect(daily.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    expect(new Date(weekly.getTime() + 7 * 3_600_000).getUTCDay()).toBe(1);
    expect(weekly.getTime() - Date.now()).toBeLessThanOrEqual(7 * 24 * 3_600_000);

    // Two tickets on MS_A (60.00 and 50.00), one rolled back ticket on MS_B, a slot round of 500.00.
    await ticket(lott, m, 'MS_A', '6000');
    await ticket(lott, m, 'MS_A', '5000');
    const voided = await ticket(lott, m, 'MS_B', '4000');
    const rb = await lott.call('wallet/rollback', {
      requestId: 'mrb-1',
      playerId: String(m.id),
      transactionId: 'mrb-1',
      referenceTransactionId: voided.bet,
      roundId: voided.round,
    });
    expect(rb.json(), rb.body).toMatchObject({ status: 'OK' });
    await ticket(slots, m, 'SLOT_1', '50000');

    const s = byCode(await value<TMissionSummary>('MCSFE_getMissionSummaryDetails?language=th', m.c));
    expect(s.DAILY_TICKETS).toMatchObject({ progress: '2', completed: false, title: 'ซื้อหวย 3 ใบวันนี้' });
    expect(s.DAILY_STAKE).toMatchObject({ progress: '100.00', completed: true });
    expect(s.WEEKLY_GAMES).toMatchObject({ progress: '1', completed: false });
    expect(s.WEEKLY_STAKE).toMatchObject({ progress: '110.00', completed: false });

    // A third ticket completes the daily tickets; progress never passes the target.
    await ticket(lott, m, 'MS_B', '100');
    await ticket(lott, m, 'MS_B', '100');
    const after = await value<TMissionSummary>('MCSFE_getMissionSummaryDetails', m.c);
    expect(byCode(after)).toMatchObject({
      DAILY_TICKETS: { progress: '3', completed: true },
      WEEKLY_GAMES: { progress: '2', completed: false },
    });
    expect(after.completedCount).toBe(2);

    // Another member's play is not this member's.
    const other = await createMember(t);
    expect((await value<TMissionSummary>('MCSFE_getMissionSummaryDetails', other.c)).completedCount).toBe(0);
    const bad = await relay('MCSFE_getMissionSummaryDetails?language=%3Cscript%3E', m.c);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: 'validation_failed' });
  });
});

describe('MCSFE_getMissionLeaderboard', () => {
  it('1.CAT.04 7.RELAY.15 ranks members by their settled lottery winnings of the week or day, usernames masked; slot wins are not counted', async () => {
    const lott = await lotteryVendor(['LB_A']);
    const slots = vendorCaller(t, await createVendor(t));
    const [a, b, c] = [await createMember(t), await createMember(t), await createMember(t)];
    for (const m of [a, b, c]) await fundMember(t, m.id, 1_000_000n);

    // a wins 300.00 + 200.00 at the lottery; b 400.00; c wins 9,000.00 only at a slot.
    await win(lott, a, 'LB_A', await ticket(lott, a, 'LB_A', '100'), '30000');
    await win(lott, a, 'LB_A', await ticket(lott, a, 'LB_A', '100'), '20000');
    await win(lott, b, 'LB_A', await ticket(lott, b, 'LB_A', '100'), '40000');
    await win(slots, c, 'SLOT_1', await ticket(slots, c, 'SLOT_1', '100'), '900000');
    // The winner board's copy of the ledger's wins (the job catalogue-wins, every minute).
    await t.app.services.catalogue.service.collectWins();

    const mask = (m: Member) => `${m.username.slice(0, 2)}***${m.username.slice(-1)}`;
    const week = await value<TMissionLeaderboard>('MCSFE_getMissionLeaderboard?period=WEEKLY&limitNum=50');
    const mine = week.list.filter((r) => [mask(a), mask(b), mask(c)].includes(r.account));
    expect(mine).toEqual([
      expect.objectContaining({ account: mask(a), winAmount: '500.00', wins: 2 }),
      expect.objectContaining({ account: mask(b), winAmount: '400.00', wins: 1 }),
    ]);
    expect(week.list.map((r) => r.rank)).toEqual(week.list.map((_, i) => i + 1));
    expect(new Date(week.endsAt).getTime() - new Date(week.startsAt).getTime()).toBe(7 * 24 * 3_600_000);
    const day = await value<TMissionLeaderboard>('MCSFE_getMissionLeaderboard?period=DAILY');
    expect(day.period).toBe('DAILY');
    expect(day.list.find((r) => r.account === mask(a))).toMatchObject({ winAmount: '500.00' });
    expect(new Date(day.endsAt).getTime() - new Date(day.startsAt).getTime()).toBe(24 * 3_600_000);
    // The default is the week, 20 at most; limitNum 1 gives the top one.
    expect((await value<TMissionLeaderboard>('MCSFE_getMissionLeaderboard')).period).toBe('WEEKLY');
    expect((await value<TMissionLeaderboard>('MCSFE_getMissionLeaderboard?limitNum=1')).list).toHaveLength(1);

    for (const q of ['period=MONTHLY', 'limitNum=0', 'limitNum=51', 'limitNum=x']) {
      const res = await relay(`MCSFE_getMissionLeaderboard?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toMatchObject({ success: false, message: 'validation_failed' });
    }
  });
});
