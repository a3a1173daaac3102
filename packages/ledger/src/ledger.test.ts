import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accounts, parseAccount } from './accounts';
import { decideGameOperation } from './game';
import { inputHash } from './hash';
import { MemoryLedger } from './memory';
import { MAX_ENTRY_AMOUNT, validateEntries, wageringFor } from './posting';
import { verifyLedger } from './verify';

// Values from the issue and ADR 0026, not from the code: minor units, member accounts never below zero,
// postings balance, trial money never meets real money, amounts up to 2^53 - 1.
const members = [1001, 1002, 1003, 1004];
const amount = fc.bigInt({ min: 1n, max: 1_000_000n });

describe('posting rules', () => {
  it('accepts any balanced posting of real accounts and refuses it once unbalanced, zero or mixed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...members), fc.constantFrom(...members), amount, (a, b, x) => {
        fc.pre(a !== b);
        expect(validateEntries([{ account: accounts.main(a), amount: -x }, { account: accounts.main(b), amount: x }])).toBeNull();
        expect(validateEntries([{ account: accounts.main(a), amount: -x }, { account: accounts.main(b), amount: x + 1n }])).toBe('unbalanced');
        expect(validateEntries([{ account: accounts.main(a), amount: 0n }, { account: accounts.main(b), amount: 0n }])).toBe('zero_amount');
        expect(validateEntries([{ account: accounts.trial(a), amount: -x }, { account: accounts.main(b), amount: x }])).toBe('mixed_classes');
      }),
    );
  });

  it('refuses unknown account codes, a single entry, the same account twice and amounts beyond 2^53 - 1', () => {
    expect(validateEntries([{ account: 'm:1001:main', amount: 5n }])).toBe('no_entries');
    expect(validateEntries([{ account: 'house', amount: -5n }, { account: 'm:1001:main', amount: 5n }])).toBe('bad_account');
    expect(validateEntries([{ account: 'm:1001:main', amount: -5n }, { account: 'm:1001:main', amount: 5n }])).toBe('duplicate_account');
    const big = 2n ** 53n;
    expect(MAX_ENTRY_AMOUNT).toBe(big - 1n);
    expect(validateEntries([{ account: 's:adjust', amount: -big }, { account: 'm:1001:main', amount: big }])).toBe('amount_too_large');
  });

  it('names the trial issuer and trial wallets as trial class, everything else real', () => {
    expect(parseAccount('m:1001:trial')?.class).toBe('trial');
    expect(parseAccount('s:trial')?.class).toBe('trial');
    expect(parseAccount('m:1001:v:PGS')?.class).toBe('real');
    expect(parseAccount('s:deposit:kbank')?.class).toBe('real');
    expect(parseAccount('m:0:main')).toBeNull();
  });

  it('hashes the same input the same way whatever the key order, and another input differently', () => {
    expect(inputHash({ a: 1, b: 2n })).toBe(inputHash({ b: 2n, a: 1 }));
    expect(inputHash({ a: 1 })).not.toBe(inputHash({ a: '1' }));
    expect(inputHash({ a: 1, c: undefined })).toBe(inputHash({ a: 1 }));
  });
});

/** A generic operation a cashier or transfer would post. */
const genericOp = fc.oneof(
  fc.record({ type: fc.constant('deposit' as const), member: fc.constantFrom(...members), amount, key: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ type: fc.constant('withdraw' as const), member: fc.constantFrom(...members), amount, key: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ type: fc.constant('transfer' as const), member: fc.constantFrom(...members), to: fc.constantFrom(...members), amount, key: fc.integer({ min: 1, max: 30 }) }),
);

function applyGeneric(ledger: MemoryLedger, op: { type: string; member: number; to?: number; amount: bigint; key: number }) {
  const hash = inputHash({ type: op.type, member: op.member, to: op.to ?? null, amount: op.amount });
  switch (op.type) {
    case 'deposit':
      return ledger.post('deposit', `d${op.key}`, hash, [{ account: 's:deposit:bank', amount: -op.amount }, { account: accounts.main(op.member), amount: op.amount }]);
    case 'withdraw':
      return ledger.post('withdrawal_hold', `w${op.key}`, hash, [{ account: accounts.main(op.member), amount: -op.amount }, { account: 's:withdrawal', amount: op.amount }]);
    default:
      return ledger.post('transfer', `t${op.key}`, hash, [{ account: accounts.main(op.member), amount: -op.amount }, { account: accounts.main(op.to!), amount: op.amount }]);
  }
}

