import { z } from 'zod';
import { defineEndpoint, operator } from './endpoint';
import { ZOpsApprovalRequested, ZOpsReason } from './ops-operators';

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
/**
 * The cashier desk's controls (issue 24, docs/adr/0081), a site configuration document whose changes
 * are themselves four-eyes: amounts in THB, two decimals at most, never negative.
 */
export const ZCashierControls = z.object({
  /** A manual deposit approval above this waits for a second operator (a bank transfer without a slip always does). */
  depositApprovalAbove: ZAmountInput,
  /** A payout above this waits for a second operator. */
  payoutAbove: ZAmountInput,
  /** Deposits one operator may approve per Bangkok day (a second operator's approval counts for them). */
  dailyApprovedPerOperator: ZAmountInput,
  /** Withdrawals one operator may pay out per Bangkok day. */
  dailyPaidPerOperator: ZAmountInput,
});
export type TCashierControls = z.infer<typeof ZCashierControls>;

/** An amount as the server sends it: two decimals ("1000.00"). */
export const ZAmount = str(24).regex(/^-?\d+\.\d{2}$/);
export const ZLocalisedName = z.object({ th: str(80), en: str(80) });

/** A time of day in Bangkok (Asia/Bangkok, UTC+7), "HH:MM" from 00:00 to 23:59. */
export const ZClockTime = z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/**
 * A payment channel's daily opening hours in Bangkok time (docs/adr/0084): open from `opens`
 * (included) until `closes` (excluded); `opens` after `closes` is a window across midnight
 * (22:00-02:00). The two are never equal (an empty, or a whole, day is said with no hours at all).
 */
export const ZChannelHours = z
  .object({ opens: ZClockTime, closes: ZClockTime })
  .refine((h) => h.opens !== h.closes, { path: ['closes'], message: 'opens equals closes' });
export type TChannelHours = z.infer<typeof ZChannelHours>;
/** The hours as the server sends them; null: always open. */
export const ZChannelHoursView = z.object({ opens: str(5), closes: str(5) }).nullable();

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
  /**
   * Whether the channel takes a deposit now (its opening hours, Bangkok time; docs/adr/0084). A closed
   * channel is listed so the member sees when it opens; a deposit on it answers deposit_channel_closed.
   */
  open: z.boolean(),
  hours: ZChannelHoursView,
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
  /** Bank transfer, optional: the name on the account the money was sent from (compared with the real name, docs/adr/0085). */
  payerName: z
    .string()
    .trim()
    .min(2)
    .max(120)
    .transform((s) => s.replace(/\s+/g, ' '))
    .optional(),
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
  /** Daily opening hours (Bangkok); null or absent: always open. Not four-eyes (docs/adr/0084). */
  hours: ZChannelHours.nullable().optional(),
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
  hours: ZChannelHoursView,
  createdAt: str(40),
  updatedAt: str(40),
});
export type TOpsPaymentChannel = z.infer<typeof ZOpsPaymentChannel>;
export const ZOpsPaymentChannelList = z.array(ZOpsPaymentChannel).max(200);
export const ZOpsChannelCodeParam = z.object({ code: ZChannelCode });

/**
 * GET /ops/deposits: newest first, at most `limit`. The searches are exact (docs/adr/0084: each is
 * served by an index): `username` the member's (any case), `reference` the member's transfer
 * reference or the PSP's payment reference (any case), `amount` the deposit's amount; `q` (the
 * console's one search box) finds a deposit matching any of them, or its id.
 */
