import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * Cashier deposits (modules/deposit, docs/adr/0027-cashier-deposits.md): the operator's payment
 * channels, deposits and their slip images, verified PSP callbacks (replay record), and the sandbox
 * PSP's own payments (the simulated provider shipped for the demo).
 */

/** PostgreSQL bytea (PGlite gives a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A way to pay in: a bank transfer to a receiving account of the site, or a PSP adapter. */
export const paymentChannels = pgTable(
  'payment_channels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stable code: the ledger's clearing account is `s:deposit:<code>`. */
    code: varchar('code', { length: 40 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    nameTh: varchar('name_th', { length: 80 }).notNull(),
    nameEn: varchar('name_en', { length: 80 }).notNull(),
    /** Bank transfer: the site's receiving account. */
    bankCode: varchar('bank_code', { length: 20 }),
    accountNumber: varchar('account_number', { length: 40 }),
    accountName: varchar('account_name', { length: 120 }),
    /** PSP: the adapter name (`sandbox`, ...). */
    adapter: varchar('adapter', { length: 40 }),
    minMinor: bigint('min_minor', { mode: 'bigint' }).notNull(),
    maxMinor: bigint('max_minor', { mode: 'bigint' }).notNull(),
    /** Sum of one member's deposits on this channel per day (Asia/Bangkok calendar day). */
    dailyLimitMinor: bigint('daily_limit_minor', { mode: 'bigint' }).notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    sort: integer('sort').notNull().default(0),
    /**
     * Daily opening hours in Bangkok time ("HH:MM", docs/adr/0084): open from `opens_at` until
     * `closes_at`, across midnight when opens_at > closes_at; both null: always open.
     */
    opensAt: varchar('opens_at', { length: 5 }),
    closesAt: varchar('closes_at', { length: 5 }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('payment_channels_code_idx').on(t.code),
    check(
      'payment_channels_hours',
      sql`(${t.opensAt} is null and ${t.closesAt} is null) or (${t.opensAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.closesAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.opensAt} <> ${t.closesAt})`,
    ),
  ],
);

/** One deposit of a member: created, paid (member reference or PSP callback), decided once. */
export const deposits = pgTable(
  'deposits',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    memberId: integer('member_id').notNull(),
    channelId: integer('channel_id').notNull(),
    channelCode: varchar('channel_code', { length: 40 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** pending | awaiting_approval | credited | rejected | failed | expired */
    status: varchar('status', { length: 20 }).notNull(),
    /** The member's own day (Asia/Bangkok, YYYY-MM-DD) the daily limit counts in. */
    dayKey: varchar('day_key', { length: 10 }).notNull(),
    /** Bank transfer: the member's reference and the time they say they transferred. */
    memberReference: varchar('member_reference', { length: 60 }),
    /** Bank transfer: the name on the account the member says the money came from (a risk flag compares it, ADR 0085). */
    payerName: varchar('payer_name', { length: 120 }),
    transferredAt: ts('transferred_at'),
    /** PSP: adapter and the provider's reference of the payment. */
    adapter: varchar('adapter', { length: 40 }),
    pspReference: varchar('psp_reference', { length: 80 }),
    /** Operator who decided (username) and the reason of a rejection or failure. */
    decidedBy: varchar('decided_by', { length: 80 }),
    reason: varchar('reason', { length: 200 }),
    ledgerTransactionId: varchar('ledger_transaction_id', { length: 64 }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    index('deposits_member_idx').on(t.memberId, t.createdAt),
    index('deposits_status_idx').on(t.status, t.createdAt),
    index('deposits_daily_idx').on(t.memberId, t.channelId, t.dayKey),
    // The operator's queue and its searches (docs/adr/0084): newest first with no filter, by kind, by
    // exact amount, by either reference in any case (the member's, the PSP's).
    index('deposits_created_idx').on(t.createdAt),
    index('deposits_kind_idx').on(t.kind, t.createdAt),
    index('deposits_amount_idx').on(t.amountMinor, t.createdAt),
    index('deposits_member_reference_idx')
      .on(sql`lower(${t.memberReference})`)
      .where(sql`member_reference is not null`),
    index('deposits_psp_reference_lower_idx')
      .on(sql`lower(${t.pspReference})`)
      .where(sql`psp_reference is not null`),
    uniqueIndex('deposits_psp_ref_idx')
      .on(t.adapter, t.pspReference)
      .where(sql`psp_reference is not null`),
  ],
);

/** Slip images of bank-transfer deposits (png/jpg, checked by content, at most 5 MB each). */
export const depositSlips = pgTable(
  'deposit_slips',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    depositId: varchar('deposit_id', { length: 40 }).notNull(),
    memberId: integer('member_id').notNull(),
    mime: varchar('mime', { length: 20 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    data: bytea('data').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('deposit_slips_deposit_idx').on(t.depositId)],
);

/** Verified PSP callbacks, one per (adapter, reference): a replay with the same body is harmless, another body is refused. */
export const pspCallbacks = pgTable(
  'psp_callbacks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adapter: varchar('adapter', { length: 40 }).notNull(),
    reference: varchar('reference', { length: 80 }).notNull(),
    bodyHash: varchar('body_hash', { length: 64 }).notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [uniqueIndex('psp_callbacks_ref_idx').on(t.adapter, t.reference)],
);

/** The sandbox PSP's payments (a simulated provider: its hosted page and its callbacks). */
export const sandboxPspPayments = pgTable('sandbox_psp_payments', {
  reference: varchar('reference', { length: 80 }).primaryKey(),
  merchantReference: varchar('merchant_reference', { length: 40 }).notNull(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  /** pending | paid | failed */
  status: varchar('status', { length: 20 }).notNull(),
  createdAt: ts('created_at').notNull(),
  completedAt: ts('completed_at'),
});
