import { z } from 'zod';

/**
 * Cashier deposits (page key `depositv2`, 2.MC.04; docs/adr/0027-cashier-deposits.md).
 *
 * Amounts travel as decimal strings with two places ("1000.00"; money.ts `formatMinor`), never as
 * floats. Statuses of a deposit:
 * - bank transfer: `awaiting_approval` (the member says it was sent) -> `credited` (operator approves)
 *   | `rejected` (operator rejects, with a reason);
 * - PSP: `pending` (waiting for the payment on the provider's page) -> `credited` (paid callback, or
 *   operator approval) | `failed` (failed callback) | `rejected` (operator) | `expired` (not paid
 *   within DEPOSIT_PSP_EXPIRY_MINUTES; a late paid callback still credits it).
 * `credited` happens exactly once (wallet idempotency key `deposit:<id>`); the member gets a platform
 * message `deposit_arrival` (credited) or `deposit_failed` (rejected, failed) (3.STAT.05).
 * Every member call needs a real account: a trial (type 4) session answers 403 in_need_true_account
 * (5.GATE.04/05).
 */
const str = (max: number) => z.string().max(max);

export const DEPOSIT_STATUSES = ['pending', 'awaiting_approval', 'credited', 'rejected', 'failed', 'expired'] as const;
export type TDepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const PAYMENT_CHANNEL_KINDS = ['bank_transfer', 'psp'] as const;
export type TPaymentChannelKind = (typeof PAYMENT_CHANNEL_KINDS)[number];

/** Slip images: png or jpg (by content), at most 5 MB each, at most 3 per deposit (as 5.UPL.02-04). */
export const SLIP_MAX_BYTES = 5 * 1024 * 1024;
export const SLIP_MAX_COUNT = 3;
/** Base64 text of the largest slip (4 characters per 3 bytes) plus room for a data: URL prefix. */
export const SLIP_BASE64_MAX = Math.ceil(SLIP_MAX_BYTES / 3) * 4 + 64;
/** Minutes a PSP deposit waits for its payment before it expires. */
export const DEPOSIT_PSP_EXPIRY_MINUTES = 30;

/** A positive amount as the member types it: digits with at most two decimals ("500", "1000.50"). */
export const ZAmountInput = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/);
/** An amount as the server sends it: two decimals ("1000.00"). */
export const ZAmount = str(24).regex(/^-?\d+\.\d{2}$/);
export const ZLocalisedName = z.object({ th: str(80), en: str(80) });

// ---------- member calls ----------

/** GET /wps/cashier/channels: the active channels the member can deposit through, in sort order. */
export const ZCashierChannel = z.object({
  code: str(40),
  kind: z.enum(PAYMENT_CHANNEL_KINDS),
  name: ZLocalisedName,
  /** Bank transfer only: where to send the money. Null for a PSP. */
  bank: z.object({ bankCode: str(20), accountNumber: str(40), accountName: str(120) }).nullable(),
  /** Per deposit. */
  min: ZAmount,
  max: ZAmount,
  /** Per member and day (Asia/Bangkok), and what is left of it today. */
  dailyLimit: ZAmount,
  remainingToday: ZAmount,
});
export type TCashierChannel = z.infer<typeof ZCashierChannel>;
export const ZCashierChannelList = z.array(ZCashierChannel).max(100);

/**
 * POST /wps/cashier/deposits. Bank transfer: `amount`, `transferredAt` (ISO time of the transfer),
 * `reference` (the bank's reference or the sender's name as the member sees it) and optionally
 * `slipImage` (a png or jpg, base64 or a data: URL); more slips with POST .../slips. PSP: `amount`
 * only; the answer carries `paymentUrl`, the provider's hosted page to open (`lang` chooses its language).
 */
export const ZDepositCreate = z.object({
  channel: str(40).min(1),
  amount: ZAmountInput,
  transferredAt: z.iso.datetime({ offset: true }).optional(),
  reference: z.string().trim().min(1).max(60).optional(),
  slipImage: str(SLIP_BASE64_MAX).optional(),
  lang: z.enum(['th', 'en']).optional(),
});
export type TDepositCreate = z.infer<typeof ZDepositCreate>;

export const ZSlipRef = z.object({
  id: str(40),
  /** GET this URL with the member's token (or the operator's on /ops) to see the image. */
  url: str(200),
});

export const ZDeposit = z.object({
  id: str(40),
  channel: str(40),
  channelName: ZLocalisedName,
  kind: z.enum(PAYMENT_CHANNEL_KINDS),
  amount: ZAmount,
  status: z.enum(DEPOSIT_STATUSES),
  reference: str(60).nullable(),
  transferredAt: str(40).nullable(),
  /** Why it was rejected or failed. */
  reason: str(200).nullable(),
  slips: z.array(ZSlipRef).max(SLIP_MAX_COUNT),
  createdAt: str(40),
  decidedAt: str(40).nullable(),
});
export type TDeposit = z.infer<typeof ZDeposit>;

