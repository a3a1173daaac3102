import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HouseDatabase } from '../src/db/client';
import { openTestHouseDatabase } from './test-database';
import {
  houseLottoExposure,
  houseLottoGames,
  houseLottoRestricted,
  houseLottoTickets,
  housePlayers,
} from '../src/db/schema';
import type { HouseSession } from '../src/house-service';
import { createHouseLottery, type HouseLottery } from '../src/lottery/lottery';
import { UncertainAnswer, type VendorAnswer, type WalletClient } from '../src/wallet-client';
import northFixture from '../src/lottery/fixtures/vn-north-2023-05-12.json';

/**
 * Issue 27, tickets and settlement: a ticket is one signed bet, a winning ticket one signed win (a loss a win
 * of 0 that closes the round), a voided draw a rollback per ticket; exposure caps hold under concurrent
 * buyers; a retry, a second pass or a restart moves no money twice. The platform is played by an in-memory
 * wallet that keeps the protocol's rules (docs/vendor-protocol.md section 6: idempotent per transaction id,
 * refusals kept, rollbacks recorded before the bet, wins refused on a rolled-back bet).
 */

type Move = { kind: 'bet' | 'win' | 'rollback'; player: string; amount: bigint };

function protocolWallet(start: Record<string, bigint>) {
  const balances = new Map(Object.entries(start));
  const answers = new Map<string, VendorAnswer>();
  const bets = new Map<string, { player: string; amount: bigint; rolledBack: boolean; won: boolean }>();
  const rolledBackUnknown = new Set<string>();
  const moves: Move[] = [];
  /** The next `n` calls of a kind are applied, then their answer is lost (the house sees a timeout). */
  const lose = { bet: 0, win: 0, rollback: 0 };
  const ok = (player: string): VendorAnswer => ({
    status: 'OK',
    balance: String(balances.get(player) ?? 0n),
  });
  const refuse = (code: string, player: string): VendorAnswer => ({
    status: 'ERROR',
    code,
    balance: String(balances.get(player) ?? 0n),
  });
  const answered = (kind: keyof typeof lose, answer: VendorAnswer) => {
    if (lose[kind] > 0) {
      lose[kind] -= 1;
      throw new UncertainAnswer('timeout');
    }
    return answer;
  };
  const wallet = {
    authenticate: async () => ({ status: 'ERROR', code: 'INVALID_SESSION' }) as VendorAnswer,
    balance: async (player: string) => ok(player),
    bet: async (r: { playerId: string; roundId: string; amount: bigint }) => {
      const id = r.roundId;
      const kept = answers.get(id);
      if (kept) return answered('bet', kept);
      let answer: VendorAnswer;
      if (rolledBackUnknown.has(id)) answer = refuse('TRANSACTION_ROLLED_BACK', r.playerId);
      else if ((balances.get(r.playerId) ?? 0n) < r.amount) answer = refuse('INSUFFICIENT_FUNDS', r.playerId);
      else {
        balances.set(r.playerId, balances.get(r.playerId)! - r.amount);
        bets.set(id, { player: r.playerId, amount: r.amount, rolledBack: false, won: false });
        moves.push({ kind: 'bet', player: r.playerId, amount: r.amount });
        answer = ok(r.playerId);
      }
      answers.set(id, answer);
      return answered('bet', answer);
    },
    win: async (r: { playerId: string; roundId: string; amount: bigint }) => {
      const id = `${r.roundId}-win`;
      const kept = answers.get(id);
      if (kept) return answered('win', kept);
      const bet = bets.get(r.roundId);
      let answer: VendorAnswer;
      if (!bet || bet.rolledBack) answer = refuse('TRANSACTION_ROLLED_BACK', r.playerId);
      else {
        bet.won = true;
        balances.set(r.playerId, (balances.get(r.playerId) ?? 0n) + r.amount);
        moves.push({ kind: 'win', player: r.playerId, amount: r.amount });
        answer = ok(r.playerId);
      }
      answers.set(id, answer);
      return answered('win', answer);
    },
    rollback: async (r: { playerId: string; roundId: string }) => {
      const id = `${r.roundId}-rb`;
      const kept = answers.get(id);
      if (kept) return answered('rollback', kept);
      const bet = bets.get(r.roundId);
      let answer: VendorAnswer;
      if (!bet) {
        rolledBackUnknown.add(r.roundId);
        answer = ok(r.playerId);
      } else if (bet.won) answer = refuse('ROUND_CLOSED', r.playerId);
      else {
        bet.rolledBack = true;
        balances.set(r.playerId, balances.get(r.playerId)! + bet.amount);
        moves.push({ kind: 'rollback', player: r.playerId, amount: bet.amount });
        answer = ok(r.playerId);
      }
      answers.set(id, answer);
      return answered('rollback', answer);
    },
    call: async () => ({ status: 'OK' }) as VendorAnswer,
  };
  return { wallet: wallet as unknown as WalletClient, balances, moves, lose };
}

