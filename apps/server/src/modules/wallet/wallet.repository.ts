import { parseAccount } from '@lotus/ledger/accounts';
import { sql, type SQL } from 'drizzle-orm';
import type { PreparedQuery } from '../../db/client';
import type { Db, Executor } from '../../db/tx';

/** The rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
async function query(tx: Executor, q: SQL): Promise<Record<string, unknown>[]> {
  return ((await tx.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** A text[] parameter: codes and amounts are validated (packages/ledger) before they get here. */
const textArray = (values: readonly string[]) => `{${values.join(',')}}`;
const big = (v: unknown): bigint => BigInt(String(v));
const bigOrNull = (v: unknown): bigint | null => (v === null || v === undefined ? null : BigInt(String(v)));
/** int8[] comes back as strings (node-postgres) or numbers/bigints (PGlite), or as array text. */
const bigArray = (v: unknown): bigint[] => {
  if (Array.isArray(v)) return v.map(big);
  if (typeof v === 'string' && v.startsWith('{'))
    return v === '{}'
      ? []
      : v
          .slice(1, -1)
          .split(',')
          .map((x) => BigInt(x));
  return [];
};
const textArrayOut = (v: unknown): string[] => {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string' && v.startsWith('{')) return v === '{}' ? [] : v.slice(1, -1).split(',');
  return [];
};

export type PostRow = { outcome: string; txId: number | null; codes: string[]; balances: bigint[] };
export type GameOpRow = { status: 'OK' | 'ERROR'; code: string | null; txId: number | null; balance: bigint };

/** A settled real-money game win (the winner board's source). */
export type SettledWin = {
  transactionId: number;
  vendor: string;
  gameCode: string;
  memberId: number;
  amount: bigint;
  at: Date;
};

/** A vendor game round as the ledger knows it (the betting record). */
export type RoundRow = {
  roundId: string;
  vendor: string;
  gameCode: string;
  at: Date;
  bet: bigint;
  win: bigint;
  refunded: bigint;
  wins: number;
  rollbacks: number;
};

export type RecordRow = {
  entryId: number;
  transactionId: number;
  at: Date;
  kind: string;
  amount: bigint;
  balanceAfter: bigint;
  memo: string | null;
  /** The idempotency scope and key (`deposit` + the deposit's id, `game` + ...) and who moved it (a vendor's code). */
  op: string;
  key: string;
  actorId: string;
};

/** SQL of the ledger (wallet module only). The write functions are in db/schema/wallet.functions.ts. */
/**
 * A batch of game operations in one statement (`ledger_game_ops`, group commit: docs/adr/0064): a named
 * prepared statement on PostgreSQL (db/client.ts preparedQuery), its arrays one element per operation.
 */
const GAME_OPS_SQL =
  'select status, code, tx_id, balance from ledger_game_ops($1::text[], $2::int[], $3::boolean[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[], $9::text[], $10::text[], $11)';

/** One vendor game operation as the ledger records it (the wallet service builds it from the protocol call). */
export type GameOpInput = {
  vendor: string;
  memberId: number;
  trial: boolean;
  kind: string;
  transactionId: string;
  hash: string;
  amount: bigint;
  roundId: string | null;
  gameCode: string | null;
  referenceId: string | null;
};

export function createWalletRepository(db: Db, prepared: PreparedQuery) {
  return {
    /** One posting through `ledger_post` (one statement: atomic on its own or inside `tx`). */
    async post(
      p: {
        op: string;
        key: string;
        kind: string;
        hash: string;
        actorKind: string;
        actorId: string;
        reason: string | null;
        groupKey: string | null;
        refKey: string | null;
        memo: string | null;
        reverses: number | null;
        currency: string;
        codes: string[];
        amounts: bigint[];
        /** Per leg: wagering requirement added (+) or taken back (-) (docs/adr/0070). */
        wagering: bigint[];
        /** The debited member account's outstanding wagering moves pro rata to the credited one. */
        wageringCarry: boolean;
        /** Refused (`wagering_outstanding`) while a debited member account has outstanding wagering. */
        wageringClear: boolean;
      },
      tx: Executor,
    ): Promise<PostRow> {
      const r = await query(
        tx,
        sql`select * from ledger_post(
        ${p.op}, ${p.key}, ${p.kind}, ${p.hash}, ${p.actorKind}, ${p.actorId}, ${p.reason}, ${p.groupKey}, ${p.refKey},
        ${p.memo}, ${p.reverses}::bigint, ${p.currency}, ${textArray(p.codes)}::text[], ${textArray(p.amounts.map(String))}::bigint[],
        ${textArray(p.wagering.map(String))}::bigint[], ${p.wageringCarry}, ${p.wageringClear})`,
      );
      const row = r[0]!;
      return {
        outcome: String(row.outcome),
        txId: row.tx_id === null ? null : Number(row.tx_id),
        codes: textArrayOut(row.codes),
        balances: bigArray(row.balances),
      };
    },

    /**
     * Game operations through `ledger_game_ops`: one statement, so one transaction for the batch; each
     * answer at its operation's index. A refusal is an answer (nothing of it written); any error throws
     * and nothing of the batch is written.
     */
    async gameOps(ops: readonly GameOpInput[], currency: string): Promise<GameOpRow[]> {
      const rows = await prepared('ledger_game_ops', GAME_OPS_SQL, [
        ops.map((o) => o.vendor),
        ops.map((o) => o.memberId),
        ops.map((o) => o.trial),
        ops.map((o) => o.kind),
        ops.map((o) => o.transactionId),
        ops.map((o) => o.hash),
        ops.map((o) => String(o.amount)),
        ops.map((o) => o.roundId),
        ops.map((o) => o.gameCode),
        ops.map((o) => o.referenceId),
        currency,
      ]);
      if (rows.length !== ops.length)
        throw new Error(`ledger_game_ops answered ${rows.length} rows for ${ops.length} operations`);
      return rows.map((row) => ({
        status: row.status as 'OK' | 'ERROR',
        code: (row.code as string | null) ?? null,
        txId: row.tx_id === null ? null : Number(row.tx_id),
        balance: big(row.balance),
      }));
    },

    /** A transaction's kind, reversal link and entries by account code (null: no such transaction). */
    async transactionEntries(id: number, tx: Executor = db) {
      const r = await query(
        tx,
        sql`select t.kind, t.reverses, a.code, e.amount, e.wagering from ledger_transactions t
        left join ledger_entries e on e.transaction_id = t.id left join ledger_accounts a on a.id = e.account_id
        where t.id = ${id} order by e.id`,
      );
      if (r.length === 0) return null;
      return {
        kind: String(r[0]!.kind),
        reverses: r[0]!.reverses === null ? null : Number(r[0]!.reverses),
        entries: r
          .filter((x) => x.code !== null)
          // Codes the ledger stored: parsed back into account codes (never null for a stored code).
          .map((x) => ({ account: parseAccount(String(x.code))!.code, amount: big(x.amount), wagering: big(x.wagering) })),
      };
    },

    /**
     * One member account's entries newest first (the cashier desk's ledger view, docs/adr/0085), before an
     * entry id (keyset paging on the (account, id) index), with who caused each, why, and the reversal
     * links both ways.
     */
    async accountEntries(q: { code: string; beforeId: number | null; limit: number }, tx: Executor = db) {
      const before = q.beforeId === null ? sql`` : sql`and e.id < ${q.beforeId}`;
      const r = await query(
        tx,
        sql`select e.id as entry_id, t.id as tx_id, e.created_at, t.kind, e.amount, e.balance_after, t.memo,
          t.actor_kind, t.actor_id, t.reason, t.reverses,
          (select r.id from ledger_transactions r where r.op = 'reversal' and r.key = t.id::text) as reversed_by
        from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transactions t on t.id = e.transaction_id
        where a.code = ${q.code} ${before}
        order by e.id desc limit ${q.limit}`,
      );
      return r.map((x) => ({
        entryId: Number(x.entry_id),
        transactionId: Number(x.tx_id),
        at: new Date(x.created_at as string | Date),
        kind: String(x.kind),
        amount: big(x.amount),
        balanceAfter: bigOrNull(x.balance_after) ?? 0n,
        memo: (x.memo as string | null) ?? null,
        actor: `${String(x.actor_kind)}:${String(x.actor_id)}`,
        reason: (x.reason as string | null) ?? null,
        reverses: x.reverses === null ? null : Number(x.reverses),
        reversedBy: x.reversed_by === null || x.reversed_by === undefined ? null : Number(x.reversed_by),
      }));
    },

    /**
     * Withdrawals after a deposit (the quick-withdrawal risk flag, docs/adr/0085): each withdrawal hold on
     * these member accounts since `since`, with the latest deposit before it and the stakes placed on the
     * account between the two (the rule of how soon is quick is the caller's).
     */
    async withdrawalsAfterDeposit(q: { codes: string[]; since: Date }, tx: Executor = db) {
      if (q.codes.length === 0) return [];
      const r = await query(
        tx,
        sql`select h.member_id, h.tx_id, h.at, h.amount, d.amount as deposit, d.at as deposit_at,
          coalesce((select -sum(b.amount) from ledger_entries b join ledger_transactions bt on bt.id = b.transaction_id
            where b.account_id = h.account_id and b.id > d.entry_id and b.id < h.entry_id and bt.kind = 'bet'), 0) as staked
        from (select e.id as entry_id, e.account_id, a.member_id, t.id as tx_id, t.created_at as at, -e.amount as amount
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id
          join ledger_transactions t on t.id = e.transaction_id
          where a.code = any(${textArray(q.codes)}::text[]) and t.kind = 'withdrawal_hold'
            and t.created_at >= ${q.since.toISOString()}::timestamptz) h
        join lateral (select e.id as entry_id, e.amount, t.created_at as at from ledger_entries e
          join ledger_transactions t on t.id = e.transaction_id
          where e.account_id = h.account_id and e.id < h.entry_id and t.kind = 'deposit'
          order by e.id desc limit 1) d on true
        order by h.tx_id`,
      );
      return r.map((x) => ({
        memberId: Number(x.member_id),
        transactionId: Number(x.tx_id),
        at: new Date(x.at as string | Date),
        amount: big(x.amount),
        deposit: big(x.deposit),
        depositAt: new Date(x.deposit_at as string | Date),
        staked: big(x.staked),
      }));
    },

    /** Balances of accounts by code (missing accounts are absent: balance 0). */
    async balances(codes: string[], tx: Executor = db): Promise<Map<string, bigint>> {
      if (codes.length === 0) return new Map();
      const r = await query(
        tx,
        sql`select code, balance from ledger_accounts where code = any(${textArray(codes)}::text[])`,
      );
      return new Map(
        (r as unknown as { code: string; balance: unknown }[]).map((x) => [x.code, big(x.balance)]),
      );
    },

    /**
     * Locks member accounts by code in id order (the write path's order: no deadlock with a posting) and
     * answers their balances; missing accounts are absent (balance 0, nothing to lock yet).
     */
    async lockBalances(codes: string[], tx: Executor): Promise<Map<string, bigint>> {
      if (codes.length === 0) return new Map();
      const r = await query(
        tx,
        sql`select code, balance from ledger_accounts where code = any(${textArray(codes)}::text[]) order by id for update`,
      );
      return new Map(
        (r as unknown as { code: string; balance: unknown }[]).map((x) => [x.code, big(x.balance)]),
      );
    },

    /** A member's accounts (main, trial, vendor wallets) with balances. */
    async memberAccounts(memberId: number, tx: Executor = db) {
      const r = await query(
        tx,
        sql`select code, class, currency, balance from ledger_accounts where member_id = ${memberId} order by id`,
      );
      return (r as unknown as { code: string; class: string; currency: string; balance: unknown }[]).map(
        (x) => ({
          code: x.code,
          class: x.class,
          currency: x.currency,
          balance: big(x.balance),
        }),
      );
    },

    /**
     * The account record of one account: its entries newest first with the transaction's kind and memo,
     * filtered by kinds and a time range, paged; and the total count for paging.
     */
    async record(
      q: { code: string; kinds: string[] | null; from: Date; to: Date; offset: number; limit: number },
      tx: Executor = db,
    ): Promise<{ rows: RecordRow[]; total: number }> {
      const kinds =
        q.kinds && q.kinds.length > 0 ? sql`and t.kind = any(${textArray(q.kinds)}::text[])` : sql``;
      const where = sql`from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transactions t on t.id = e.transaction_id
        where a.code = ${q.code} and e.created_at >= ${q.from.toISOString()}::timestamptz
          and e.created_at < ${q.to.toISOString()}::timestamptz ${kinds}`;
      const [rows, count] = await Promise.all([
        query(
          tx,
          sql`select e.id as entry_id, t.id as tx_id, e.created_at, t.kind, e.amount, e.balance_after, t.memo, t.op, t.key, t.actor_id
          ${where} order by e.id desc offset ${q.offset} limit ${q.limit}`,
        ),
        query(tx, sql`select count(*) as n ${where}`),
      ]);
      return {
        rows: rows.map((x) => ({
          entryId: Number(x.entry_id),
          transactionId: Number(x.tx_id),
          at: new Date(x.created_at as string | Date),
          kind: String(x.kind),
          amount: big(x.amount),
          balanceAfter: bigOrNull(x.balance_after) ?? 0n,
          memo: (x.memo as string | null) ?? null,
          op: String(x.op),
          key: String(x.key),
          actorId: String(x.actor_id),
        })),
        total: Number(count[0]!.n),
      };
    },

    /**
     * The betting record of one member account (docs/adr/0058-betting-record.md): the vendor game rounds
     * (ledger transactions of op `game` grouped by their round key) with a movement on the account in
     * the time range, newest first, paged; each with its bet, win and refunded stake, and the totals of
     * the whole range. A round is found through the account's entries (index on account, id), then all of
     * its transactions through the round-key index, so a zero win (no entry) still settles the round.
     */
    async rounds(
      q: { code: string; vendor: string | null; from: Date; to: Date; offset: number; limit: number },
      tx: Executor = db,
    ): Promise<{ rows: RoundRow[]; total: number; totals: { bet: bigint; win: bigint; refunded: bigint } }> {
      const vendor = q.vendor ? sql`and t.actor_id = ${q.vendor}` : sql``;
      const mine = sql`with acc as (select id from ledger_accounts where code = ${q.code}),
        mine as (
          select t.group_key, min(e.created_at) as started
          from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
          where e.account_id = (select id from acc) and t.op = 'game' and t.group_key is not null
            and e.created_at >= ${q.from.toISOString()}::timestamptz
            and e.created_at < ${q.to.toISOString()}::timestamptz ${vendor}
          group by t.group_key)`;
      const figures = sql`
          coalesce(sum(t.amount) filter (where t.kind = 'bet'), 0) as bet,
          coalesce(sum(t.amount) filter (where t.kind = 'win'), 0) as win,
          coalesce(sum(t.amount) filter (where t.kind = 'rollback'), 0) as refunded`;
      const [rows, all] = await Promise.all([
        query(
          tx,
          sql`${mine}, page as (select group_key, started from mine order by started desc, group_key desc offset ${q.offset} limit ${q.limit})
          select p.group_key, p.started,
            min(t.actor_id) as vendor,
            min(t.memo) filter (where t.kind = 'bet') as game,
            min(t.memo) as any_game,
            count(*) filter (where t.kind = 'win') as wins,
            count(*) filter (where t.kind = 'rollback') as rollbacks, ${figures}
          from page p join ledger_transactions t on t.group_key = p.group_key and t.op = 'game'
          group by p.group_key, p.started order by p.started desc, p.group_key desc`,
        ),
        query(
          tx,
          sql`${mine} select (select count(*) from mine) as n, ${figures}
          from ledger_transactions t where t.group_key in (select group_key from mine) and t.op = 'game'`,
        ),
      ]);
      const totals = all[0]!;
      return {
        rows: rows.map((x) => {
          const key = String(x.group_key);
          return {
            roundId: key.slice(key.indexOf(':r:') + 3),
            vendor: String(x.vendor),
            gameCode: String(x.game ?? x.any_game ?? ''),
            at: new Date(x.started as string | Date),
            bet: big(x.bet),
            win: big(x.win),
            refunded: big(x.refunded),
            wins: Number(x.wins),
            rollbacks: Number(x.rollbacks),
          };
        }),
        total: Number(totals.n),
        totals: { bet: big(totals.bet), win: big(totals.win), refunded: big(totals.refunded) },
      };
    },

    /**
     * The account's play at these vendors over a time range (the lottery's missions, docs/adr/0097): the rounds whose
     * bet falls in the range and was not rolled back, their stake less refunds, and the different games among them.
     */
    async playTotals(
      q: { code: string; vendors: string[]; from: Date; to: Date },
      tx: Executor = db,
    ): Promise<{ rounds: number; stake: bigint; games: number }> {
      if (q.vendors.length === 0) return { rounds: 0, stake: 0n, games: 0 };
      const r = await query(
        tx,
        sql`with mine as (
            select distinct t.group_key
            from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
            where e.account_id = (select id from ledger_accounts where code = ${q.code})
              and t.op = 'game' and t.kind = 'bet' and t.group_key is not null
              and t.actor_id in (${sql.join(q.vendors.map((v) => sql`${v}`), sql`, `)})
              and e.created_at >= ${q.from.toISOString()}::timestamptz
              and e.created_at < ${q.to.toISOString()}::timestamptz),
          rounds as (
            select t.group_key,
              min(t.memo) filter (where t.kind = 'bet') as game,
              coalesce(sum(t.amount) filter (where t.kind = 'bet'), 0) - coalesce(sum(t.amount) filter (where t.kind = 'rollback'), 0) as stake,
              count(*) filter (where t.kind = 'rollback') as rollbacks
            from mine m join ledger_transactions t on t.group_key = m.group_key and t.op = 'game'
            group by t.group_key)
          select count(*) filter (where rollbacks = 0) as rounds,
            coalesce(sum(stake), 0) as stake,
            count(distinct game) filter (where rollbacks = 0) as games
          from rounds`,
      );
      const row = r[0]!;
      return { rounds: Number(row.rounds), stake: big(row.stake), games: Number(row.games) };
    },

    /**
     * Every real member's game play over a time window (the agents' contracts, docs/adr/0100): stakes less the
     * stakes refunded by rollbacks, and wins, by the time each movement was written. Windows that follow each other
     * add up exactly (a refund counts in the window it happened in). Transfer-mode vendors' bets are not in the
     * ledger and are not counted. The window is found on the BRIN index of `created_at`.
     */
    async playByMember(from: Date, to: Date, tx: Executor = db): Promise<{ memberId: number; stakes: bigint; wins: bigint }[]> {
      const r = await query(
        tx,
        sql`select a.member_id,
            coalesce(sum(-e.amount) filter (where t.kind = 'bet'), 0) - coalesce(sum(e.amount) filter (where t.kind = 'rollback'), 0) as stakes,
            coalesce(sum(e.amount) filter (where t.kind = 'win'), 0) as wins
          from ledger_transactions t
          join ledger_entries e on e.transaction_id = t.id
          join ledger_accounts a on a.id = e.account_id and a.member_id is not null and a.class = 'real'
          where t.op = 'game' and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
            -- A movement an operator reversed since (a voided bet) no longer counts: a period settled again after the
            -- correction leaves it out (docs/adr/0101). Reversals are few: one hashed list.
            and t.id not in (select r.reverses from ledger_transactions r where r.op = 'reversal' and r.reverses is not null)
          group by a.member_id`,
      );
      return r.map((x) => ({ memberId: Number(x.member_id), stakes: big(x.stakes), wins: big(x.wins) }));
    },

    /**
     * Every real member's game play over a window per vendor and game (the agents' team figures per game type,
     * docs/adr/0101): stakes less refunds, and wins, by the time each movement was written. A win or a rollback that
     * names no game counts under the game of the bet it refers to.
     */
    async playByMemberGame(from: Date, to: Date, tx: Executor = db) {
      const r = await query(
        tx,
        sql`select a.member_id, t.actor_id as vendor, coalesce(t.memo, b.memo, '') as game,
            coalesce(sum(-e.amount) filter (where t.kind = 'bet'), 0) - coalesce(sum(e.amount) filter (where t.kind = 'rollback'), 0) as stakes,
            coalesce(sum(e.amount) filter (where t.kind = 'win'), 0) as wins
          from ledger_transactions t
          join ledger_entries e on e.transaction_id = t.id
          join ledger_accounts a on a.id = e.account_id and a.member_id is not null and a.class = 'real'
          left join ledger_transactions b on t.memo is null and b.op = 'game' and b.key = t.ref_key
          where t.op = 'game' and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
          group by 1, 2, 3`,
      );
      return r.map((x) => ({
        memberId: Number(x.member_id),
        vendor: String(x.vendor),
        game: String(x.game),
        stakes: big(x.stakes),
        wins: big(x.wins),
      }));
    },

    /**
     * Every real member's money and play over a window, by the time each movement was written (the agents' team
     * figures, docs/adr/0100): stakes less refunds, wins, deposits credited (and how many), withdrawals requested less
     * those refunded.
     */
    async activityByMember(from: Date, to: Date, tx: Executor = db) {
      const r = await query(
        tx,
        sql`select a.member_id,
            coalesce(sum(-e.amount) filter (where t.op = 'game' and t.kind = 'bet'), 0)
              - coalesce(sum(e.amount) filter (where t.op = 'game' and t.kind = 'rollback'), 0) as stakes,
            coalesce(sum(e.amount) filter (where t.op = 'game' and t.kind = 'win'), 0) as wins,
            coalesce(sum(e.amount) filter (where t.op = 'deposit'), 0) as deposits,
            count(*) filter (where t.op = 'deposit') as deposit_count,
            coalesce(sum(-e.amount) filter (where t.op = 'withdrawal_hold'), 0)
              - coalesce(sum(e.amount) filter (where t.op = 'withdrawal_refund'), 0) as withdrawals
          from ledger_transactions t
          join ledger_entries e on e.transaction_id = t.id
          join ledger_accounts a on a.id = e.account_id and a.member_id is not null and a.class = 'real'
          where t.op in ('game', 'deposit', 'withdrawal_hold', 'withdrawal_refund')
            and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
          group by a.member_id`,
      );
      return r.map((x) => ({
        memberId: Number(x.member_id),
        stakes: big(x.stakes),
        wins: big(x.wins),
        deposits: big(x.deposits),
        depositCount: Number(x.deposit_count),
        withdrawals: big(x.withdrawals),
      }));
    },

    /** Of these members, those with a deposit written before `before` (so a deposit after it is not their first). */
    async depositedBefore(memberIds: number[], before: Date, tx: Executor = db): Promise<Set<number>> {
      if (memberIds.length === 0) return new Set();
      const r = await query(
        tx,
        sql`select distinct a.member_id from ledger_accounts a
          join ledger_entries e on e.account_id = a.id
          join ledger_transactions t on t.id = e.transaction_id
          where a.member_id = any(${`{${memberIds.map((id) => Math.trunc(id)).join(',')}}`}::int[]) and a.class = 'real'
            and t.op = 'deposit' and t.created_at < ${before.toISOString()}::timestamptz`,
      );
      return new Set(r.map((x) => Number(x.member_id)));
    },

    /**
     * The vendors of the account's game rounds with a movement in the time range (the betting record's
     * vendor filter; docs/adr/0075), each once: the same entries the record's count reads.
     */
    async roundVendors(q: { code: string; from: Date; to: Date }, tx: Executor = db): Promise<string[]> {
      const r = await query(
        tx,
        sql`select distinct t.actor_id as vendor
          from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
          where e.account_id = (select id from ledger_accounts where code = ${q.code})
            and t.op = 'game' and t.group_key is not null and t.actor_id is not null
            and e.created_at >= ${q.from.toISOString()}::timestamptz
            and e.created_at < ${q.to.toISOString()}::timestamptz`,
      );
      return r.map((x) => String(x.vendor));
    },

    /** An account's wagering outstanding (docs/adr/0070): 0 for an account not made yet. */
    async wageringOutstanding(code: string, tx: Executor = db): Promise<bigint> {
      const r = await query(tx, sql`select wagering_outstanding from ledger_accounts where code = ${code}`);
      return r.length === 0 ? 0n : big(r[0]!.wagering_outstanding);
    },

    /**
     * Up to `limit` settled wins after transaction `afterId`, in id order, and how far that read: a win of a trial
     * account is read over but not returned. The plan is pinned to index walks whatever the statistics say:
     * PGlite has no autovacuum to keep them, and there a plain join (accounts first, then each account's entries)
     * took 6 s per batch of 1,000 over 200,000 game ops, on the server's one thread, while the bench was playing.
     * So the wins are picked first on their partial index (a materialized CTE), each win's entries are read on
     * the transaction index, and each entry's account on its primary key (a scalar subquery; `offset 0` keeps
     * the planner from flattening it back into a join): 11-17 ms per batch (docs/benchmarks.md).
     */
    /**
     * One period's figures from the ledger (the operator's daily report, docs/adr/0082): per vendor and game
     * the stakes, wins and rolled-back stakes on the vendor's settlement account with their rounds and
     * players; the money that came in, went out and came back; and the members whose first deposit falls in
     * the period. Trial play (s:trial) is not real money and is not counted.
     */
    async periodFigures(from: Date, to: Date, tx: Executor = db) {
      const range = sql`t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz`;
      const gameJoins = sql`join ledger_entries ev on ev.transaction_id = t.id
        join ledger_accounts av on av.id = ev.account_id and av.code like 's:vendor:%'
        join ledger_entries em on em.transaction_id = t.id
        join ledger_accounts am on am.id = em.account_id and am.member_id is not null`;
      const games = await query(
        tx,
        // A rollback names no game: it counts under the game of the bet it rolls back (its ref_key).
        sql`select t.actor_id as vendor, coalesce(t.memo, b.memo, '') as game,
          coalesce(sum(case when t.kind = 'bet' then ev.amount end), 0) as bets,
          coalesce(sum(case when t.kind = 'win' then -ev.amount end), 0) as wins,
          coalesce(sum(case when t.kind = 'rollback' then -ev.amount end), 0) as rollbacks,
          count(distinct case when t.kind = 'bet' then t.group_key end) as rounds,
          count(distinct am.member_id) as players
        from ledger_transactions t ${gameJoins}
        left join ledger_transactions b on t.memo is null and b.op = 'game' and b.key = t.ref_key
        where t.op = 'game' and ${range}
        group by 1, 2 order by 1, 2`,
      );
      const [all] = await query(
        tx,
        sql`select count(distinct am.member_id) as players from ledger_transactions t ${gameJoins} where t.op = 'game' and ${range}`,
      );
      const money = await query(
        tx,
        sql`select t.kind, count(distinct t.id) as n, coalesce(sum(e.amount), 0) as total
        from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id
        where ${range} and (
          (t.kind = 'deposit' and a.member_id is not null)
          or (t.kind = 'withdrawal_payout' and a.code = 's:payout')
          or (t.kind = 'withdrawal_refund' and a.member_id is not null))
        group by t.kind`,
      );
      const [first] = await query(
        tx,
        sql`select count(*) as n from (
          select a.member_id, min(t.created_at) as first_at
          from ledger_transactions t
          join ledger_entries e on e.transaction_id = t.id
          join ledger_accounts a on a.id = e.account_id and a.member_id is not null and a.class = 'real'
          where t.kind = 'deposit'
          group by a.member_id
        ) f where f.first_at >= ${from.toISOString()}::timestamptz and f.first_at < ${to.toISOString()}::timestamptz`,
      );
      const moneyOf = (kind: string) => {
        const row = money.find((r) => r.kind === kind);
        return { count: Number(row?.n ?? 0), total: big(row?.total ?? 0) };
      };
      return {
        games: games.map((r) => ({
          vendor: String(r.vendor),
          game: String(r.game),
          bets: big(r.bets),
          wins: big(r.wins),
          rollbacks: big(r.rollbacks),
          rounds: Number(r.rounds),
          players: Number(r.players),
        })),
        players: Number(all?.players ?? 0),
        deposits: moneyOf('deposit'),
        payouts: moneyOf('withdrawal_payout'),
        refunds: moneyOf('withdrawal_refund'),
        firstDeposits: Number(first?.n ?? 0),
      };
    },

    async settledWins(afterId: number, limit: number, tx: Executor): Promise<{ wins: SettledWin[]; scannedTo: number; more: boolean }> {
      const r = await query(
        tx,
        sql`with candidates as materialized (
          select t.id, t.actor_id, t.memo, t.amount, t.created_at from ledger_transactions t
          where t.id > ${afterId} and t.op = 'game' and t.kind = 'win' and t.amount > 0
          order by t.id limit ${limit}
        )
        select c.id, c.actor_id, c.memo, c.amount, c.created_at, m.member_id
        from candidates c
        left join lateral (
          select x.member_id from (
            select (select a.member_id from ledger_accounts a where a.id = e.account_id and a.member_id is not null and a.class = 'real') as member_id
            from ledger_entries e where e.transaction_id = c.id offset 0
          ) x where x.member_id is not null limit 1
        ) m on true
        order by c.id`,
      );
      const wins = r
        .filter((row) => row.member_id !== null)
        .map((row) => ({
          transactionId: Number(row.id),
          vendor: String(row.actor_id),
          gameCode: String(row.memo ?? ''),
          memberId: Number(row.member_id),
          amount: big(row.amount),
          at: new Date(row.created_at as string | Date),
        }));
      return { wins, scannedTo: r.length > 0 ? Number(r[r.length - 1]!.id) : afterId, more: r.length === limit };
    },

    /** The figures `verifyLedger` (packages/ledger verify.ts) checks, computed from the entries. */
    async verificationFigures(tx: Executor = db) {
      const one = async (q: SQL) => (await query(tx, q))[0]!;
      const counts = await one(sql`select
        (select count(*) from ledger_accounts) as accounts,
        (select count(*) from ledger_transactions) as transactions,
        (select count(*) from ledger_entries) as entries`);
      // One pass over the entries gives, per class and currency, the sum, the member accounts whose balance
      // differs from their entries, and (class null) entries whose account does not exist.
      // The same pass sums each account's wagering changes: the stored outstanding must equal them.
      const groups = await query(
        tx,
        sql`with sums as (
          select account_id, sum(amount) as s, sum(wagering) as w from ledger_entries group by account_id)
        select a.class, a.currency, sum(s.s) as s,
          count(*) filter (where a.member_id is not null and a.balance <> s.s) as mismatches,
          count(*) filter (where a.wagering_outstanding <> s.w) as wagering_mismatches,
          count(*) filter (where a.id is null) as orphans
        from sums s left join ledger_accounts a on a.id = s.account_id
        group by a.class, a.currency order by 1, 2`,
      );
      // Member accounts with a balance (or wagering outstanding) but no entry at all.
      const unbacked =
        await one(sql`select count(*) filter (where a.member_id is not null and a.balance <> 0) as n,
          count(*) filter (where a.wagering_outstanding <> 0) as w
        from ledger_accounts a where not exists (select 1 from ledger_entries e where e.account_id = a.id)`);
      const mismatches = { n: groups.reduce((n, g) => n + Number(g.mismatches), Number(unbacked.n)) };
      const wageringMismatches = groups.reduce((n, g) => n + Number(g.wagering_mismatches), Number(unbacked.w));
      const orphans = { n: groups.reduce((n, g) => n + Number(g.orphans), 0) };
      const sums = groups
        .filter((g) => g.class !== null)
        .map((g) => ({ k: `${String(g.class)}:${String(g.currency)}`, s: g.s }));
      const negative = await one(
        sql`select count(*) as n from ledger_accounts where member_id is not null and balance < 0`,
      );
      const unbalanced = await one(sql`select count(*) as n from (select transaction_id from ledger_entries
        group by transaction_id having sum(amount) <> 0) x`);
      const duplicates = await one(sql`select count(*) as n from (select op, key from ledger_transactions
        group by op, key having count(*) > 1) x`);
      return {
        accounts: Number(counts.accounts),
        transactions: Number(counts.transactions),
        entries: Number(counts.entries),
        balanceMismatches: Number(mismatches.n),
        wageringMismatches,
        negativeMemberBalances: Number(negative.n),
        sumsByClassAndCurrency: (sums as { k: string; s: unknown }[]).map((x) => ({
          classAndCurrency: x.k,
          sum: big(x.s),
        })),
        unbalancedTransactions: Number(unbalanced.n),
        duplicateKeys: Number(duplicates.n),
        orphanEntries: Number(orphans.n),
      };
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
