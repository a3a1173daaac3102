import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  integer,
  pgTable,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { members } from './identity';

/** Withdrawals (docs/adr/0028-cashier-withdrawals.md, docs/cashier.md "Withdrawals"). */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Bank accounts a member withdraws to: at most 3 active per member; the name is the member's real
 * name in capitals. Removing keeps the row (status removed): withdrawals keep their own copy anyway.
 */
export const memberBankAccounts = pgTable(
  'member_bank_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    bankCode: varchar('bank_code', { length: 10 }).notNull(),
    /** Digits only, 10 to 15. */
    accountNumber: varchar('account_number', { length: 15 }).notNull(),
    accountName: varchar('account_name', { length: 120 }).notNull(),
    /** active | removed */
    status: varchar('status', { length: 10 }).notNull().default('active'),
    createdAt: ts('created_at').notNull(),
    removedAt: ts('removed_at'),
  },
  (t) => [
    index('member_bank_accounts_member_idx').on(t.memberId),
    uniqueIndex('member_bank_accounts_active_uq')
      .on(t.memberId, t.bankCode, t.accountNumber)
      .where(sql`${t.status} = 'active'`),
  ],
);

/**
 * One withdrawal: the amount (minor units) and a copy of the bank account it goes to. Every status
 * change is a conditional update on the expected status, in the transaction of its ledger movement.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 5001 }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    /** The client's idempotency key of the request (unique per member). */
    requestKey: varchar('request_key', { length: 64 }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('THB'),
    bankAccountId: integer('bank_account_id').notNull(),
    bankCode: varchar('bank_code', { length: 10 }).notNull(),
    accountNumber: varchar('account_number', { length: 15 }).notNull(),
    accountName: varchar('account_name', { length: 120 }).notNull(),
    /** contracts/withdrawal WITHDRAWAL_STATUSES */
    status: varchar('status', { length: 24 }).notNull(),
    createdAt: ts('created_at').notNull(),
    paidAt: ts('paid_at'),
    rejectedAt: ts('rejected_at'),
    rejectReason: varchar('reject_reason', { length: 200 }),
    /** Operator who paid or rejected it (audit log has the full record). */
    decidedBy: varchar('decided_by', { length: 80 }),
    confirmedAt: ts('confirmed_at'),
    remark: varchar('remark', { length: 140 }),
    /** A not-received case closed by an operator (refunded or confirmed paid), with the reason shown to the member. */
    resolvedAt: ts('resolved_at'),
    resolvedBy: varchar('resolved_by', { length: 80 }),
    resolution: varchar('resolution', { length: 200 }),
  },
  (t) => [
    uniqueIndex('withdrawals_request_uq').on(t.memberId, t.requestKey),
    index('withdrawals_member_created_idx').on(t.memberId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.paidAt),
  ],
);

/** Proof images of a not-received answer (png/jpg by content, at most 5 MB, at most 3), in the database. */
export const withdrawalProofs = pgTable(
  'withdrawal_proofs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    withdrawalId: integer('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id, { onDelete: 'cascade' }),
    /** 1..3 in upload order. */
    position: smallint('position').notNull(),
    /** image/png | image/jpeg (from the content's magic bytes). */
    contentType: varchar('content_type', { length: 20 }).notNull(),
    bytes: integer('bytes').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    data: bytea('data').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('withdrawal_proofs_uq').on(t.withdrawalId, t.position)],
);
