import { AppError } from '@lotus/contracts/app-error';
import type { TLoginResult, TMemberInfo } from '@lotus/contracts/auth';
import type { TAccountRecord, TConsolidatedFunds, TLedgerVerification, TWalletBalance } from '@lotus/contracts/wallet';
import { accounts } from '@lotus/ledger/accounts';
import { inputHash } from '@lotus/ledger/hash';
import { MemoryLedger } from '@lotus/ledger/memory';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMember } from './factories';
import { body, useTestApp } from './helper';

// Issue 8 (money): double-entry, append-only, one write path, idempotency keys scoped by operation with an
// input hash, no member balance below zero, trial credit in its own class, and the vendor protocol's
// bet/win/rollback table. The database functions are checked against packages/ledger's reference model.
const t = useTestApp();
const wallet = () => t.app.services.wallet;
let nextMember = 900_000;
const deposit = (memberId: number, amount: bigint, key = `dep-${memberId}-${amount}`) =>
  wallet().post({
    op: 'deposit',
    key,
    input: { memberId, amount },
    actor: { kind: 'operator', id: 'tester', reason: 'test deposit' },
    entries: [
      { account: accounts.depositClearing('bank'), amount: -amount },
      { account: accounts.main(memberId), amount },
    ],
  });

const appError = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (error: unknown) => error,
  );
  return e instanceof AppError ? e.message : e;
};

describe('the one write path', () => {
  it('credits a deposit once: a replay answers the first result, the same key with another amount is refused', async () => {
    const m = nextMember++;
    const first = await deposit(m, 150_000n, `d-${m}`);
    expect(first.outcome).toBe('created');
    expect(first.balances[accounts.main(m)]).toBe(150_000n);
    const again = await deposit(m, 150_000n, `d-${m}`);
    expect(again).toMatchObject({ outcome: 'replayed', transactionId: first.transactionId });
    expect(await appError(deposit(m, 150_001n, `d-${m}`))).toBe('idempotency_conflict');
    expect(await wallet().balanceOf({ id: m, trial: false })).toBe(150_000n);
  });

  it('never takes a member balance below zero and writes nothing when it refuses', async () => {
    const m = nextMember++;
    await deposit(m, 1_000n);
    const before = (await wallet().verify()).transactions;
    const hold = wallet().post({
      op: 'withdrawal_hold',
      key: `w-${m}`,
      input: { amount: 1_001 },
      actor: { kind: 'member', id: m },
      entries: [
        { account: accounts.main(m), amount: -1_001n },
        { account: accounts.withdrawalClearing, amount: 1_001n },
      ],
    });
    expect(await appError(hold)).toBe('insufficient_funds');
    expect((await wallet().verify()).transactions).toBe(before);
    expect(await wallet().balanceOf({ id: m, trial: false })).toBe(1_000n);
  });

  it('refuses unbalanced postings and postings that mix trial and real money', async () => {
    const m = nextMember++;
    const unbalanced = wallet().post({
      op: 'adjust',
      key: `a-${m}`,
      input: {},
      actor: { kind: 'operator', id: 'tester', reason: 'x' },
      entries: [
        { account: accounts.adjustments, amount: -5n },
        { account: accounts.main(m), amount: 6n },
      ],
    });
    expect(await appError(unbalanced)).toBe('invalid_posting');
    const mixed = wallet().post({
      op: 'adjust',
      key: `b-${m}`,
      input: {},
      actor: { kind: 'operator', id: 'tester', reason: 'x' },
      entries: [
        { account: accounts.trialIssuer, amount: -5n },
        { account: accounts.main(m), amount: 5n },
      ],
    });
    expect(await appError(mixed)).toBe('invalid_posting');
  });

  it('keeps transactions and entries append-only: UPDATE and DELETE are refused by the database', async () => {
    const m = nextMember++;
    await deposit(m, 500n);
    const raw = t.db.database.db;
    const refused = { cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }) };
    await expect(raw.execute(sql`update ledger_entries set amount = amount + 1`)).rejects.toMatchObject(refused);
    await expect(raw.execute(sql`delete from ledger_transactions`)).rejects.toMatchObject(refused);
  });
});

