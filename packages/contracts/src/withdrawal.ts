import { z } from 'zod';
import { ZDone } from './auth';
import { defineEndpoint, operator } from './endpoint';
import { ZOpsApprovalRequested, ZOpsReason } from './ops-operators';

/**
 * Withdrawals (spec 2.MC.05 page `withdraw`, 4.WD.01-05, 9.C.16, 3.STAT.06, 5.GATE.04/05, 5.UPL.01-04
 * applied to the not-received proof; docs/cashier.md "Withdrawals", docs/adr/0028-cashier-withdrawals.md).
 *
 * Member calls (member token; trial accounts answer 403 in_need_true_account):
 * - `GET    /wps/cashier/bank-accounts`                 -> ZBankAccountList
 * - `POST   /wps/cashier/bank-accounts`     (enc)       ZBindBankAccount -> ZBankAccount
 * - `DELETE /wps/cashier/bank-accounts/:id` (enc)       ZRemoveBankAccount -> ZDone
 * - `GET    /wps/cashier/withdrawal-settings`           -> ZWithdrawalSettingsView
 * - `POST   /wps/cashier/withdrawals`       (enc)       ZWithdrawalRequest -> ZWithdrawal
 * - `GET    /wps/cashier/withdrawals?page&pageSize`     -> ZWithdrawalPage
 * - `POST   /wps/cashier/withdrawals/:id/receipt`       ZWithdrawalReceipt -> ZWithdrawal
 * Amounts travel as decimal strings with two places ("1500.00"; contracts/money parseMinor/formatMinor).
 */
const str = (max: number) => z.string().max(max);

/** An amount as the API sends it: a positive decimal with at most two places. */
export const ZAmount = z
  .string()
  .trim()
  .max(20)
  .regex(/^\d{1,13}(\.\d{1,2})?$/);

/** Banks a member may bind (Thailand), with their names in Thai and English; `code` is stored. */
export const THAI_BANKS = [
  { code: 'BBL', th: 'ธนาคารกรุงเทพ', en: 'Bangkok Bank' },
  { code: 'KBANK', th: 'ธนาคารกสิกรไทย', en: 'Kasikornbank' },
  { code: 'KTB', th: 'ธนาคารกรุงไทย', en: 'Krungthai Bank' },
  { code: 'SCB', th: 'ธนาคารไทยพาณิชย์', en: 'Siam Commercial Bank' },
  { code: 'BAY', th: 'ธนาคารกรุงศรีอยุธยา', en: 'Bank of Ayudhya (Krungsri)' },
  { code: 'TTB', th: 'ธนาคารทหารไทยธนชาต', en: 'TMBThanachart Bank' },
  { code: 'GSB', th: 'ธนาคารออมสิน', en: 'Government Savings Bank' },
  {
    code: 'BAAC',
    th: 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร',
    en: 'Bank for Agriculture and Agricultural Cooperatives',
  },
  { code: 'GHB', th: 'ธนาคารอาคารสงเคราะห์', en: 'Government Housing Bank' },
  { code: 'KKP', th: 'ธนาคารเกียรตินาคินภัทร', en: 'Kiatnakin Phatra Bank' },
  { code: 'CIMBT', th: 'ธนาคารซีไอเอ็มบี ไทย', en: 'CIMB Thai Bank' },
  { code: 'UOBT', th: 'ธนาคารยูโอบี', en: 'United Overseas Bank (Thai)' },
  { code: 'LHB', th: 'ธนาคารแลนด์ แอนด์ เฮ้าส์', en: 'Land and Houses Bank' },
  { code: 'TISCO', th: 'ธนาคารทิสโก้', en: 'TISCO Bank' },
  { code: 'ICBCT', th: 'ธนาคารไอซีบีซี (ไทย)', en: 'ICBC (Thai)' },
] as const;
export type TBankCode = (typeof THAI_BANKS)[number]['code'];
export const ZBankCode = z.enum(THAI_BANKS.map((b) => b.code) as [TBankCode, ...TBankCode[]]);

/** At most this many active bank accounts per member. */
export const MAX_BANK_ACCOUNTS = 3;

/** The payment (withdrawal) password as typed; its rules are the registration rule `paymentPassword`. */
const ZPaymentPasswordInput = z.string().min(1).max(128);

