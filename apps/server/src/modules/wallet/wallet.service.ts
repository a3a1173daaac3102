import { accounts, parseAccount, type AccountCode } from '@lotus/ledger/accounts';
import { inputHash } from '@lotus/ledger/hash';
import { reversalOf, validateEntries, wageringFor } from '@lotus/ledger/posting';
import { verifyLedger, type Violation } from '@lotus/ledger/verify';
import { AppError } from '@lotus/contracts/app-error';
import { formatMinor } from '@lotus/contracts/money';
import { addDays, bangkokDay, bangkokDayRange, DAY_MS } from '@lotus/contracts/calendar';
import { sqlState } from '../../lib/pg-errors';
import type { Database } from '../../db/client';
import { afterCommit, type Executor, type Tx } from '../../db/tx';
import type { LiveBus } from '../../platform/live';
import { createGroupCommit } from './group-commit';
import type { GameOpInput, GameOpRow, WalletRepository } from './wallet.repository';
import type {
  GameOperationInput,
  GameOperationResult,
  Posting,
  PostingWagering,
  PostResult,
} from './wallet.types';

/** Per entry (in the order given), the requirement `ledger_post` is asked to add. */
function wageringOf(entries: readonly { account: string; amount: bigint }[], wagering: PostingWagering | undefined): bigint[] {
  const multiple = wagering?.creditMultiple ?? 0;
  return entries.map((e) => (e.amount > 0n && parseAccount(e.account)?.memberId != null ? wageringFor(e.amount, multiple) : 0n));
}

/** Runs of one autocommit write when PostgreSQL asks for it (serialization, deadlock) or a racing
 * duplicate hit the idempotency index first (the next run finds it and replays). */
const RETRYABLE = new Set(['40001', '40P01', '23505']);

/**
 * Group commit of game operations (docs/adr/0064): at most this many batches in flight on PostgreSQL, each
 * holding one pooled connection of the 10 (the rest stay free for the site). PGlite runs one statement at a
 * time anyway: one lane there, so its batches are the largest.
 */
export const GAME_OP_LANES = { postgres: 2, pglite: 1 } as const;
/** At most this many operations in one batch: each runs in a subtransaction, and PostgreSQL keeps the ids of
 * 64 per transaction in shared memory (beyond that, every other backend's snapshot gets slower). */
const GAME_OP_MAX_BATCH = 32;