describe('any sequence of valid operations keeps the invariants', () => {
  it('deposits, withdrawals and transfers with reused keys: balances equal entries, sums are zero, no member below zero, each key once', () => {
    fc.assert(
      fc.property(fc.array(genericOp, { maxLength: 80 }), (ops) => {
        const ledger = new MemoryLedger();
        const applied: typeof ops = [];
        for (const op of ops) {
          const before = new Map(ledger.balances);
          const r = applyGeneric(ledger, op);
          // A refusal or a replay changes nothing.
          if ('error' in r || r.outcome === 'replayed') expect(ledger.balances).toEqual(before);
          else applied.push(op);
        }
        expect(ledger.verify()).toEqual([]);
        for (const m of members) expect(ledger.balance(accounts.main(m))).toBeGreaterThanOrEqual(0n);
        // Replaying every applied operation changes nothing (a refused one was never recorded).
        const after = new Map(ledger.balances);
        const count = ledger.transactions.length;
        for (const op of applied) expect(applyGeneric(ledger, op)).toMatchObject({ outcome: 'replayed' });
        expect(ledger.balances).toEqual(after);
        expect(ledger.transactions.length).toBe(count);
      }),
      { numRuns: 300 },
    );
  });
});

/** Vendor game requests over a small id space, so duplicates, late bets and early rollbacks happen often. */
const gameReq = fc.oneof(
  fc.record({ kind: fc.constant('bet' as const), id: fc.integer({ min: 1, max: 12 }), round: fc.integer({ min: 1, max: 4 }), amount: fc.bigInt({ min: 0n, max: 5_000n }) }),
  fc.record({ kind: fc.constant('win' as const), id: fc.integer({ min: 1, max: 12 }), round: fc.integer({ min: 1, max: 4 }), amount: fc.bigInt({ min: 0n, max: 8_000n }), bet: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }) }),
  fc.record({ kind: fc.constant('rollback' as const), id: fc.integer({ min: 1, max: 12 }), ref: fc.integer({ min: 1, max: 12 }) }),
);
type GameReqValue = { kind: 'bet' | 'win' | 'rollback'; id: number; round?: number; amount?: bigint; bet?: number | undefined; ref?: number };

function toRequest(r: GameReqValue) {
  const base = {
    kind: r.kind,
    // One id space for bets, wins and rollbacks of a player: a win reusing a bet's id is a conflict.
    transactionId: `t${r.id}`,
    amount: r.amount ?? 0n,
    roundId: r.round === undefined ? undefined : `r${r.round}`,
    referenceId: r.kind === 'rollback' ? `t${r.ref}` : r.bet === undefined ? undefined : `t${r.bet}`,
  };
  return { ...base, hash: inputHash({ kind: base.kind, id: base.transactionId, amount: base.amount, round: base.roundId, ref: base.referenceId }) };
}