/** A bound bank account as the member sees it (the number masked but for its last 4 digits). */
export const ZBankAccount = z.object({
  id: z.number().int(),
  bankCode: ZBankCode,
  /** e.g. "******7890". */
  accountNumberMasked: str(20),
  /** The member's real name in capitals (it must match, 2.MC.05 hint). */
  accountName: str(120),
  createdAt: str(40),
});
export type TBankAccount = z.infer<typeof ZBankAccount>;
export const ZBankAccountList = z.object({
  items: z.array(ZBankAccount).max(MAX_BANK_ACCOUNTS),
  /** MAX_BANK_ACCOUNTS: the form is hidden when items.length reaches it. */
  max: z.number().int(),
});

/**
 * POST /wps/cashier/bank-accounts (enc). The account name must equal the member's registered real
 * name (payeeName) in capitals: it is compared after trimming, collapsing spaces and upper-casing,
 * and stored in capitals. Errors: real_name_required (no real name on the account yet),
 * bank_account_name_mismatch, bank_account_limit, bank_account_exists, payment_password_not_set,
 * payment_password_incorrect, login_throttled / payment_password_locked (too many wrong passwords).
 */
export const ZBindBankAccount = z.object({
  bankCode: ZBankCode,
  /** Digits only, 10 to 15 of them. */
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{10,15}$/),
  accountName: z.string().trim().min(2).max(120),
  paymentPassword: ZPaymentPasswordInput,
});
export type TBindBankAccount = z.infer<typeof ZBindBankAccount>;

export const ZBankAccountIdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
/** DELETE /wps/cashier/bank-accounts/:id (enc): the payment password confirms the removal. */
export const ZRemoveBankAccount = z.object({ paymentPassword: ZPaymentPasswordInput });

/**
 * Operator-configurable withdrawal settings: the site configuration document `withdrawal`
 * (`npm run ops -- config set withdrawal <json>`, PUT /ops/config/withdrawal).
 * Demo defaults: 100.00 - 50000.00 per withdrawal, 5 a day, 00:00-24:00, turnover 1x, N = 30 minutes.
 */
const ZClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/);
export const ZWithdrawalSettings = z
  .object({
    /** Smallest amount of one withdrawal. */
    minAmount: ZAmount,
    /** Largest amount of one withdrawal. */
    maxAmount: ZAmount,
    /** Withdrawals a member may request per Bangkok calendar day (rejected ones do not count). */
    dailyCount: z.number().int().min(1).max(1000),
    /** Window of the day (Asia/Bangkok) in which requests are taken; from > to wraps past midnight. */
    hours: z.object({ from: ZClock, to: ZClock }),
    /** Bets since the last deposit must reach this multiple of it (1 = 1x; two decimals at most). */
    turnoverMultiple: z.number().min(0).max(100).multipleOf(0.01),
    /** N of 4.WD.03 / 9.C.16: a paid-out withdrawal unanswered this long counts as received. */
    autoReceiptMinutes: z.number().int().min(1).max(10_080),
  })
  .refine((s) => Number(s.minAmount) <= Number(s.maxAmount), {
    path: ['maxAmount'],
    message: 'below minAmount',
  })
  .refine((s) => Number(s.minAmount) > 0, { path: ['minAmount'], message: 'must be positive' })
  .refine((s) => s.hours.from !== s.hours.to, { path: ['hours', 'to'], message: 'empty window' });
export type TWithdrawalSettings = z.infer<typeof ZWithdrawalSettings>;

/** GET /wps/cashier/withdrawal-settings: the limits and what the member still needs. */
export const ZWithdrawalSettingsView = z.object({
  minAmount: str(20),
  maxAmount: str(20),
  dailyCount: z.number().int(),
  /** Requests counted today (Bangkok day), and what is left. */
  usedToday: z.number().int(),
  remainingToday: z.number().int(),
  hours: z.object({ from: str(5), to: str(5) }),
  timeZone: z.literal('Asia/Bangkok'),
  /** Whether a request now falls inside the window. */
  openNow: z.boolean(),
  /** Turnover (bets since the last deposit) against what is required: met when achieved >= required. */
  /**
   * The wagering outstanding (docs/adr/0070-wagering-outstanding.md): what the member must still stake
   * before a withdrawal; every deposit or share received adds `multiple` x its amount, every settled stake
   * takes its amount off; met when it is zero.
   */
  turnover: z.object({ outstanding: str(20), multiple: z.number(), met: z.boolean() }),
  autoReceiptMinutes: z.number().int(),
  /** The member has set a payment password (PUT /wps/member/password/payment); required to bind and withdraw. */
  paymentPasswordSet: z.boolean(),
  /** The member has two-factor login on: a withdrawal then needs `totpCode` too. */
  secondFactorRequired: z.boolean(),
  /** The member has a real name (payeeName); binding a bank account needs it. */
  realNameSet: z.boolean(),
  bankAccounts: z.number().int(),
  maxBankAccounts: z.number().int(),
});

