import { accounts, parseAccount } from './accounts';
import { decideGameOperation, type GameDecision, type GameRequest, type RecordedGameTransaction } from './game';
import { validateEntries, type Entry, type PostingError } from './posting';
import { verifyLedger, type LedgerFigures, type Violation } from './verify';

type StoredTransaction = { id: number; op: string; key: string; hash: string; entries: Entry[] };

/**
 * The ledger's reference model in memory: the same rules as the database functions, used by the
 * property tests (any sequence keeps the invariants) and to check the database against (same answers).
 */
export class MemoryLedger {
  readonly balances = new Map<string, bigint>();
  readonly transactions: StoredTransaction[] = [];
  private readonly byKey = new Map<string, StoredTransaction>();
  private readonly games = new Map<string, Map<string, RecordedGameTransaction>>();
  private readonly rolledBack = new Map<string, Set<string>>();
  private readonly wonRounds = new Map<string, Set<string>>();
  private readonly wonBets = new Map<string, Set<string>>();

  balance(code: string): bigint {
    return this.balances.get(code) ?? 0n;
  }

  /** The generic write: idempotent per (op, key) with the input hash; member accounts never below zero. */
  post(op: string, key: string, hash: string, entries: Entry[]):
    | { outcome: 'created' | 'replayed'; id: number }
    | { error: PostingError | 'insufficient_funds' | 'idempotency_conflict' } {
    const found = this.byKey.get(`${op}\u0000${key}`);
    if (found) return found.hash === hash ? { outcome: 'replayed', id: found.id } : { error: 'idempotency_conflict' };
    const invalid = validateEntries(entries);
    if (invalid) return { error: invalid };
    for (const e of entries) {
      if (parseAccount(e.account)!.memberId !== null && this.balance(e.account) + e.amount < 0n) return { error: 'insufficient_funds' };
    }
    return { outcome: 'created', id: this.record(op, key, hash, entries).id };
  }

  /** A vendor game operation for (vendor, member), by the decision table of game.ts. */
  game(vendor: string, memberId: number, trial: boolean, req: GameRequest): GameDecision & { balance: bigint } {
    const ns = `${vendor}:${memberId}`;
    const player = accounts.playing(memberId, trial);
    const txs = this.games.get(ns) ?? new Map<string, RecordedGameTransaction>();
    const rolled = this.rolledBack.get(ns) ?? new Set<string>();
    const won = this.wonRounds.get(ns) ?? new Set<string>();
    const wonBets = this.wonBets.get(ns) ?? new Set<string>();
    const decision = decideGameOperation(
      {
        balance: this.balance(player),
        find: (id) => txs.get(id),
        isRolledBack: (id) => rolled.has(id),
        roundHasWin: (round) => won.has(round),
        hasWinFor: (bet) => wonBets.has(bet),
      },
      req,
    );
    if (decision.type === 'apply') {
      const counterpart = accounts.gameCounterpart(vendor, trial);
      const entries = decision.delta === 0n ? [] : [{ account: player, amount: decision.delta }, { account: counterpart, amount: -decision.delta }];
      this.record('game', `${ns}:${req.transactionId}`, req.hash, entries);
      txs.set(req.transactionId, {
        kind: req.kind,
        hash: req.hash,
        amount: req.amount,
        roundId: req.roundId ?? null,
        referenceId: req.referenceId ?? null,
        delta: decision.delta,
      });
      if (req.kind === 'rollback') rolled.add(req.referenceId!);
      if (req.kind === 'win' && req.roundId !== undefined) won.add(req.roundId);
      if (req.kind === 'win' && req.referenceId !== undefined) wonBets.add(req.referenceId);
      this.games.set(ns, txs);
      this.rolledBack.set(ns, rolled);
      this.wonRounds.set(ns, won);
      this.wonBets.set(ns, wonBets);
    } else if (decision.type === 'error' && !txs.has(req.transactionId)) {
      // A refusal keeps its id with its answer (the database's `refused` row: no entries).
      this.record('game', `${ns}:${req.transactionId}`, req.hash, []);
      txs.set(req.transactionId, {
        kind: 'refused',
        code: decision.code,
        hash: req.hash,
        amount: req.amount,
        roundId: null,
        referenceId: null,
        delta: 0n,
      });
      this.games.set(ns, txs);
    }
    return { ...decision, balance: this.balance(player) };
  }

  private record(op: string, key: string, hash: string, entries: Entry[]) {
    const tx = { id: this.transactions.length + 1, op, key, hash, entries };
    this.transactions.push(tx);
    this.byKey.set(`${op}\u0000${key}`, tx);
    for (const e of entries) this.balances.set(e.account, this.balance(e.account) + e.amount);
    return tx;
  }

  /** The figures `verifyLedger` checks, computed from the entries as the database does. */
  figures(): LedgerFigures {
    const sums = new Map<string, bigint>();
    const perClass = new Map<string, bigint>();
    let unbalanced = 0;
    let entries = 0;
    const keys = new Map<string, number>();
    for (const tx of this.transactions) {
      let s = 0n;
      for (const e of tx.entries) {
        entries++;
        s += e.amount;
        sums.set(e.account, (sums.get(e.account) ?? 0n) + e.amount);
        const cls = `${parseAccount(e.account)!.class}:THB`;
        perClass.set(cls, (perClass.get(cls) ?? 0n) + e.amount);
      }
      if (s !== 0n) unbalanced++;
      keys.set(`${tx.op}\u0000${tx.key}`, (keys.get(`${tx.op}\u0000${tx.key}`) ?? 0) + 1);
    }
    const memberAccounts = [...new Set([...this.balances.keys()])].filter((c) => parseAccount(c)!.memberId !== null);
    return {
      accounts: memberAccounts.length,
      transactions: this.transactions.length,
      entries,
      balanceMismatches: memberAccounts.filter((c) => this.balance(c) !== (sums.get(c) ?? 0n)).length,
      negativeMemberBalances: memberAccounts.filter((c) => this.balance(c) < 0n).length,
      sumsByClassAndCurrency: [...perClass].map(([k, sum]) => ({ classAndCurrency: k, sum })),
      unbalancedTransactions: unbalanced,
      duplicateKeys: [...keys.values()].filter((n) => n > 1).length,
      orphanEntries: 0,
    };
  }

  verify(): Violation[] {
    return verifyLedger(this.figures());
  }
}
