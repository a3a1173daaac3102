import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The ledger (docs/adr/0026-ledger-and-wallet.md): accounts, transactions (the idempotency record and
 * who caused each movement) and entries (append-only; db/schema/wallet.functions.ts adds the triggers
 * that refuse UPDATE and DELETE, and the functions that are the one write path).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `m:<memberId>:<purpose>` or `s:<purpose>` (packages/ledger accounts.ts). */
    code: varchar('code', { length: 64 }).notNull(),
    /** The owning member (member accounts); null for system accounts. */
    memberId: integer('member_id'),
    /** `real` or `trial`: a transaction never mixes them. */
    class: varchar('class', { length: 8 }).notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    /**
     * Member accounts: the sum of the account's entries, kept by the write path (never below zero).
     * System accounts: always 0 here (their balance is derived from entries: no row updated by every bet).
     */
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    /**
     * Wagering still outstanding before a withdrawal (docs/adr/0070-wagering-outstanding.md): a memo figure,
     * never money. The sum of the account's entries' `wagering`, kept by the write functions in the same
     * statement as the balance (never below zero); `ledger:verify` recomputes it.
     */
    wageringOutstanding: bigint('wagering_outstanding', { mode: 'bigint' }).notNull().default(sql`0`),
    /**
     * The change the account's latest movement made to `wagering_outstanding`: the write functions set it in
     * the same UPDATE (where the old value is still visible) and read it back through RETURNING, which shows
     * only new values before PostgreSQL 18. Scratch, not a figure: nothing else reads it.
     */
    wageringChange: bigint('wagering_change', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_uq').on(t.code),
    index('ledger_accounts_member_idx').on(t.memberId),
    check('ledger_accounts_member_not_negative', sql`${t.memberId} is null or ${t.balance} >= 0`),
    check('ledger_accounts_system_no_stored_balance', sql`${t.memberId} is not null or ${t.balance} = 0`),
    check('ledger_accounts_wagering_not_negative', sql`${t.wageringOutstanding} >= 0`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The idempotency scope: `game` for every vendor game movement, else the operation type. */
    op: varchar('op', { length: 24 }).notNull(),
    /** The idempotency key within `op`. */
    key: varchar('key', { length: 200 }).notNull(),
    /** What happened: bet, win, rollback, deposit, withdrawal_hold, transfer, trial_credit, reversal... */
    kind: varchar('kind', { length: 24 }).notNull(),
    /** SHA-256 hex of the canonical input: the same key with another input is refused. */
    hash: varchar('hash', { length: 64 }).notNull(),
    actorKind: varchar('actor_kind', { length: 12 }).notNull(),
    actorId: varchar('actor_id', { length: 80 }).notNull(),
    /** An operator's reason (required for operator movements). */
    reason: varchar('reason', { length: 500 }),
    /** Groups movements of one thing: a game round, a withdrawal, a transfer. */
    groupKey: varchar('group_key', { length: 200 }),
    /** The key of the transaction this one refers to (a rollback's bet, a win's bet). */
    refKey: varchar('ref_key', { length: 200 }),
    /** The transaction this one reverses. */
    reverses: bigint('reverses', { mode: 'number' }),
    /** Shown in the account record (a channel or vendor name, a game code). */
    memo: varchar('memo', { length: 120 }),
    /** The amount the request named (a zero bet, a tombstone's 0), for the record and replies. */
    amount: bigint('amount', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_op_key_uq').on(t.op, t.key),
    index('ledger_transactions_group_idx').on(t.groupKey).where(sql`${t.groupKey} is not null`),
    index('ledger_transactions_ref_idx').on(t.refKey).where(sql`${t.refKey} is not null`),
    // The settled wins the winner board collects (wallet.repository settledWins), in id order: without it a
    // planner with no statistics (PGlite has no autovacuum) walked every game op through the (op, key) index.
    index('ledger_transactions_wins_idx').on(t.id).where(sql`${t.op} = 'game' and ${t.kind} = 'win' and ${t.amount} > 0`),
    // A win's and a bet's check that their round was not rolled back (ledger_game_op): without it, a planner with no
    // statistics combined ref_idx with every game op of the (op, key) index, 2 ms a win at 20,000 game ops and
    // growing with the ledger (docs/benchmarks.md, issue 27's payments).
    index('ledger_transactions_rollbacks_idx')
      .on(t.refKey)
      .where(sql`${t.op} = 'game' and ${t.kind} = 'rollback'`),
    // The movements of a time window (the agents' team play every 5 minutes, the daily report): a BRIN index, a few
    // pages for the whole table, since ids and times grow together in an append-only ledger (docs/adr/0100).
    index('ledger_transactions_created_brin').using('brin', t.createdAt),
  ],
);

/**
 * Entries: append-only. No foreign key to ledger_accounts on purpose: a foreign-key check takes a share
 * lock on the referenced row, which would make a vendor's settlement account a row every bet locks;
 * `ledger:verify` checks that every entry names an account instead.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The member account's balance after this entry (null on system accounts): the running balance. */
    balanceAfter: bigint('balance_after', { mode: 'bigint' }),
    /**
     * The change this entry made to its member account's wagering outstanding (docs/adr/0070): + for a
     * credit that needs turnover or requirement carried in, - for a stake or requirement carried out;
     * 0 on system accounts and on movements that do not touch the requirement.
     */
    wagering: bigint('wagering', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_not_zero', sql`${t.amount} <> 0`),
  ],
);