/**
 * POST /wps/cashier/withdrawals (enc). `requestKey` is chosen by the client per attempt (a UUID):
 * sending the same key again answers the withdrawal it created (nothing moves twice); the same key
 * with another amount or account answers idempotency_conflict. Errors, in the order checked:
 * payment_password_not_set, payment_password_incorrect, login_throttled, payment_password_locked,
 * totp_required, totp_invalid, totp_locked, not_found (bank account), withdrawal_amount_below_min,
 * withdrawal_amount_above_max, withdrawal_outside_hours, withdrawal_daily_limit,
 * withdrawal_turnover_not_met, insufficient_funds.
 */
export const ZWithdrawalRequest = z.object({
  amount: ZAmount,
  bankAccountId: z.number().int().min(1).max(2_147_483_647),
  paymentPassword: ZPaymentPasswordInput,
  /** The authenticator code (or a recovery code) when the member has two-factor login on. */
  totpCode: z.string().trim().max(20).optional(),
  requestKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});
export type TWithdrawalRequest = z.infer<typeof ZWithdrawalRequest>;

/**
 * Statuses (docs/cashier.md "Withdrawals"):
 * pending (requested, funds held in withdrawal clearing) -> awaiting_confirmation (the operator paid
 * it out: "approved") or rejected (funds returned to the main wallet);
 * awaiting_confirmation -> received | not_received (with proof: a case for the operator) |
 * auto_received (no answer within N minutes: a forced receipt, no refund can follow, 4.WD.04);
 * not_received -> refunded (an operator found the payout failed: the amount returns to the main wallet)
 * | confirmed_paid (an operator found it did arrive), each with the operator's reason (ADR 0047).
 */
export const WITHDRAWAL_STATUSES = [
  'pending',
  'rejected',
  'awaiting_confirmation',
  'received',
  'not_received',
  'auto_received',
  'refunded',
  'confirmed_paid',
] as const;
export const ZWithdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export type TWithdrawalStatus = z.infer<typeof ZWithdrawalStatus>;