async function retrying<T>(fn: () => Promise<T>, inTransaction: boolean): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      // Inside the caller's transaction the whole unit of work is retried by database.tx, not one statement.
      if (inTransaction || attempt >= 5 || !RETRYABLE.has(sqlState(error) ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

export type WalletOptions = {
  /** The currency of every account (ISO 4217); THB by default (config: WALLET_CURRENCY). */
  currency: string;
};

/**
 * The wallet (docs/adr/0026-ledger-and-wallet.md): the only writer of the ledger. `post` is the one
 * write path of every balanced movement (cashier, transfers, trial credit, adjustments); `gameOperation`
 * that of the vendor protocol's bets, wins and rollbacks. Both end in one database function call.
 */
/**
 * The instants of a record page's Bangkok days (contracts/calendar.ts), both ends included, at most 90 days;
 * by default the 7 days ending today.
 */
function recordDays(q: { startDate?: string | undefined; endDate?: string | undefined }, now: number): { from: number; to: number } {
  const endDay = q.endDate ?? bangkokDay(now);
  const range = bangkokDayRange(q.startDate ?? addDays(endDay, -6), endDay);
  if (!(range.from < range.to) || range.to - range.from > RECORD_MAX_DAYS * DAY_MS) throw new AppError('validation_failed', 400);
  return range;
}
const RECORD_MAX_DAYS = 90;

export function createWalletService(deps: {
  database: Pick<Database, 'db' | 'tx'>;
  repo: WalletRepository;
  options: WalletOptions;
  now: () => number;
  /** Lanes of the group commit of game operations (GAME_OP_LANES). */
  gameOpLanes: number;
  /** An idle lane sends after the event loop's turn (group-commit.ts `sendAfterTurn`): on PGlite. */
  gameOpSendAfterTurn: boolean;
  /** Live hints to members' open pages (platform/live.ts). */
  live?: Pick<LiveBus, 'publish'> | undefined;
}) {
  const { database, repo, options } = deps;

  /**
   * Once a posting committed, each member whose account it moved hears of it (GET /wps/live). Inside the caller's
   * transaction: after its commit (never on a rollback); alone: at once (the statement committed). Game operations
   * are not announced: the game shows its own balance, and the page refreshes it when the game is left.
   */
  function announce(posting: Posting, tx: Executor | undefined) {
    const live = deps.live;
    if (!live) return;
    const members = new Set<number>();
    for (const entry of posting.entries) {
      const memberId = parseAccount(entry.account)?.memberId;
      if (memberId) members.add(memberId);
    }
    if (members.size === 0) return;
    const send = () => members.forEach((memberId) => live.publish(memberId, 'balance'));
    if (tx === undefined) send();
    else afterCommit(tx as Tx, send);
  }

  async function post(
    posting: Posting,
    tx?: Executor,
    reverses: number | null = null,
    wageringByAccount: ReadonlyMap<string, bigint> | null = null,
  ): Promise<PostResult> {
    const invalid = validateEntries(posting.entries);
    if (invalid) throw new AppError('invalid_posting', 400);
    const actor = posting.actor;
    if (actor.kind === 'operator' && !actor.reason.trim()) throw new AppError('invalid_posting', 400);
    const entries = [...posting.entries].sort((a, b) => (a.account < b.account ? -1 : 1));
    const hash = inputHash({
      ...posting.input,
      __entries: entries.map((e) => `${e.account}=${e.amount}`).join(';'),
    });
    const row = await retrying(
      () =>
        repo.post(
          {
            op: posting.op,
            key: posting.key,
            kind: posting.op,
            hash,
            actorKind: actor.kind,
            actorId: String(actor.id),
            reason: actor.kind === 'operator' ? actor.reason : null,
            groupKey: posting.groupKey ?? null,
            refKey: null,
            memo: posting.memo?.slice(0, 120) ?? null,
            reverses,
            currency: options.currency,
            codes: entries.map((e) => e.account),
            amounts: entries.map((e) => e.amount),
            wagering: wageringByAccount
              ? entries.map((e) => wageringByAccount.get(e.account) ?? 0n)
              : wageringOf(entries, posting.wagering),
            wageringCarry: posting.wagering?.carry ?? false,
            wageringClear: posting.wagering?.requireClear ?? false,
          },
          tx ?? database.db,
        ),
      tx !== undefined,
    );
    if (row.outcome === 'created') announce(posting, tx);
    switch (row.outcome) {
      case 'created':
      case 'replayed':
        return {
          outcome: row.outcome,
          transactionId: String(row.txId),
          balances: Object.fromEntries(row.codes.map((c, i) => [c, row.balances[i]!])),
        };
      case 'conflict':
        throw new AppError('idempotency_conflict', 409);
      case 'insufficient_funds':
        throw new AppError('insufficient_funds', 400);
      case 'wagering_outstanding':
        throw new AppError('withdrawal_turnover_not_met', 403, undefined, {
          outstanding: formatMinor(row.balances[0] ?? 0n),
        });
      default:
        throw new AppError('invalid_posting', 400);
    }
  }

  // Bets, wins and rollbacks go to the database in groups (docs/adr/0064): each batch one statement and one
  // transaction, a member's operations in the order they arrived. Sorted by member (stable) so that batches
  // of two instances take the member rows in one order.
  const submitGameOp = createGroupCommit<GameOpInput, GameOpRow>({
    lanes: deps.gameOpLanes,
    maxBatch: GAME_OP_MAX_BATCH,
    keyOf: (op) => op.memberId,
    sendAfterTurn: deps.gameOpSendAfterTurn,
    run: async (ops) => {
      const order = ops.map((_, i) => i).sort((a, b) => ops[a]!.memberId - ops[b]!.memberId || a - b);
      const rows = await retrying(() => repo.gameOps(order.map((i) => ops[i]!), options.currency), false);
      const answers: GameOpRow[] = new Array(ops.length);
      order.forEach((i, k) => (answers[i] = rows[k]!));
      return answers;
    },
  });

  async function gameOperation(input: GameOperationInput): Promise<GameOperationResult> {
    const row = await submitGameOp({
      vendor: input.vendor,
      memberId: input.memberId,
      trial: input.trial,
      kind: input.kind,
      transactionId: input.transactionId,
      hash: input.requestHash,
      amount: input.kind === 'rollback' ? 0n : input.amount,
      roundId: input.roundId ?? null,
      gameCode: input.kind === 'rollback' ? null : input.gameCode,
      referenceId:
        input.kind === 'rollback' ? input.referenceTransactionId : input.kind === 'win' ? (input.betTransactionId ?? null) : null,
    });
    if (row.status === 'OK') return { status: 'OK', balance: row.balance, platformTransactionId: String(row.txId) };
    return { status: 'ERROR', code: row.code as Extract<GameOperationResult, { status: 'ERROR' }>['code'], balance: row.balance };
  }

  /**
   * Reverses a ledger transaction: a new transaction whose entries negate the original's, caused by an
   * operator with a reason (a correction is never an UPDATE). Once per transaction (op `reversal`, key =
   * its id); refused for a reversal itself, and when a member account would go below zero.
   */
  async function reverse(transactionId: number, operator: { id: string; reason: string }, tx?: Executor) {
    const original = await repo.transactionEntries(transactionId, tx);
    if (!original) throw new AppError('not_found', 404);
    if (original.kind === 'reversal' || original.entries.length === 0) throw new AppError('invalid_posting', 400);
    return post(
      {
        op: 'reversal',
        key: String(transactionId),
        input: { transactionId },
        actor: { kind: 'operator', id: operator.id, reason: operator.reason },
        entries: reversalOf(original.entries).map((e) => ({ account: e.account, amount: e.amount })),
        memo: `reversal of ${transactionId}`.slice(0, 120),
      },
      tx,
      transactionId,
      // The requirement the original added or carried is taken back (never below zero).
      new Map(original.entries.map((e) => [e.account, -e.wagering])),
    );
  }

  /** Refuses a reversal that could never apply (before a four-eyes request holds it): not_found, invalid_posting. */
  async function assertReversible(transactionId: number): Promise<void> {
    const original = await repo.transactionEntries(transactionId);
    if (!original) throw new AppError('not_found', 404);
    if (original.kind === 'reversal' || original.entries.length === 0) throw new AppError('invalid_posting', 400);
  }

  /** An operator's reversal (/ops/ledger/transactions/:id/reverse): the movement and its audit row commit together. */
  async function reverseByOperator(
    transactionId: number,
    operator: { id: string; reason: string },
    note: (entry: { target: string; before?: unknown; after?: unknown }) => Promise<void>,
  ) {
    return database.tx(async (tx) => {
      const result = await reverse(transactionId, operator, tx);
      await note({ target: `ledger:${transactionId}`, after: { reversal: result.transactionId, outcome: result.outcome, reason: operator.reason } });
      return { transactionId: result.transactionId, outcome: result.outcome, reverses: String(transactionId) };
    });
  }

  /** The balance a member plays and pays from: the trial credit of a trial account, else the main wallet. */
  async function balanceOf(member: { id: number; trial: boolean }): Promise<bigint> {
    const code = accounts.playing(member.id, member.trial);
    return (await repo.balances([code])).get(code) ?? 0n;
  }

  /** Members' main wallet balances, by member id (the console's agent tree). */
  async function mainBalances(memberIds: number[]): Promise<Map<number, bigint>> {
    if (memberIds.length === 0) return new Map();
    const byCode = await repo.balances(memberIds.map((id) => accounts.main(id)));
    return new Map(memberIds.map((id) => [id, byCode.get(accounts.main(id)) ?? 0n]));
  }

  /** A trial account's play credit, granted through the ledger when the account is made (5.GATE.03). */
  async function grantTrialCredit(memberId: number, amount: bigint, tx: Executor) {
    if (amount <= 0n) return;
    await post(
      {
        op: 'trial_credit',
        key: String(memberId),
        input: { memberId, amount },
        actor: { kind: 'system', id: 'freeplay' },
        entries: [
          { account: accounts.trialIssuer, amount: -amount },
          { account: accounts.trial(memberId), amount },
        ],
      },
      tx,
    );
  }

  /** The main wallet and each vendor wallet of a real member (consolidated funds). */
  async function funds(memberId: number, trial: boolean) {
    const rows = await repo.memberAccounts(memberId);
    const main = rows.find((r) => r.code === accounts.playing(memberId, trial))?.balance ?? 0n;
    const vendors = trial
      ? []
      : rows
          .filter((r) => parseAccount(r.code)?.purpose.startsWith('v:'))
          .map((r) => ({ vendor: parseAccount(r.code)!.purpose.slice(2), balance: r.balance }));
    return { currency: options.currency, main, vendors, total: vendors.reduce((s, v) => s + v.balance, main) };
  }

  /** `ledger:verify`: the invariants over the whole ledger, with counts and the time it took. */
  async function verify(): Promise<{
    violations: Violation[];
    accounts: number;
    transactions: number;
    entries: number;
    ms: number;
  }> {
    const started = performance.now();
    const figures = await repo.verificationFigures();
    return {
      violations: verifyLedger(figures),
      accounts: figures.accounts,
      transactions: figures.transactions,
      entries: figures.entries,
      ms: Math.round(performance.now() - started),
    };
  }

  /** What the member must still stake before a withdrawal (docs/adr/0070): the main wallet's outstanding. */
  async function wageringOutstanding(memberId: number): Promise<bigint> {
    return repo.wageringOutstanding(accounts.main(memberId));
  }

  /**
   * The account record (2.MC.09, ODSFE2_MemTransDet): movements of the member's wallet newest first, each
   * with the balance right after it. Days are Bangkok calendar days (UTC+7, no daylight saving), inclusive.
   */
  async function accountRecord(
    member: { id: number; trial: boolean },
    q: { types: string[]; startDate?: string | undefined; endDate?: string | undefined; pageNo: number; pageSize: number },
  ) {
    const { from, to } = recordDays(q, deps.now());
    const { rows, total } = await repo.record({
      code: accounts.playing(member.id, member.trial),
      kinds: q.types,
      from: new Date(from),
      to: new Date(to),
      offset: (q.pageNo - 1) * q.pageSize,
      limit: q.pageSize,
    });
    return {
      list: rows.map((r) => ({
        id: r.entryId,
        time: r.at.toISOString(),
        type: r.kind,
        amount: r.amount,
        balance: r.balanceAfter,
        memo: r.memo,
        // What the record's names are looked up by (wallet.module recordNames; issue 25).
        source: { op: r.op, key: r.key, actorId: r.actorId, memo: r.memo },
      })),
      total,
      totalPages: Math.ceil(total / q.pageSize),
      pageNo: q.pageNo,
    };
  }

  /**
   * The betting record's rounds (2.MC.08; docs/adr/0058-betting-record.md): the member's vendor game rounds
   * from the ledger's own records (never a vendor's database), newest first. Days are Bangkok calendar
   * days, inclusive, at most 90; default the last 7 days (as the account record).
   */
  async function bettingRounds(
    member: { id: number; trial: boolean },
    q: { vendor?: string | undefined; startDate?: string | undefined; endDate?: string | undefined; pageNo: number; pageSize: number },
  ) {
    const { from, to } = recordDays(q, deps.now());
    const code = accounts.playing(member.id, member.trial);
    const [r, vendors] = await Promise.all([
      repo.rounds({
        code,
        vendor: q.vendor ?? null,
        from: new Date(from),
        to: new Date(to),
        offset: (q.pageNo - 1) * q.pageSize,
        limit: q.pageSize,
      }),
      // The vendor filter's choices: every vendor of the range, whatever vendor is filtered.
      repo.roundVendors({ code, from: new Date(from), to: new Date(to) }),
    ]);
    return { ...r, vendors, totalPages: Math.ceil(r.total / q.pageSize), pageNo: q.pageNo };
  }

  /** The member's play at these vendors in [from, to) (the lottery's missions, docs/adr/0097). */
  const playTotals = (member: { id: number; trial: boolean }, q: { vendors: string[]; from: Date; to: Date }) =>
    repo.playTotals({ code: accounts.playing(member.id, member.trial), ...q });

  /** Settled real-money game wins after a ledger transaction id, in id order (the catalogue's winner board). */
  const settledWins = (afterId: number, limit: number) => repo.settledWins(afterId, limit, database.db);

  /** One period's figures from the ledger (the operator's daily report, docs/adr/0082). */
  const periodFigures = (from: Date, to: Date) => repo.periodFigures(from, to);

  /** One member wallet's entries, newest first with the running balance (the cashier desk, docs/adr/0085). */
  const accountEntries = (code: AccountCode, beforeId: number | null, limit: number) => repo.accountEntries({ code, beforeId, limit });

  /** Withdrawals since `since`, each with the deposit before it and the stakes between (a risk flag, docs/adr/0085). */
  const withdrawalsAfterDeposit = (memberIds: number[], since: Date) =>
    repo.withdrawalsAfterDeposit({ codes: memberIds.map((id) => accounts.main(id)), since });

  /** Every real member's game play over a window (the agents' contracts, docs/adr/0100). */
  const playByMember = (from: Date, to: Date, tx?: Executor) => repo.playByMember(from, to, tx);
  /** Every real member's game play over a window per vendor and game (the agents' figures per game type). */
  const playByMemberGame = (from: Date, to: Date, tx?: Executor) => repo.playByMemberGame(from, to, tx);

  /** Every real member's money and play over a window, and who had deposited before (the agents' team figures). */
  const activityByMember = (from: Date, to: Date, tx?: Executor) => repo.activityByMember(from, to, tx);
  const depositedBefore = (ids: number[], before: Date, tx?: Executor) => repo.depositedBefore(ids, before, tx);

  return { playByMember, playByMemberGame, activityByMember, depositedBefore, accountEntries, withdrawalsAfterDeposit, post, reverse, reverseByOperator, assertReversible, periodFigures, gameOperation, balanceOf, mainBalances, grantTrialCredit, funds, verify, wageringOutstanding, accountRecord, bettingRounds, playTotals, settledWins, repo };
}

export type WalletService = ReturnType<typeof createWalletService>;