export const ZOpsDepositListQuery = z.object({
  status: z.enum(DEPOSIT_STATUSES).optional(),
  kind: z.enum(PAYMENT_CHANNEL_KINDS).optional(),
  memberId: z.coerce.number().int().min(1).optional(),
  username: z.string().trim().min(1).max(40).optional(),
  reference: z.string().trim().min(1).max(80).optional(),
  amount: ZAmountInput.optional(),
  q: z.string().trim().min(1).max(80).optional(),
  channel: ZChannelCode.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type TOpsDepositListQuery = z.input<typeof ZOpsDepositListQuery>;
/** A verified callback of a PSP deposit's payment (`paid` or `failed`) and when it arrived. */
export const ZOpsPspCallback = z.object({ status: str(20), receivedAt: str(40) });
export const ZOpsDepositRow = z.object({
  id: str(40),
  memberId: z.number().int(),
  username: str(40).nullable(),
  channel: str(40),
  kind: z.enum(PAYMENT_CHANNEL_KINDS),
  amount: ZAmount,
  status: z.enum(DEPOSIT_STATUSES),
  reference: str(60).nullable(),
  /** The name the member says the transfer came from (bank transfer), null when not given. */
  payerName: str(120).nullable(),
  transferredAt: str(40).nullable(),
  pspReference: str(80).nullable(),
  decidedBy: str(80).nullable(),
  reason: str(200).nullable(),
  slips: z.array(ZSlipRef).max(SLIP_MAX_COUNT),
  /** PSP: the provider's verified callbacks of this payment (a replay is not a new one); empty for a bank transfer. */
  callbacks: z.array(ZOpsPspCallback).max(10),
  createdAt: str(40),
  decidedAt: str(40).nullable(),
});
export type TOpsDepositRow = z.infer<typeof ZOpsDepositRow>;
export const ZOpsDepositList = z.array(ZOpsDepositRow).max(500);
/** POST /ops/deposits/:id/approve (note optional), /reject (reason required). */
export const ZOpsDepositApprove = z.object({ note: z.string().trim().max(200).optional() });
export const ZOpsDepositReject = z.object({ reason: z.string().trim().min(1).max(200) });

/** DELETE /ops/payment-channels/:code answer. */
export const ZOpsPaymentChannelRemoved = z.object({ removed: z.literal(true) });

// ---------- the sandbox PSP's hosted page (embedded demo or ALLOW_SANDBOX_PSP=1; docs/adr/0027, 0068) ----------

export const ZSandboxPaymentParam = z.object({ ref: z.string().regex(/^SBX-[A-Za-z0-9_-]{10,60}$/) });
/** The page's language; anything else shows it in Thai. */
export const ZSandboxPageQuery = z.object({
  lang: z.enum(['th', 'en']).catch('th').default('th'),
  /** Where "Back to the site" leads once the payment is done: a path on the site (else the home page). */
  return: z.string().max(300).optional().catch(undefined),
});
/** The payer's button: the page's form posts it urlencoded (the page has no script). */
export const ZSandboxPaymentAction = z.object({ action: z.enum(['pay', 'fail']) });

// ---------- endpoints ----------

export const getCashierChannels = defineEndpoint({
  method: 'GET',
  path: '/wps/cashier/channels',
  tag: 'cashier',
  summary: 'Payment channels the member can deposit through, with limits and what is left today',
  auth: 'real-member',
  response: ZCashierChannelList,
});

export const postDeposit = defineEndpoint({
  method: 'POST',
  path: '/wps/cashier/deposits',
  tag: 'cashier',
  summary:
    'Create a deposit: a bank transfer (amount, transfer time, reference, optional slip image) awaits approval; a PSP deposit answers the hosted payment page URL',
  auth: 'real-member',
  body: ZDepositCreate,
  response: ZDepositCreated,
});

export const getDeposits = defineEndpoint({
  method: 'GET',
  path: '/wps/cashier/deposits',
  tag: 'cashier',
  summary: 'The member deposits, newest first, with their status',
  auth: 'real-member',
  query: ZDepositListQuery,
  response: ZDepositPage,
});

/** The deposit the PSP's return lands on (the result page reads its status; issue 25, docs/adr/0073). */
export const getMemberDeposit = defineEndpoint({
  method: 'GET',
  path: '/wps/cashier/deposits/:id',
  tag: 'cashier',
  summary: 'One of the member deposits with its status (not_found for another member deposit)',
  auth: 'real-member',
  params: ZDepositIdParam,
  response: ZDeposit,
});

export const postDepositSlip = defineEndpoint({
  method: 'POST',
  path: '/wps/cashier/deposits/:id/slips',
  tag: 'cashier',
  summary: 'Add a slip image (png or jpg by content, at most 5 MB, at most 3 per deposit) to a bank transfer awaiting approval',
  auth: 'real-member',
  params: ZDepositIdParam,
  body: ZSlipUpload,
  response: ZDeposit,
});

export const getDepositSlip = defineEndpoint({
  method: 'GET',
  path: '/wps/cashier/deposits/:id/slips/:slipId',
  tag: 'cashier',
  summary: 'A slip image of one of the member deposits (the image bytes)',
  auth: 'real-member',
  params: ZSlipParam,
  file: 'image',
});

/** The provider's server calls it; the body is read raw (the signature covers its bytes). */
export const postPspCallback = defineEndpoint({
  method: 'POST',
  path: '/wps/cashier/psp/:adapter/callback',
  tag: 'cashier',
  summary:
    'PSP callback: HMAC-SHA256 over "<timestamp>.<raw body>" in x-psp-signature, x-psp-timestamp within 5 minutes; a replay of the same body changes nothing',
  auth: 'public',
  params: ZPspAdapterParam,
  response: ZPspCallbackAck,
});

export const getSandboxPaymentPage = defineEndpoint({
  method: 'GET',
  path: '/sandbox/psp/pay/:ref',
  tag: 'sandbox',
  summary: 'Sandbox PSP hosted payment page (Thai or English by ?lang)',
  auth: 'public',
  params: ZSandboxPaymentParam,
  query: ZSandboxPageQuery,
  file: 'html',
});

export const postSandboxPayment = defineEndpoint({
  method: 'POST',
  path: '/sandbox/psp/pay/:ref',
  tag: 'sandbox',
  summary: 'The payer pressed Pay or Fail: the signed callback goes out through the outbox',
  auth: 'public',
  params: ZSandboxPaymentParam,
  query: ZSandboxPageQuery,
  body: ZSandboxPaymentAction,
  bodyType: 'form',
  file: 'html',
});

export const listPaymentChannels = defineEndpoint({
  method: 'GET',
  path: '/ops/payment-channels',
  tag: 'ops',
  summary: 'Payment channels (every status), in sort order',
  auth: operator('money.read'),
  response: ZOpsPaymentChannelList,
});

export const createPaymentChannel = defineEndpoint({
  method: 'POST',
  path: '/ops/payment-channels',
  tag: 'ops',
  summary:
    'Add a channel: bank_transfer (receiving account) or psp (adapter); limits in decimal amounts. A four-eyes request (with ?reason=): a second operator approves it (docs/adr/0081)',
  auth: operator('money.write', 'payment_channel.create'),
  query: z.object({ reason: ZOpsReason.optional() }),
  body: ZOpsPaymentChannelInput,
  response: z.union([ZOpsPaymentChannel, ZOpsApprovalRequested]),
});

export const updatePaymentChannel = defineEndpoint({
  method: 'PUT',
  path: '/ops/payment-channels/:code',
  tag: 'ops',
  summary:
    'Change a channel (names, account, adapter, limits, hours, status, sort); a new receiving account or adapter is a four-eyes request (with ?reason=, docs/adr/0081); the rest applies at once (docs/adr/0084)',
  auth: operator('money.write', 'payment_channel.update'),
  params: ZOpsChannelCodeParam,
  query: z.object({ reason: ZOpsReason.optional() }),
  body: ZOpsPaymentChannelPatch,
  response: z.union([ZOpsPaymentChannel, ZOpsApprovalRequested]),
});

export const deletePaymentChannel = defineEndpoint({
  method: 'DELETE',
  path: '/ops/payment-channels/:code',
  tag: 'ops',
  summary: 'Remove a channel no deposit used (a used one answers conflict: disable it instead)',
  auth: operator('money.write', 'payment_channel.delete'),
  params: ZOpsChannelCodeParam,
  response: ZOpsPaymentChannelRemoved,
});

export const listDeposits = defineEndpoint({
  method: 'GET',
  path: '/ops/deposits',
  tag: 'ops',
  summary:
    'Deposits, newest first, with the PSP callbacks; filter by status, kind, member id, channel; search by username, reference (of the member or of the PSP), exact amount, or any of them and the id (q)',
  auth: operator('money.read'),
  query: ZOpsDepositListQuery,
  response: ZOpsDepositList,
});

export const getDeposit = defineEndpoint({
  method: 'GET',
  path: '/ops/deposits/:id',
  tag: 'ops',
  summary: 'One deposit',
  auth: operator('money.read'),
  params: ZDepositIdParam,
  response: ZOpsDepositRow,
});

export const approveDeposit = defineEndpoint({
  method: 'POST',
  path: '/ops/deposits/:id/approve',
  tag: 'ops',
  summary:
    'Approve: the member is credited exactly once and gets the deposit-arrival message. A bank transfer without a slip, or an amount above cashierControls.depositApprovalAbove, is a four-eyes request (the note is its reason, docs/adr/0081)',
  auth: operator('money.write', 'deposit.approve'),
  params: ZDepositIdParam,
  body: ZOpsDepositApprove.optional(),
  response: z.union([ZOpsDepositRow, ZOpsApprovalRequested]),
});

export const rejectDeposit = defineEndpoint({
  method: 'POST',
  path: '/ops/deposits/:id/reject',
  tag: 'ops',
  summary: 'Reject with a reason: the member gets the deposit-failed message',
  auth: operator('money.write', 'deposit.reject'),
  params: ZDepositIdParam,
  body: ZOpsDepositReject,
  response: ZOpsDepositRow,
});

export const getDepositSlipForOps = defineEndpoint({
  method: 'GET',
  path: '/ops/deposits/:id/slips/:slipId',
  tag: 'ops',
  summary: 'A slip image (the image bytes); each read is audited',
  auth: operator('money.read', 'deposit.slip.read'),
  params: ZSlipParam,
  file: 'image',
});