export const ZDepositCreated = z.object({
  deposit: ZDeposit,
  /** PSP: the hosted payment page to open; null for a bank transfer. */
  paymentUrl: str(500).nullable(),
});

/** GET /wps/cashier/deposits: newest first. */
export const ZDepositListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(15),
  status: z.enum(DEPOSIT_STATUSES).optional(),
});
export const ZDepositPage = z.object({
  items: z.array(ZDeposit).max(50),
  total: z.number().int().min(0),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const ZDepositIdParam = z.object({ id: str(40).regex(/^[A-Za-z0-9-]{1,40}$/) });
export const ZSlipParam = z.object({
  id: str(40).regex(/^[A-Za-z0-9-]{1,40}$/),
  slipId: str(40).regex(/^[A-Za-z0-9-]{1,40}$/),
});
/** POST /wps/cashier/deposits/:id/slips: one more slip image of a bank transfer awaiting approval. */
export const ZSlipUpload = z.object({ image: str(SLIP_BASE64_MAX).min(1) });

/** POST /wps/cashier/psp/:adapter/callback answer (the provider only reads the status code). */
export const ZPspCallbackAck = z.object({ received: z.literal(true) });
export const ZPspAdapterParam = z.object({ adapter: str(40).regex(/^[a-z0-9_-]{1,40}$/) });

// ---------- operator calls (/ops/payment-channels, /ops/deposits; money.read / money.write) ----------

/** The ledger's clearing account is `s:deposit:<code>` (packages/ledger: at most 32 of a-z 0-9 _ -). */
const ZChannelCode = z
  .string()
  .trim()
  .min(2)
  .max(32)
  .regex(/^[a-z0-9][a-z0-9_-]*$/);

export const ZOpsPaymentChannelInput = z.object({
  code: ZChannelCode,
  kind: z.enum(PAYMENT_CHANNEL_KINDS),
  nameTh: z.string().trim().min(1).max(80),
  nameEn: z.string().trim().min(1).max(80),
  bankCode: z.string().trim().min(1).max(20).optional(),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9-]{4,40}$/)
    .optional(),
  accountName: z.string().trim().min(1).max(120).optional(),
  adapter: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]{1,40}$/)
    .optional(),
  min: ZAmountInput,
  max: ZAmountInput,
  dailyLimit: ZAmountInput,
  status: z.enum(['active', 'disabled']).default('active'),
  sort: z.number().int().min(0).max(10_000).default(0),
});
export type TOpsPaymentChannelInput = z.infer<typeof ZOpsPaymentChannelInput>;
/** PUT /ops/payment-channels/:code: the fields to change (code and kind stay). */
export const ZOpsPaymentChannelPatch = ZOpsPaymentChannelInput.omit({ code: true, kind: true }).partial();
export const ZOpsPaymentChannel = z.object({
  id: z.number().int(),
  code: str(40),
  kind: z.enum(PAYMENT_CHANNEL_KINDS),
  nameTh: str(80),
  nameEn: str(80),
  bankCode: str(20).nullable(),
  accountNumber: str(40).nullable(),
  accountName: str(120).nullable(),
  adapter: str(40).nullable(),
  min: ZAmount,
  max: ZAmount,
  dailyLimit: ZAmount,
  status: z.enum(['active', 'disabled']),
  sort: z.number().int(),
  createdAt: str(40),
  updatedAt: str(40),
});
export type TOpsPaymentChannel = z.infer<typeof ZOpsPaymentChannel>;
export const ZOpsPaymentChannelList = z.array(ZOpsPaymentChannel).max(200);
export const ZOpsChannelCodeParam = z.object({ code: ZChannelCode });

export const ZOpsDepositListQuery = z.object({
  status: z.enum(DEPOSIT_STATUSES).optional(),
  memberId: z.coerce.number().int().min(1).optional(),
  channel: ZChannelCode.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export const ZOpsDepositRow = z.object({
  id: str(40),
  memberId: z.number().int(),
  username: str(40).nullable(),
  channel: str(40),
  kind: z.enum(PAYMENT_CHANNEL_KINDS),
  amount: ZAmount,
  status: z.enum(DEPOSIT_STATUSES),
  reference: str(60).nullable(),
  transferredAt: str(40).nullable(),
  pspReference: str(80).nullable(),
  decidedBy: str(80).nullable(),
  reason: str(200).nullable(),
  slips: z.array(ZSlipRef).max(SLIP_MAX_COUNT),
  createdAt: str(40),
  decidedAt: str(40).nullable(),
});
export type TOpsDepositRow = z.infer<typeof ZOpsDepositRow>;
export const ZOpsDepositList = z.array(ZOpsDepositRow).max(500);
/** POST /ops/deposits/:id/approve (note optional), /reject (reason required). */
export const ZOpsDepositApprove = z.object({ note: z.string().trim().max(200).optional() });
export const ZOpsDepositReject = z.object({ reason: z.string().trim().min(1).max(200) });
