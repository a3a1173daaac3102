import { bangkokDay } from '@lotus/contracts/calendar';
import { formatMinor } from '@lotus/contracts/money';
import type { TDailyReport } from '@lotus/contracts/ops-reports';
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerTransactions, members } from '../src/db/schema';
import { body, useTestApp } from './helper';
import { cashierMember, depositTo, PNG_1X1, receipt, requestWithdrawal } from './withdrawal-helpers';

/**
 * Issue 24, reports reconcile (docs/adr/0082): a generated day of deposits, withdrawals, bets, wins and
 * rollbacks; every figure of the daily report equals the sum of what the test did, each movement counted
 * on the Bangkok day of its ledger transaction (the database stamps it: the test never guesses the day).
 */
const t = useTestApp();

type Move =
  | { kind: 'deposit'; key: string; member: number; amount: bigint }
  | { kind: 'payout' | 'refund'; key: string; amount: bigint }
  | { kind: 'bet' | 'win' | 'rollback'; key: string; member: number; vendor: string; game: string; round: string; amount: bigint };

const report = async (day: string) => {
  const res = await t.ops('GET', `/ops/reports/daily?day=${day}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<TDailyReport>(res).value;
};

describe('24 reports', () => {
  it('the daily report equals the sums of a generated day of deposits, payouts, refunds, bets, wins and rollbacks', async () => {
    const today = bangkokDay(Date.now());
    const baseline = await report(today);
    const moves: Move[] = [];
    const vendors = ['PGS', 'JILI'] as const;
    const games = ['g-alpha', 'g-beta'] as const;

    // Members funded through the ledger's deposit movement, playing rounds of bets, wins and a rollback.
    const players = [];
    for (let i = 0; i < 4; i++) {
      const m = await cashierMember(t, { deposit: 0n, bets: 0n });
      const amount = BigInt(1_000_00 + i * 250_50);
      await depositTo(t, m.id, amount);
      moves.push({ kind: 'deposit', key: `member:${m.id}`, member: m.id, amount });
      players.push(m);
    }
    for (const [i, m] of players.entries()) {
      for (let r = 0; r < 3; r++) {
        const vendor = vendors[(i + r) % 2]!;
        const game = games[r % 2]!;
        const round = randomUUID();
        const stake = BigInt(10_00 + r * 5_25 + i);
        const bet = `b-${round}`;
        const op = { vendor, memberId: m.id, trial: false, roundId: round, gameCode: game };
        expect((await t.app.services.wallet.gameOperation({ ...op, kind: 'bet', transactionId: bet, amount: stake, requestHash: `h${bet}` })).status).toBe('OK');
        moves.push({ kind: 'bet', key: bet, member: m.id, vendor, game, round, amount: stake });
        if (r === 2 && i === 0) {
          const rb = `r-${round}`;
          const rolled = await t.app.services.wallet.gameOperation({ vendor, memberId: m.id, trial: false, kind: 'rollback', transactionId: rb, referenceTransactionId: bet, roundId: round, requestHash: `h${rb}` });
          expect(rolled.status).toBe('OK');
          moves.push({ kind: 'rollback', key: rb, member: m.id, vendor, game, round, amount: stake });
        } else if ((i + r) % 2 === 0) {
          const win = `w-${round}`;
          const prize = stake * 3n;
          expect((await t.app.services.wallet.gameOperation({ ...op, kind: 'win', transactionId: win, amount: prize, requestHash: `h${win}` })).status).toBe('OK');
          moves.push({ kind: 'win', key: win, member: m.id, vendor, game, round, amount: prize });
        }
      }
    }
    // Two withdrawals paid out (their members first stake what they deposited: the 1x turnover); one
    // reported not received and refunded (four-eyes: a second operator).
    for (const m of players.slice(0, 2)) {
      const deposited = moves.find((x) => x.kind === 'deposit' && x.member === m.id)!.amount;
      const round = randomUUID();
      const op = { vendor: 'PGS', memberId: m.id, trial: false, roundId: round, gameCode: 'g-alpha' };
      expect((await t.app.services.wallet.gameOperation({ ...op, kind: 'bet', transactionId: `b-${round}`, amount: deposited, requestHash: `hb-${round}` })).status).toBe('OK');
      expect((await t.app.services.wallet.gameOperation({ ...op, kind: 'win', transactionId: `w-${round}`, amount: deposited, requestHash: `hw-${round}` })).status).toBe('OK');
      moves.push({ kind: 'bet', key: `b-${round}`, member: m.id, vendor: 'PGS', game: 'g-alpha', round, amount: deposited });
      moves.push({ kind: 'win', key: `w-${round}`, member: m.id, vendor: 'PGS', game: 'g-alpha', round, amount: deposited });
    }
    const paidOut = [];
    for (const m of players.slice(0, 2)) {
      const w = await requestWithdrawal(m, { amount: '150.00' });
      expect(w.status, JSON.stringify(w)).toBe(200);
      expect((await t.ops('POST', `/ops/withdrawals/${w.value!.id}/pay`)).statusCode).toBe(200);
      moves.push({ kind: 'payout', key: `w:${w.value!.id}`, amount: 150_00n });
      paidOut.push({ m, id: w.value!.id });
    }
    const { m: unlucky, id: caseId } = paidOut[0]!;
    const answered = await receipt(unlucky, caseId, { received: false, remark: 'Nothing arrived', proofs: [{ data: PNG_1X1.toString('base64') }] });
    expect(answered.status, JSON.stringify(answered)).toBe(200);
    await t.opsApproved('POST', `/ops/withdrawals/${caseId}/resolve`, { outcome: 'refund', reason: 'returned by the bank' });
    moves.push({ kind: 'refund', key: `w:${caseId}`, amount: 150_00n });

    // The Bangkok day of each movement, as the ledger stamped it.
    const rows = await t.db.database.db.select({ op: ledgerTransactions.op, key: ledgerTransactions.key, kind: ledgerTransactions.kind, at: ledgerTransactions.createdAt }).from(ledgerTransactions);
    const dayOf = (move: Move): string => {
      const found = rows.find((r) => {
        if (move.kind === 'deposit') return r.kind === 'deposit' && r.key.startsWith(`test-${move.member}-`);
        if (move.kind === 'payout') return r.kind === 'withdrawal_payout' && r.key === move.key.slice(2);
        if (move.kind === 'refund') return r.kind === 'withdrawal_refund' && r.key === move.key.slice(2);
        return r.op === 'game' && r.key.endsWith(`:${move.key}`);
      });
      if (!found) throw new Error(`no ledger transaction for ${JSON.stringify(move, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`);
      return bangkokDay(found.at.getTime());
    };
    const byDay = new Map<string, Move[]>();
    for (const move of moves) byDay.set(dayOf(move), [...(byDay.get(dayOf(move)) ?? []), move]);
    const registeredOn = await t.db.database.db.select({ at: members.createdAt }).from(members).where(inArray(members.id, players.map((p) => p.id)));

    for (const [day, dayMoves] of byDay) {
      const got = await report(day);
      const base = day === today ? baseline : null;
      const sum = (kinds: Move['kind'][], pick: (m: Move) => boolean = () => true) =>
        dayMoves.filter((m) => kinds.includes(m.kind) && pick(m)).reduce((s, m) => s + m.amount, 0n);
      const count = (kind: Move['kind']) => dayMoves.filter((m) => m.kind === kind).length;
      const plus = (figure: { count: number; total: string } | undefined, n: number, total: bigint) => ({
        count: (figure?.count ?? 0) + n,
        total: formatMinor(BigInt((figure?.total ?? '0.00').replace('.', '')) + total),
      });
      expect(got.deposits).toEqual(plus(base?.deposits, count('deposit'), sum(['deposit'])));
      expect(got.payouts).toEqual(plus(base?.payouts, count('payout'), sum(['payout'])));
      expect(got.refunds).toEqual(plus(base?.refunds, count('refund'), sum(['refund'])));
      expect(got.registrations).toBe((base?.registrations ?? 0) + registeredOn.filter((r) => bangkokDay(r.at.getTime()) === day).length);
      expect(got.firstDeposits).toBe((base?.firstDeposits ?? 0) + new Set(dayMoves.filter((m) => m.kind === 'deposit').map((m) => (m as { member: number }).member)).size);

      const gameMoves = dayMoves.filter((m): m is Extract<Move, { vendor: string }> => 'vendor' in m);
      for (const vendor of vendors) {
        for (const game of games) {
          const mine = gameMoves.filter((m) => m.vendor === vendor && m.game === game);
          const row = got.games.find((g) => g.vendor === vendor && g.game === game);
          if (mine.length === 0) continue;
          const of = (kind: Move['kind']) => mine.filter((m) => m.kind === kind).reduce((s, m) => s + m.amount, 0n);
          expect(row).toEqual({
            vendor,
            game,
            bets: formatMinor(of('bet')),
            wins: formatMinor(of('win')),
            rollbacks: formatMinor(of('rollback')),
            ggr: formatMinor(of('bet') - of('win') - of('rollback')),
            rounds: new Set(mine.filter((m) => m.kind === 'bet').map((m) => m.round)).size,
            players: new Set(mine.map((m) => m.member)).size,
          });
        }
      }
      const bets = sum(['bet']);
      const wins = sum(['win']);
      const rollbacks = sum(['rollback']);
      expect(got.totals).toEqual({
        bets: formatMinor(bets),
        wins: formatMinor(wins),
        rollbacks: formatMinor(rollbacks),
        ggr: formatMinor(bets - wins - rollbacks),
        rounds: new Set(gameMoves.filter((m) => m.kind === 'bet').map((m) => m.round)).size,
        players: new Set(gameMoves.map((m) => m.member)).size,
      });
    }
    // And the ledger those figures come from verifies.
    expect(body<{ ok: boolean }>(await t.ops('GET', '/ops/ledger/verify')).value.ok).toBe(true);
  });

  it('refuses a day that does not exist, with nothing else said', async () => {
    for (const day of ['2026-02-30', '2026-13-01', 'yesterday', '']) {
      const res = await t.ops('GET', `/ops/reports/daily?day=${day}`);
      expect([res.statusCode, body(res).message]).toEqual([400, 'validation_failed']);
    }
    const support = await t.operator('support');
    expect(body(await support.ops('GET', `/ops/reports/daily?day=${bangkokDay(Date.now())}`)).message).toBe('ops_permission_denied');
  });
});