describe('ledger:verify', () => {
  it('finds no violation after real movements, and finds a balance changed behind the ledger', async () => {
    const ok = (await t.ops('GET', '/ops/ledger/verify')).json() as { value: TLedgerVerification };
    expect(ok.value).toMatchObject({ ok: true, violations: [] });
    expect(ok.value.entries).toBeGreaterThan(0);
    const m = nextMember++;
    await deposit(m, 700n);
    await t.db.database.db.execute(sql`update ledger_accounts set balance = balance + 1 where code = ${accounts.main(m)}`);
    const bad = (await t.ops('GET', '/ops/ledger/verify')).json() as { value: TLedgerVerification };
    expect(bad.value.ok).toBe(false);
    expect(bad.value.violations).toContainEqual({ rule: 'member balance equals the sum of its entries', count: 1 });
    await t.db.database.db.execute(sql`update ledger_accounts set balance = balance - 1 where code = ${accounts.main(m)}`);
  });
});

/** Requests over a small id space so duplicates, late bets, early rollbacks and closed rounds happen. */
const gameReq = fc.record({
  kind: fc.constantFrom('bet' as const, 'win' as const, 'rollback' as const),
  id: fc.integer({ min: 1, max: 8 }),
  ref: fc.integer({ min: 1, max: 8 }),
  round: fc.integer({ min: 1, max: 3 }),
  amount: fc.bigInt({ min: 0n, max: 3_000n }),
  withBet: fc.boolean(),
  otherBody: fc.boolean(),
});

/** A generated request as the reference model takes it and as the wallet's gameOperation takes it. */
function gameCall(r: typeof gameReq extends fc.Arbitrary<infer T> ? T : never) {
  const transactionId = `t${r.id}`;
  const referenceId = r.kind === 'rollback' ? `t${r.ref}` : r.kind === 'win' && r.withBet ? `t${r.ref}` : undefined;
  const amount = r.kind === 'rollback' ? 0n : r.amount + (r.otherBody ? 1n : 0n);
  const roundId = r.kind === 'rollback' ? undefined : `r${r.round}`;
  const hash = inputHash({ kind: r.kind, transactionId, amount, roundId, referenceId });
  const op =
    r.kind === 'bet'
      ? { kind: 'bet' as const, transactionId, roundId: roundId!, gameCode: 'g1', amount }
      : r.kind === 'win'
        ? { kind: 'win' as const, transactionId, roundId: roundId!, gameCode: 'g1', amount, ...(referenceId ? { betTransactionId: referenceId } : {}) }
        : { kind: 'rollback' as const, transactionId, referenceTransactionId: referenceId! };
  return { request: { kind: r.kind, transactionId, hash, amount, roundId, referenceId }, op, hash };
}

describe('vendor game operations in the database follow the reference model', () => {
  it('any sequence of bets, wins and rollbacks (duplicates, conflicts, rollbacks first) gives the model answers and balances', async () => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 0n, max: 6_000n }), fc.array(gameReq, { minLength: 1, maxLength: 25 }), async (start, reqs) => {
        const m = nextMember++;
        const model = new MemoryLedger();
        if (start > 0n) {
          await deposit(m, start);
          model.post('deposit', 'x', 'h', [{ account: 's:deposit:bank', amount: -start }, { account: accounts.main(m), amount: start }]);
        }
        for (const r of reqs) {
          const { request, op, hash } = gameCall(r);
          const expected = model.game('PGS', m, false, request);
          const got = await wallet().gameOperation({ ...op, vendor: 'PGS', memberId: m, trial: false, requestHash: hash });
          if (expected.type === 'error') expect(got).toEqual({ status: 'ERROR', code: expected.code, balance: expected.balance });
          else expect(got).toMatchObject({ status: 'OK', balance: expected.balance });
        }
        expect(await wallet().balanceOf({ id: m, trial: false })).toBe(model.balance(accounts.main(m)));
      }),
      { numRuns: 25 },
    );
    expect((await wallet().verify()).violations).toEqual([]);
  });
});