// The real XSMB of 12 May 2023 (tails 18 twice: 73718, 53418; special 84102; 30 and 75 among the tails; no 55).
const NORTH = northFixture.result;

describe('lottery tickets', () => {
  let database: HouseDatabase;
  let lottery: HouseLottery;
  let world: ReturnType<typeof protocolWallet>;
  let clock = Date.parse('2026-12-07T01:01:00Z');
  const sessions: Record<string, HouseSession> = {};

  async function sessionFor(player: string): Promise<HouseSession> {
    const [row] = await database.db
      .insert(housePlayers)
      .values({ platformPlayerId: player, currency: 'THB', createdAt: new Date(clock) })
      .returning();
    return {
      tokenHash: `t-${player}`,
      playerId: row!.id,
      platformSession: `s-${player}`,
      gameCode: 'lottery',
      language: 'th',
      returnUrl: null,
      createdAt: new Date(clock),
      expiresAt: new Date(clock + 3_600_000),
      platformPlayerId: player,
      currency: 'THB',
    };
  }

  beforeEach(async () => {
    clock = Date.parse('2026-12-07T01:01:00Z');
    database = await openTestHouseDatabase();
    world = protocolWallet({ alice: 1_000_000n, bob: 1_000_000n, carol: 500n });
    lottery = createHouseLottery({ db: database.db, now: () => clock, wallet: world.wallet });
    await lottery.draws.seedGames();
    await lottery.draws.plan();
    for (const player of ['alice', 'bob', 'carol']) sessions[player] = await sessionFor(player);
  });
  afterEach(async () => {
    await database.close();
  });

  const buyNorth = (player: string, bets: unknown[]) =>
    lottery.tickets.buy(sessions[player]!, { gameCode: 'VN_MB', drawNo: '20261207', bets });

  it('a ticket is one bet of its whole cost: lô costs stake x 27 lots in the North, đề and xiên their stake', async () => {
    const bought = await buyNorth('alice', [
      { type: 'lo2', numbers: ['18'], stake: 1000 },
      { type: 'de', numbers: ['81'], stake: 500 },
      { type: 'xien2', numbers: ['18', '30'], stake: 200 },
    ]);
    expect(bought).toMatchObject({ ok: true, cost: String(1000 * 27 + 500 + 200) });
    expect(world.balances.get('alice')).toBe(1_000_000n - 27_700n);
    expect(world.moves).toEqual([{ kind: 'bet', player: 'alice', amount: 27_700n }]);
  });

  it('bad bets are refused with their key and nothing is written or charged', async () => {
    const cases: Array<[unknown[], string]> = [
      [[{ type: 'lo2', numbers: ['1'], stake: 1000 }], 'lottery_number_invalid'],
      [[{ type: '3top', numbers: ['123'], stake: 1000 }], 'lottery_bet_type_unknown'],
      [[{ type: 'de', numbers: ['12'], stake: 0 }], 'lottery_stake_invalid'],
      [[{ type: 'de', numbers: ['12'], stake: 50 }], 'lottery_stake_invalid'], // below the game's minimum of 1 baht
      [[{ type: 'xien2', numbers: ['12', '12'], stake: 100 }], 'lottery_number_invalid'],
      [[], 'lottery_bets_invalid'],
    ];
    for (const [bets, error] of cases)
      expect(await buyNorth('alice', bets)).toMatchObject({ ok: false, error });
    expect(await database.db.select().from(houseLottoTickets)).toEqual([]);
    expect(await database.db.select().from(houseLottoExposure)).toEqual([]);
    expect(world.moves).toEqual([]);
  });

  it('a ticket after the lock is refused by the server, whatever the page shows', async () => {
    const found = await lottery.draws.findDraw('VN_MB', '20261207');
    clock = found!.draw.lockAt.getTime();
    expect(await buyNorth('alice', [{ type: 'de', numbers: ['12'], stake: 100 }])).toEqual({
      ok: false,
      error: 'lottery_draw_closed',
    });
    expect(await database.db.select().from(houseLottoTickets)).toEqual([]);
  });

  it('a bet the platform refuses leaves a refused ticket and gives its exposure back', async () => {
    const refused = await buyNorth('carol', [{ type: 'de', numbers: ['12'], stake: 1000 }]);
    expect(refused).toMatchObject({ ok: false, error: 'insufficient_funds' });
    const [ticket] = await database.db.select().from(houseLottoTickets);
    expect(ticket?.status).toBe('refused');
    const [exposure] = await database.db.select().from(houseLottoExposure);
    expect(exposure?.liability).toBe(0n);
  });

  it('64 buyers at once on one number never take the house past its exposure cap', async () => {
    // Cap 1,000 baht on a number; each đề ticket of 1 baht at x80 adds 80 baht: 12 tickets fit, the 13th does not.
    await database.db
      .update(houseLottoGames)
      .set({ exposureCap: 100_000n })
      .where(eq(houseLottoGames.code, 'VN_MB'));
    const buyers = await Promise.all(Array.from({ length: 64 }, (_, i) => sessionFor(`buyer-${i}`)));
    for (const b of buyers) world.balances.set(b.platformPlayerId, 10_000n);
    const answers = await Promise.all(
      buyers.map((b) =>
        lottery.tickets.buy(b, {
          gameCode: 'VN_MB',
          drawNo: '20261207',
          bets: [{ type: 'de', numbers: ['77'], stake: 100 }],
        }),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(12);
    expect(answers.filter((a) => !a.ok).every((a) => !a.ok && a.error === 'lottery_exposure_full')).toBe(
      true,
    );
    const [exposure] = await database.db.select().from(houseLottoExposure);
    expect(exposure).toMatchObject({ betKey: 'de:77', liability: 96_000n });
  });

  it('two server instances selling the same numbers at once never take the house past its exposure cap', async () => {
    // Two lotteries on one database (two instances), 32 buyers each, tickets on two numbers in both orders.
    await database.db
      .update(houseLottoGames)
      .set({ exposureCap: 100_000n })
      .where(eq(houseLottoGames.code, 'VN_MB'));
    const other = createHouseLottery({ db: database.db, now: () => clock, wallet: world.wallet });
    const buyers = await Promise.all(Array.from({ length: 64 }, (_, i) => sessionFor(`pair-${i}`)));
    for (const b of buyers) world.balances.set(b.platformPlayerId, 10_000n);
    const answers = await Promise.all(
      buyers.map((b, i) =>
        (i % 2 ? other : lottery).tickets.buy(b, {
          gameCode: 'VN_MB',
          drawNo: '20261207',
          bets:
            i % 4 < 2
              ? [
                  { type: 'de', numbers: ['11'], stake: 100 },
                  { type: 'de', numbers: ['22'], stake: 100 },
                ]
              : [
                  { type: 'de', numbers: ['22'], stake: 100 },
                  { type: 'de', numbers: ['11'], stake: 100 },
                ],
        }),
      ),
    );
    // Each ticket adds 80 baht on both numbers: 12 fit under 1,000 baht.
    expect(answers.filter((a) => a.ok)).toHaveLength(12);
    const exposure = await database.db.select().from(houseLottoExposure);
    expect(exposure.map((e) => [e.betKey, e.liability]).sort()).toEqual([
      ['de:11', 96_000n],
      ['de:22', 96_000n],
    ]);
  });

  it("a restricted number is sold at half its liability and its ticket says so; an operator's new rate applies to the next ticket at once", async () => {
    await database.db
      .insert(houseLottoRestricted)
      .values({ gameCode: 'VN_MB', betKey: 'de:68', createdAt: new Date(clock) });
    const first = await buyNorth('alice', [
      { type: 'de', numbers: ['68'], stake: 100 },
      { type: 'de', numbers: ['69'], stake: 100 },
    ]);
    expect(first.ok).toBe(true);
    // đề pays x80 (rate 8000): 80 baht of liability, 40 on the restricted number.
    const exposure = await database.db.select().from(houseLottoExposure);
    expect(Object.fromEntries(exposure.map((e) => [e.betKey, e.liability]))).toEqual({
      'de:68': 4_000n,
      'de:69': 8_000n,
    });
    await database.db
      .update(houseLottoGames)
      .set({ rates: { de: 7000 } })
      .where(eq(houseLottoGames.code, 'VN_MB'));
    const second = await buyNorth('alice', [{ type: 'de', numbers: ['69'], stake: 100 }]);
    expect(second.ok).toBe(true);
    const tickets = await database.db.select().from(houseLottoTickets);
    const betsOf = (answer: typeof first) => tickets.find((t) => answer.ok && t.id === answer.ticketId)?.bets;
    expect(betsOf(first)).toEqual([
      { type: 'de', numbers: ['68'], stake: 100, rate: 8000, restricted: true },
      { type: 'de', numbers: ['69'], stake: 100, rate: 8000, restricted: false },
    ]);
    expect(betsOf(second)).toEqual([
      { type: 'de', numbers: ['69'], stake: 100, rate: 7000, restricted: false },
    ]);
  });

  it('settlement pays each winning ticket its exact win, closes the losers with 0, and a second pass changes nothing', async () => {
    // On the real 12 May 2023 XSMB: tail 18 comes out twice, the special ends in 02, 30 and 75 are tails.
    const winner = await buyNorth('alice', [
      { type: 'lo2', numbers: ['18'], stake: 1000 }, // 2 hits x 1000 x 80 = 160,000
      { type: 'de', numbers: ['02'], stake: 500 }, // 500 x 80 = 40,000
      { type: 'xien2', numbers: ['30', '75'], stake: 200 }, // both present: 200 x 15 = 3,000
      { type: 'xien2', numbers: ['30', '99'], stake: 200 }, // 99 missing: 0
    ]);
    const loser = await buyNorth('bob', [{ type: 'de', numbers: ['00'], stake: 1000 }]);
    expect(winner.ok && loser.ok).toBe(true);
    clock = Date.parse('2026-12-07T11:30:00Z');
    await lottery.draws.enterResult({
      gameCode: 'VN_MB',
      drawNo: '20261207',
      result: NORTH,
      source: 'xoso.com.vn',
      operator: 'op-1',
    });
    // Nothing is paid from an entered result.
    await lottery.tickets.sweep();
    expect(world.moves.filter((m) => m.kind === 'win')).toEqual([]);
    await lottery.draws.confirmResult({ gameCode: 'VN_MB', drawNo: '20261207', operator: 'op-2' });
    const before = world.balances.get('alice')!;
    const first = await lottery.tickets.sweep();
    expect(first.settledDraws).toBe(1);
    expect(world.balances.get('alice')).toBe(before + 203_000n);
    const wins = world.moves.filter((m) => m.kind === 'win');
    expect(wins).toHaveLength(2);
    expect(wins).toEqual(
      expect.arrayContaining([
        { kind: 'win', player: 'alice', amount: 203_000n },
        { kind: 'win', player: 'bob', amount: 0n },
      ]),
    );
    const found = await lottery.draws.findDraw('VN_MB', '20261207');
    expect(found?.draw.status).toBe('settled');
    const movesBefore = world.moves.length;
    await lottery.tickets.sweep();
    await lottery.tickets.settleDraw(found!.draw.id);
    expect(world.moves.length).toBe(movesBefore);
  });

  it('a settlement cut off mid-way resumes and pays each win once', async () => {
    for (let i = 0; i < 30; i += 1)
      await buyNorth(i % 2 ? 'alice' : 'bob', [{ type: 'lo2', numbers: [i % 3 ? '18' : '55'], stake: 100 }]);
    clock = Date.parse('2026-12-07T11:30:00Z');
    await lottery.draws.enterResult({
      gameCode: 'VN_MB',
      drawNo: '20261207',
      result: NORTH,
      source: 'xoso.com.vn',
      operator: 'op-1',
    });
    await lottery.draws.confirmResult({ gameCode: 'VN_MB', drawNo: '20261207', operator: 'op-2' });
    // The platform applies every win but no answer comes back: the pass ends with all of them still to pay.
    world.lose.win = 30;
    await lottery.tickets.sweep();
    const cut = await database.db.select().from(houseLottoTickets);
    expect(new Set(cut.map((t) => t.status))).toEqual(new Set(['accepted']));
    // A restart: a new lottery over the same database takes up where it stopped.
    const restarted = createHouseLottery({ db: database.db, now: () => clock, wallet: world.wallet });
    await restarted.tickets.sweep();
    await restarted.tickets.sweep();
    const wins = world.moves.filter((m) => m.kind === 'win');
    expect(wins).toHaveLength(30);
    // 20 tickets on 18 win 2 x 100 x 80 each; 10 on 55 (not a tail of any number) win nothing.
    expect(wins.reduce((sum, m) => sum + m.amount, 0n)).toBe(20n * 16_000n);
    const tickets = await database.db.select().from(houseLottoTickets);
    expect(new Set(tickets.map((t) => t.status))).toEqual(new Set(['paid']));
  });

  it('a bet whose answer was lost is retried with the same transaction and accepted once', async () => {
    world.lose.bet = 1;
    const pending = await buyNorth('alice', [{ type: 'de', numbers: ['12'], stake: 1000 }]);
    expect(pending).toMatchObject({ ok: false, error: 'pending' });
    expect(world.balances.get('alice')).toBe(999_000n);
    clock += 20_000;
    expect(await lottery.tickets.retryOpen()).toBe(1);
    const [ticket] = await database.db.select().from(houseLottoTickets);
    expect(ticket?.status).toBe('accepted');
    expect(world.balances.get('alice')).toBe(999_000n);
    expect(world.moves.filter((m) => m.kind === 'bet')).toHaveLength(1);
  });

  it('a voided draw refunds every ticket once', async () => {
    await buyNorth('alice', [{ type: 'de', numbers: ['12'], stake: 1000 }]);
    await buyNorth('bob', [{ type: 'lo2', numbers: ['34'], stake: 100 }]);
    await lottery.draws.voidDraw({
      gameCode: 'VN_MB',
      drawNo: '20261207',
      reason: 'typhoon',
      operator: 'op-1',
    });
    clock += 5_000;
    const first = await lottery.tickets.sweep();
    expect(first.refunded).toBe(2);
    expect(world.balances.get('alice')).toBe(1_000_000n);
    expect(world.balances.get('bob')).toBe(1_000_000n);
    expect((await lottery.tickets.sweep()).refunded).toBe(0);
    expect(world.moves.filter((m) => m.kind === 'rollback')).toHaveLength(2);
    expect(await buyNorth('alice', [{ type: 'de', numbers: ['12'], stake: 1000 }])).toEqual({
      ok: false,
      error: 'lottery_draw_void',
    });
  });
});