/**
 * Transfers between a member's main wallet and a transfer-mode vendor's wallet
 * (docs/adr/0029-transfer-mode-vendors.md). `id` is our unique reference, sent to the vendor: the vendor
 * applies one ref once. `pending` until the vendor's answer (or a status check) settles it.
 */
export const walletTransfers = pgTable(
  'wallet_transfers',
  {
    /** Our unique reference (uuid): the vendor's idempotency key and the ledger keys' prefix. */
    id: varchar('id', { length: 36 }).primaryKey(),
    memberId: integer('member_id').notNull(),
    vendor: varchar('vendor', { length: 16 }).notNull(),
    /** `to_vendor` (main -> vendor wallet) or `from_vendor` (vendor wallet -> main). */
    direction: varchar('direction', { length: 12 }).notNull(),
    /** Minor units, > 0. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** `pending`, `confirmed`, `reversed` (to_vendor refused: money back in main), `failed` (from_vendor refused). */
    status: varchar('status', { length: 10 }).notNull(),
    /** Vendor calls made (the first call and each status check). */
    attempts: integer('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 500 }),
    /** The client's idempotency key (requestId), unique per member. */
    requestKey: varchar('request_key', { length: 64 }).notNull(),
    /** The transfer-all-back batch this transfer belongs to (the request key of "all"). */
    batchKey: varchar('batch_key', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('wallet_transfers_member_request_uq').on(t.memberId, t.requestKey),
    index('wallet_transfers_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('wallet_transfers_member_idx').on(t.memberId, t.createdAt),
    check('wallet_transfers_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The sandbox transfer vendor's own books (embedded demo and tests only: the vendor side of
 * docs/vendor-protocol.md (section 9)). A player's balance at the sandbox vendor, and each transfer by ref.
 */
export const sandboxVendorPlayers = pgTable(
  'sandbox_vendor_players',
  {
    vendor: varchar('vendor', { length: 16 }).notNull(),
    playerId: varchar('player_id', { length: 64 }).notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.vendor, t.playerId] }), check('sandbox_vendor_players_not_negative', sql`${t.balance} >= 0`)],
);

export const sandboxVendorTransfers = pgTable(
  'sandbox_vendor_transfers',
  {
    vendor: varchar('vendor', { length: 16 }).notNull(),
    ref: varchar('ref', { length: 64 }).notNull(),
    playerId: varchar('player_id', { length: 64 }).notNull(),
    /** `deposit` or `withdraw`. */
    kind: varchar('kind', { length: 10 }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** `done` or `failed` (refused: nothing moved). */
    status: varchar('status', { length: 8 }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.vendor, t.ref] })],
);