describe('game operations sent together (group commit, docs/adr/0064)', () => {
  it('sequences of several players fired at once, never awaited one by one, give each player the model answers in the order sent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.bigInt({ min: 0n, max: 6_000n }), fc.array(gameReq, { minLength: 1, maxLength: 15 })), { minLength: 2, maxLength: 5 }),
        async (players) => {
          const model = new MemoryLedger();
          const sent: { m: number; expected: ReturnType<MemoryLedger['game']>; answer: ReturnType<ReturnType<typeof wallet>['gameOperation']> }[][] = [];
          const members: number[] = [];
          for (const [start] of players) {
            const m = nextMember++;
            members.push(m);
            if (start > 0n) {
              await deposit(m, start);
              model.post('deposit', `x${m}`, 'h', [{ account: 's:deposit:bank', amount: -start }, { account: accounts.main(m), amount: start }]);
            }
          }
          // Round robin over the players, every call started before any answer is awaited.
          const longest = Math.max(...players.map(([, reqs]) => reqs.length));
          for (let k = 0; k < longest; k++) {
            players.forEach(([, reqs], p) => {
              const r = reqs[k];
              if (!r) return;
              const m = members[p]!;
              const { request, op, hash } = gameCall(r);
              const expected = model.game('PGS', m, false, request);
              (sent[p] ??= []).push({ m, expected, answer: wallet().gameOperation({ ...op, vendor: 'PGS', memberId: m, trial: false, requestHash: hash }) });
            });
          }
          for (const calls of sent) {
            for (const { expected, answer } of calls) {
              const got = await answer;
              if (expected.type === 'error') expect(got).toEqual({ status: 'ERROR', code: expected.code, balance: expected.balance });
              else expect(got).toMatchObject({ status: 'OK', balance: expected.balance });
            }
          }
          for (const m of members) expect(await wallet().balanceOf({ id: m, trial: false })).toBe(model.balance(accounts.main(m)));
        },
      ),
      { numRuns: 15 },
    );
    expect((await wallet().verify()).violations).toEqual([]);
  });
});

describe('member wallet calls', () => {
  it('3.MEM.03 7.WAL.01 7.WAL.02 a new member has 0.00 everywhere, then the deposit in member info, the balance and consolidated funds', async () => {
    const member = await createMember(t);
    expect((await member.c.get('/wps/member/info')).json().value.balance).toBe('0.00');
    await deposit(member.id, 123_456_78n);
    expect((await member.c.get('/wps/member/info')).json().value.balance).toBe('123456.78');
    const balance = (await member.c.get('/wps/v2/wallets/balance')).json() as { value: TWalletBalance };
    expect(balance.value).toEqual({ sumBalance: '123456.78', isSingle: true });
    const funds = (await member.c.get('/wps/member/info/funds/consolidated')).json() as { value: TConsolidatedFunds };
    expect(funds.value).toEqual({ currency: 'THB', main: '123456.78', total: '123456.78', wallets: [] });
    expect((await t.client().get('/wps/v2/wallets/balance')).statusCode).toBe(401);
  });

  it('2.MC.09 7.RELAY.28 the account record lists every movement newest first with the running balance, filtered by type', async () => {
    const member = await createMember(t);
    await deposit(member.id, 10_000n, `rec-${member.id}-1`);
    const bet = { vendor: 'PGS', memberId: member.id, trial: false, kind: 'bet' as const, roundId: 'r1', gameCode: 'g' };
    await wallet().gameOperation({ ...bet, transactionId: 'b1', amount: 2_500n, requestHash: 'h1' });
    await wallet().gameOperation({ ...bet, kind: 'win', transactionId: 'w1', amount: 4_000n, requestHash: 'h2' });
    await deposit(member.id, 50n, `rec-${member.id}-2`);
    const res = await member.c.get('/wps/relay/ODSFE2_MemTransDet?pageSize=15');
    const record = (res.json() as { value: TAccountRecord }).value;
    expect(record.list.map((r) => [r.type, r.amount, r.balance])).toEqual([
      ['deposit', '0.50', '115.50'],
      ['win', '40.00', '115.00'],
      ['bet', '-25.00', '75.00'],
      ['deposit', '100.00', '100.00'],
    ]);
    expect(record).toMatchObject({ total: 4, totalPages: 1, pageNo: 1 });
    const bets = (await member.c.get('/wps/relay/ODSFE2_MemTransDet?types=bet,win')).json() as { value: TAccountRecord };
    expect(bets.value.list.map((r) => r.type)).toEqual(['win', 'bet']);
    const paged = (await member.c.get('/wps/relay/ODSFE2_MemTransDet?pageSize=3&pageNo=2')).json() as { value: TAccountRecord };
    expect(paged.value).toMatchObject({ total: 4, totalPages: 2, pageNo: 2 });
    expect(paged.value.list).toHaveLength(1);
    expect((await member.c.get('/wps/relay/ODSFE2_MemTransDet?types=lottery')).statusCode).toBe(400);
    expect((await t.client().get('/wps/relay/ODSFE2_MemTransDet')).statusCode).toBe(401);
  });

  it('5.GATE.03 a trial account plays on credit granted through the ledger, in the trial class, never the real one', async () => {
    const c = t.client();
    const login = body<TLoginResult>(await c.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: { platform: 'W' } }));
    c.token = login.value.token;
    const info = (await c.get('/wps/member/info')).json() as { value: TMemberInfo };
    const id = Number(info.value.id);
    const granted = await wallet().balanceOf({ id, trial: true });
    expect(granted).toBeGreaterThan(0n);
    expect(info.value.balance).toBe(`${granted / 100n}.${String(granted % 100n).padStart(2, '0')}`);
    expect(await wallet().balanceOf({ id, trial: false })).toBe(0n);
    const record = (await c.get('/wps/relay/ODSFE2_MemTransDet')).json() as { value: TAccountRecord };
    expect(record.value.list.map((r) => r.type)).toEqual(['trial_credit']);
    const v = await wallet().verify();
    expect(v.violations).toEqual([]);
  });
});