describe('vendor game operations (bet, win, rollback)', () => {
  it('any sequence with duplicates and early rollbacks keeps the invariants and applies each transaction id once', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 20_000n }), fc.array(gameReq, { maxLength: 60 }), fc.boolean(), (start, reqs, trial) => {
        const ledger = new MemoryLedger();
        const wallet = accounts.playing(1001, trial);
        if (start > 0n) {
          const issuer = trial ? 's:trial' : 's:deposit:bank';
          ledger.post(trial ? 'trial_credit' : 'deposit', 'start', 'h', [{ account: issuer, amount: -start }, { account: wallet, amount: start }]);
        }
        const applied: GameReqValue[] = [];
        const refused: { r: GameReqValue; code: string }[] = [];
        const seen = new Set<string>();
        for (const r of reqs) {
          const req = toRequest(r as GameReqValue);
          const before = ledger.balance(wallet);
          const d = ledger.game('PGS', 1001, trial, req);
          if (d.type !== 'apply') expect(d.balance).toBe(before);
          // A first refusal for lack of funds is decided on the balance; a replayed one repeats its first answer.
          if (d.type === 'error' && d.code === 'INSUFFICIENT_FUNDS' && !seen.has(req.transactionId)) expect(req.amount).toBeGreaterThan(before);
          if (d.type === 'error' && !seen.has(req.transactionId)) refused.push({ r: r as GameReqValue, code: d.code });
          if (d.type === 'apply') applied.push(r as GameReqValue);
          seen.add(req.transactionId);
        }
        // Every refused request again (issue 23 #1): the same refusal, nothing moves.
        const beforeRetries = ledger.balance(wallet);
        for (const { r, code } of refused) expect(ledger.game('PGS', 1001, trial, toRequest(r))).toMatchObject({ type: 'error', code });
        expect(ledger.balance(wallet)).toBe(beforeRetries);
        expect(ledger.verify()).toEqual([]);
        expect(ledger.balance(wallet)).toBeGreaterThanOrEqual(0n);
        // Each transaction id is recorded at most once.
        const gameKeys = ledger.transactions.filter((t) => t.op === 'game').map((t) => t.key);
        expect(new Set(gameKeys).size).toBe(gameKeys.length);
        // Every applied request again (the vendor retries): each is a replay and nothing moves.
        const balance = ledger.balance(wallet);
        for (const r of applied) expect(ledger.game('PGS', 1001, trial, toRequest(r)).type).toBe('replay');
        expect(ledger.balance(wallet)).toBe(balance);
        // Trial play never touches real accounts, and real play never touches trial ones.
        for (const code of ledger.balances.keys()) {
          if (trial) expect(parseAccount(code)!.class).toBe('trial');
          else expect(parseAccount(code)!.class).toBe('real');
        }
      }),
      { numRuns: 400 },
    );
  });

  const state = (over: Partial<Parameters<typeof decideGameOperation>[0]> = {}) => ({
    balance: 1_000n,
    find: () => undefined,
    isRolledBack: () => false,
    roundHasWin: () => false,
    hasWinFor: () => false,
    ...over,
  });

  it('refuses a bet above the balance, a late bet after its rollback, a rollback after the round paid, and another body for a used id', () => {
    expect(decideGameOperation(state(), { kind: 'bet', transactionId: 'b1', hash: 'h', amount: 1_001n, roundId: 'r' })).toEqual({ type: 'error', code: 'INSUFFICIENT_FUNDS' });
    expect(decideGameOperation(state({ isRolledBack: (id) => id === 'b1' }), { kind: 'bet', transactionId: 'b1', hash: 'h', amount: 1n, roundId: 'r' })).toEqual({ type: 'error', code: 'TRANSACTION_ROLLED_BACK' });
    const bet = { kind: 'bet' as const, hash: 'h', amount: 100n, roundId: 'r', referenceId: null, delta: -100n };
    expect(decideGameOperation(state({ find: (id) => (id === 'b1' ? bet : undefined), roundHasWin: () => true }), { kind: 'rollback', transactionId: 'x1', hash: 'h2', amount: 0n, referenceId: 'b1' })).toEqual({ type: 'error', code: 'ROUND_CLOSED' });
    expect(decideGameOperation(state({ find: () => bet }), { kind: 'bet', transactionId: 'b1', hash: 'other', amount: 100n, roundId: 'r' })).toEqual({ type: 'error', code: 'DUPLICATE_TRANSACTION_CONFLICT' });
    expect(decideGameOperation(state({ find: (id) => (id === 'b1' ? bet : undefined) }), { kind: 'rollback', transactionId: 'x1', hash: 'h2', amount: 0n, referenceId: 'b1' })).toEqual({ type: 'apply', delta: 100n });
  });

  it('answers a zero bet, a win without a bet and a rollback of an unknown transaction with OK and no money moved except the win', () => {
    expect(decideGameOperation(state(), { kind: 'bet', transactionId: 'b1', hash: 'h', amount: 0n, roundId: 'r' })).toEqual({ type: 'apply', delta: 0n });
    expect(decideGameOperation(state(), { kind: 'win', transactionId: 'w1', hash: 'h', amount: 250n, roundId: 'r' })).toEqual({ type: 'apply', delta: 250n });
    expect(decideGameOperation(state(), { kind: 'rollback', transactionId: 'x1', hash: 'h', amount: 0n, referenceId: 'b9' })).toEqual({ type: 'apply', delta: 0n });
  });
});

describe('verification', () => {
  it('reports each broken invariant with its count', () => {
    const base = { accounts: 1, transactions: 1, entries: 2, balanceMismatches: 0, negativeMemberBalances: 0, sumsByClassAndCurrency: [{ classAndCurrency: 'real:THB', sum: 0n }], unbalancedTransactions: 0, duplicateKeys: 0, orphanEntries: 0 };
    expect(verifyLedger(base)).toEqual([]);
    const broken = verifyLedger({ ...base, balanceMismatches: 2, sumsByClassAndCurrency: [{ classAndCurrency: 'real:THB', sum: 5n }], duplicateKeys: 1 });
    expect(broken.map((v) => v.rule)).toEqual([
      'member balance equals the sum of its entries',
      'entries sum to zero per class and currency',
      'each idempotency key applied once',
    ]);
  });
});

describe('issue 23 #2 wagering outstanding', () => {
  it('a credit adds multiple x amount, rounded up to the minor unit; nothing for a zero multiple', () => {
    expect(wageringFor(20_000_00n, 1)).toBe(20_000_00n);
    expect(wageringFor(100_00n, 1.5)).toBe(150_00n);
    // 0.33 x 1.01 = 0.3333 -> 0.34
    expect(wageringFor(1_01n, 0.33)).toBe(34n);
    expect(wageringFor(500_00n, 0)).toBe(0n);
  });

  it('verification reports a stored outstanding that disagrees with the entries', () => {
    const base = { accounts: 1, transactions: 1, entries: 2, balanceMismatches: 0, negativeMemberBalances: 0, sumsByClassAndCurrency: [{ classAndCurrency: 'real:THB', sum: 0n }], unbalancedTransactions: 0, duplicateKeys: 0, orphanEntries: 0 };
    expect(verifyLedger({ ...base, wageringMismatches: 0 })).toEqual([]);
    expect(verifyLedger({ ...base, wageringMismatches: 1 })).toEqual([{ rule: 'wagering outstanding equals the sum of its entries', count: 1 }]);
  });
});
