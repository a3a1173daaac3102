import { createHash } from 'node:crypto';
import { AppError } from '@lotus/contracts/app-error';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import type { Executor } from '../src/db/tx';
import type { Posting, PostResult } from '../src/modules/wallet/wallet.types';
import type { LedgerPorts } from '../src/services';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * A test double of the wallet's write path (wallet.types.ts `WalletPost`) until the wallet core
 * lands: the same contract (idempotent by (op, key) with an input hash, member accounts never below
 * zero -> insufficient_funds, entries sum to zero), kept in two tables of the test database and
 * written in the caller's transaction, so a rolled-back withdrawal leaves no movement behind.
 * Turnover figures are set by the test (`setTurnover`).
 */
export function createLedgerDouble() {
  let database: Database | null = null;
  const turnover = new Map<number, { lastDepositAmount: bigint; betsSince: bigint }>();
  const db = () => {
    if (!database) throw new Error('ledger double not bound: pass ledger.bind to useTestApp');
    return database;
  };

  async function postIn(posting: Posting, tx: Executor): Promise<PostResult> {
    const sum = posting.entries.reduce((a, e) => a + e.amount, 0n);
    if (sum !== 0n || posting.entries.some((e) => e.amount === 0n)) throw new AppError('invalid_posting', 400);
    const hash = createHash('sha256')
      .update(JSON.stringify([posting.input, posting.entries], (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
      .digest('hex');
    const [existing] = rowsOf(
      await tx.execute(sql`select hash, id from test_ledger_tx where op = ${posting.op} and key = ${posting.key}`),
    );
    if (existing) {
      if (existing.hash !== hash) throw new AppError('idempotency_conflict', 409);
      return { outcome: 'replayed', transactionId: String(existing.id), balances: {} };
    }
    const balances: Record<string, bigint> = {};
    for (const entry of posting.entries) {
      const amount = entry.amount.toString();
      await tx.execute(
        sql`insert into test_ledger_balances (account, balance) values (${entry.account}, 0) on conflict (account) do nothing`,
      );
      const member = entry.account.startsWith('m:');
      const [updated] = rowsOf(
        await tx.execute(
          member
            ? sql`update test_ledger_balances set balance = balance + ${amount}::bigint where account = ${entry.account} and balance + ${amount}::bigint >= 0 returning balance`
            : sql`update test_ledger_balances set balance = balance + ${amount}::bigint where account = ${entry.account} returning balance`,
        ),
      );
      if (!updated) throw new AppError('insufficient_funds', 400);
      if (member) balances[entry.account] = BigInt(String(updated.balance));
    }
    const [created] = rowsOf(
      await tx.execute(
        sql`insert into test_ledger_tx (op, key, hash) values (${posting.op}, ${posting.key}, ${hash}) returning id`,
      ),
    );
    return { outcome: 'created', transactionId: String(created!.id), balances };
  }

  const ports: LedgerPorts = {
    post: (posting, tx) => (tx ? postIn(posting, tx) : db().tx((t) => postIn(posting, t))),
    turnoverSinceLastDeposit: async (memberId) => turnover.get(memberId) ?? { lastDepositAmount: 0n, betsSince: 0n },
  };

  return {
    /** For useTestApp({ ledger: ledger.bind }). */
    bind(d: Database): LedgerPorts {
      database = d;
      return ports;
    },
    /** Creates the double's tables (call in a beforeAll after useTestApp's). */
    async install() {
      await db().tx(async (tx) => {
        await tx.execute(sql`create table if not exists test_ledger_balances (account text primary key, balance bigint not null)`);
        await tx.execute(
          sql`create table if not exists test_ledger_tx (id serial primary key, op text not null, key text not null, hash text not null, unique (op, key))`,
        );
      });
    },
    /** A deposit to the member's main wallet (and, by default, the turnover it sets: nothing bet yet). */
    async deposit(memberId: number, amount: bigint, key: string) {
      await ports.post({
        op: 'deposit',
        key,
        input: { memberId, amount },
        actor: { kind: 'system', id: 'test' },
        entries: [
          { account: 's:deposit:test', amount: -amount },
          { account: `m:${memberId}:main`, amount },
        ],
      });
    },
    setTurnover(memberId: number, figures: { lastDepositAmount: bigint; betsSince: bigint }) {
      turnover.set(memberId, figures);
    },
    async balance(account: string): Promise<bigint> {
      const [row] = rowsOf(await db().db.execute(sql`select balance from test_ledger_balances where account = ${account}`));
      return row ? BigInt(String(row.balance)) : 0n;
    },
    async count(op: string, key: string): Promise<number> {
      const rows = rowsOf(await db().db.execute(sql`select id from test_ledger_tx where op = ${op} and key = ${key}`));
      return rows.length;
    },
  };
}