describe('reversal is a new transaction', () => {
  it('an operator reverses a deposit once, with a reason, audited; the ledger still verifies', async () => {
    const m = nextMember++;
    const d = await deposit(m, 9_000n, `rev-${m}`);
    // A four-eyes request (docs/adr/0081): nothing moves until a second operator approves and applies it.
    const res = await t.ops('POST', `/ops/ledger/transactions/${d.transactionId}/reverse`, { reason: 'credited to the wrong member' });
    expect(res.json()).toMatchObject({ success: true, value: { status: 'pending' } });
    expect(await wallet().balanceOf({ id: m, trial: false })).toBe(9_000n);
    const checker = await t.operator('finance');
    const approve = async (r: typeof res) =>
      checker.ops('POST', `/ops/approvals/${(r.json() as { value: { approvalId: number } }).value.approvalId}/approve`, {});
    expect((await approve(res)).statusCode).toBe(200);
    expect(await wallet().balanceOf({ id: m, trial: false })).toBe(0n);
    // Asked and approved again: once per transaction, nothing more moves.
    const again = await t.ops('POST', `/ops/ledger/transactions/${d.transactionId}/reverse`, { reason: 'credited to the wrong member' });
    expect((await approve(again)).statusCode).toBe(200);
    expect(await wallet().balanceOf({ id: m, trial: false })).toBe(0n);
    const audit = (await t.ops('GET', '/ops/audit?limit=5')).json() as { value: { action: string; target: string; username: string }[] };
    expect(audit.value).toContainEqual(expect.objectContaining({ action: 'approval.approve', target: `ledger:${d.transactionId}`, username: checker.username }));
    expect((await wallet().verify()).violations).toEqual([]);
  });

  it('refuses a reversal that would take a member below zero, a reason too short and an unknown transaction', async () => {
    const m = nextMember++;
    const d = await deposit(m, 5_000n, `rev2-${m}`);
    await wallet().post({
      op: 'withdrawal_hold',
      key: `rev2-w-${m}`,
      input: {},
      actor: { kind: 'member', id: m },
      entries: [
        { account: accounts.main(m), amount: -4_000n },
        { account: accounts.withdrawalClearing, amount: 4_000n },
      ],
    });
    const requested = await t.ops('POST', `/ops/ledger/transactions/${d.transactionId}/reverse`, { reason: 'mistake' });
    const checker = await t.operator('finance');
    const res = await checker.ops('POST', `/ops/approvals/${(requested.json() as { value: { approvalId: number } }).value.approvalId}/approve`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'insufficient_funds' });
    expect((await t.ops('POST', `/ops/ledger/transactions/${d.transactionId}/reverse`, { reason: 'x' })).statusCode).toBe(400);
    expect((await t.ops('POST', '/ops/ledger/transactions/999999999/reverse', { reason: 'mistake' })).statusCode).toBe(404);
    expect(await wallet().balanceOf({ id: m, trial: false })).toBe(1_000n);
  });
});