export const ZWithdrawal = z.object({
  id: z.number().int(),
  amount: str(20),
  status: ZWithdrawalStatus,
  bankCode: ZBankCode,
  accountNumberMasked: str(20),
  accountName: str(120),
  createdAt: str(40),
  /** When the operator paid it out (null before). */
  paidAt: str(40).nullable(),
  /** Awaiting confirmation: after this instant it counts as received (paidAt + N minutes). */
  confirmBy: str(40).nullable(),
  /** When received / not received / auto-received was recorded. */
  confirmedAt: str(40).nullable(),
  /** The operator's reason of a rejection. */
  rejectReason: str(200).nullable(),
  /** The member's remark with a not-received answer. */
  remark: str(140).nullable(),
  proofCount: z.number().int(),
  /** A not-received case closed by an operator: when, and the reason given to the member. */
  resolvedAt: str(40).nullable(),
  resolution: str(200).nullable(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;

export const ZWithdrawalPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const ZWithdrawalPage = z.object({
  items: z.array(ZWithdrawal).max(50),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const ZWithdrawalIdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** Proof rules of a not-received answer (4.WD.05 decided as 5.UPL.01-04). */
export const PROOF_MAX_IMAGES = 3;
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const RECEIPT_REMARK_MAX = 140;
/** Base64 text of PROOF_MAX_BYTES is 6,990,508 characters; the contract admits a little more so the server answers proof_too_large. */
const PROOF_BASE64_MAX = 7_000_000;

/**
 * POST /wps/cashier/withdrawals/:id/receipt (JSON; the server has no multipart parser). Received:
 * `{ received: true }`. Not received: `{ received: false, remark?, proofs: [{ data }] }` with 1 to 3
 * images, each png or jpg by content (magic bytes, whatever a name or type says) and at most 5 MB
 * once decoded, the remark at most 140 characters. Errors: proof_required, proof_too_many,
 * proof_too_large, proof_type_invalid, content_too_long (remark), withdrawal_not_awaiting_receipt,
 * withdrawal_receipt_forced (it already counted as received: no refund, 4.WD.04). Nothing is stored
 * unless every image passes. The whole body is capped at about 22 MB (413 payload_too_large).
 */
export const ZWithdrawalReceipt = z.discriminatedUnion('received', [
  z.object({ received: z.literal(true) }),
  z.object({
    received: z.literal(false),
    remark: z.string().max(1000).optional(),
    proofs: z
      .array(
        z.object({
          data: z
            .string()
            .max(PROOF_BASE64_MAX)
            .regex(/^[A-Za-z0-9+/]*={0,2}$/),
        }),
      )
      .max(20),
  }),
]);
export type TWithdrawalReceipt = z.infer<typeof ZWithdrawalReceipt>;

// ---------- operator API (/ops/withdrawals; npm run ops -- withdrawal ...) ----------

export const ZOpsWithdrawalQuery = z.object({
  status: ZWithdrawalStatus.optional(),
  memberId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
/** GET /ops/withdrawals/cases: the not-received ones (the status is given). */
export const ZOpsWithdrawalCasesQuery = ZOpsWithdrawalQuery.omit({ status: true });
export const ZOpsWithdrawalRow = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  amount: str(20),
  status: ZWithdrawalStatus,
  bankCode: ZBankCode,
  accountNumber: str(15),
  accountName: str(120),
  createdAt: str(40),
  paidAt: str(40).nullable(),
  confirmedAt: str(40).nullable(),
  /** Operator who paid or rejected it. */
  decidedBy: str(80).nullable(),
  rejectReason: str(200).nullable(),
  remark: str(140).nullable(),
  resolvedAt: str(40).nullable(),
  /** Operator who closed the not-received case. */
  resolvedBy: str(80).nullable(),
  resolution: str(200).nullable(),
  proofs: z
    .array(
      z.object({ index: z.number().int(), contentType: str(20), bytes: z.number().int(), sha256: str(64) }),
    )
    .max(PROOF_MAX_IMAGES),
});
export type TOpsWithdrawalRow = z.infer<typeof ZOpsWithdrawalRow>;
export const ZOpsWithdrawalList = z.array(ZOpsWithdrawalRow).max(500);
export const ZOpsWithdrawalReject = z.object({ reason: z.string().trim().min(1).max(200) });
/**
 * Closing a not-received case: `refund` (the payout failed: payout -> the member's main wallet) or
 * `paid` (the payout did arrive), with the reason the member is told.
 */
export const ZOpsWithdrawalResolve = z.object({
  outcome: z.enum(['refund', 'paid']),
  reason: z.string().trim().min(1).max(200),
});
export type TOpsWithdrawalResolve = z.infer<typeof ZOpsWithdrawalResolve>;
export const ZOpsProofParam = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  index: z.coerce.number().int().min(1).max(PROOF_MAX_IMAGES),
});
export const ZOpsProof = z.object({ contentType: str(20), data: str(PROOF_BASE64_MAX) });

// ---------- endpoints ----------

export const getBankAccounts = defineEndpoint({
  method: 'GET',
  path: '/wps/cashier/bank-accounts',
  tag: 'cashier',
  summary: 'Bound bank accounts (at most 3)',
  auth: 'real-member',
  response: ZBankAccountList,
});

export const postBankAccount = defineEndpoint({
  method: 'POST',
  path: '/wps/cashier/bank-accounts',
  tag: 'cashier',
  summary: 'Bind a bank account: the payment password; the name is the real name in capitals',
  auth: 'real-member',
  enc: true,
  body: ZBindBankAccount,
  response: ZBankAccount,
});

export const deleteBankAccount = defineEndpoint({
  method: 'DELETE',
  path: '/wps/cashier/bank-accounts/:id',
  tag: 'cashier',
  summary: 'Remove a bank account (the payment password confirms it)',
  auth: 'real-member',
  enc: true,
  params: ZBankAccountIdParam,
  body: ZRemoveBankAccount,
  response: ZDone,
});

export const getWithdrawalSettings = defineEndpoint({
  method: 'GET',
  path: '/wps/cashier/withdrawal-settings',
  tag: 'cashier',
  summary: 'Withdrawal limits, hours, turnover and what the member still needs (2.MC.05)',
  auth: 'real-member',
  response: ZWithdrawalSettingsView,
});

export const postWithdrawal = defineEndpoint({
  method: 'POST',
  path: '/wps/cashier/withdrawals',
  tag: 'cashier',
  summary: 'Request a withdrawal: payment password (+ authenticator code with 2FA), limits, turnover; idempotent by requestKey',
  auth: 'real-member',
  enc: true,
  body: ZWithdrawalRequest,
  response: ZWithdrawal,
});

export const getWithdrawals = defineEndpoint({
  method: 'GET',
  path: '/wps/cashier/withdrawals',
  tag: 'cashier',
  summary: "The member's withdrawals, newest first (paged)",
  auth: 'real-member',
  query: ZWithdrawalPageQuery,
  response: ZWithdrawalPage,
});

export const postWithdrawalReceipt = defineEndpoint({
  method: 'POST',
  path: '/wps/cashier/withdrawals/:id/receipt',
  tag: 'cashier',
  summary: 'Confirm a paid-out withdrawal: received, or not received with 1-3 png/jpg proofs (4.WD.01-05)',
  auth: 'real-member',
  params: ZWithdrawalIdParam,
  body: ZWithdrawalReceipt,
  response: ZWithdrawal,
});

export const listWithdrawals = defineEndpoint({
  method: 'GET',
  path: '/ops/withdrawals',
  tag: 'ops',
  summary: 'Withdrawals, newest first; filter by status and member',
  auth: operator('money.read'),
  query: ZOpsWithdrawalQuery,
  response: ZOpsWithdrawalList,
});

export const listWithdrawalCases = defineEndpoint({
  method: 'GET',
  path: '/ops/withdrawals/cases',
  tag: 'ops',
  summary: 'Not-received cases: paid-out withdrawals the member says did not arrive (with proofs)',
  auth: operator('money.read'),
  query: ZOpsWithdrawalCasesQuery,
  response: ZOpsWithdrawalList,
});

export const payWithdrawal = defineEndpoint({
  method: 'POST',
  path: '/ops/withdrawals/:id/pay',
  tag: 'ops',
  summary:
    'Mark a pending withdrawal paid out (clearing -> payout); the member is asked to confirm receipt. Above cashierControls.payoutAbove it is a four-eyes request (with a reason); never by the operator who approved the deposit that funded it (docs/adr/0081)',
  auth: operator('money.write', 'withdrawal.pay'),
  params: ZWithdrawalIdParam,
  body: z.object({ reason: ZOpsReason.optional() }).nullish(),
  response: z.union([ZOpsWithdrawalRow, ZOpsApprovalRequested]),
});

export const rejectWithdrawal = defineEndpoint({
  method: 'POST',
  path: '/ops/withdrawals/:id/reject',
  tag: 'ops',
  summary: "Reject a pending withdrawal with a reason (clearing -> the member's main wallet)",
  auth: operator('money.write', 'withdrawal.reject'),
  params: ZWithdrawalIdParam,
  body: ZOpsWithdrawalReject,
  response: ZOpsWithdrawalRow,
});

export const resolveWithdrawal = defineEndpoint({
  method: 'POST',
  path: '/ops/withdrawals/:id/resolve',
  tag: 'ops',
  summary:
    "Close a not-received case: refund (payout -> the member's main wallet; a four-eyes request, docs/adr/0081) or paid (it did arrive), with the reason the member is told",
  auth: operator('money.write', 'withdrawal.resolve'),
  params: ZWithdrawalIdParam,
  body: ZOpsWithdrawalResolve,
  response: z.union([ZOpsWithdrawalRow, ZOpsApprovalRequested]),
});

export const getWithdrawalProof = defineEndpoint({
  method: 'GET',
  path: '/ops/withdrawals/:id/proofs/:index',
  tag: 'ops',
  summary: 'One proof image of a not-received case (base64); each read is audited',
  auth: operator('money.read', 'withdrawal.proof.read'),
  params: ZOpsProofParam,
  response: ZOpsProof,
});
