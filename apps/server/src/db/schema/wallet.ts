import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_uq').on(t.code),
    index('ledger_accounts_member_idx').on(t.memberId),
    check('ledger_accounts_member_not_negative', sql`${t.memberId} is null or ${t.balance} >= 0`),
    check('ledger_accounts_system_no_stored_balance', sql`${t.memberId} is not null or ${t.balance} = 0`),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_not_zero', sql`${t.amount} <> 0`),
  ],
);
