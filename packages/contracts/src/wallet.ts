import { z } from 'zod';
import { defineEndpoint, operator } from './endpoint';
import { ZOpsApprovalRequested } from './ops-operators';
import { WALLET_BALANCE } from './first-load';

/**
 * The member's wallet (issue 8; spec 3.WAL, 3.MEM.03, 7.WAL, 7.RELAY.28). Amounts on the wire are decimal
 * strings in major units with two decimals ("1234.50": contracts/money.ts formatMinor), never floats.
 */
const str = (max: number) => z.string().max(max);
const amount = str(30).regex(/^-?\d+\.\d{2}$/);

/**
 * GET /wps/v2/wallets/balance (7.WAL.01, 3.WAL.01). Decision 3.WAL.02 (docs/adr/0026): `isSingle` is true
 * when all of the member's money is in the main wallet (no transfer-mode vendor wallet holds funds), so the
 * client shows one balance; false when vendor wallets hold some, and the client offers "transfer all back".
 * `sumBalance` is the main wallet plus every vendor wallet.
 */
export const ZWalletBalance = z.object({ sumBalance: amount, isSingle: z.boolean() });
export type TWalletBalance = z.infer<typeof ZWalletBalance>;

/** GET /wps/member/info/funds/consolidated (7.WAL.02): the main wallet and each vendor wallet. */
export const ZConsolidatedFunds = z.object({
  currency: str(8),
  main: amount,
  total: amount,
  /**
   * `balance` is the ledger's vendor wallet (the platform's money; `total` sums these). Transfer-mode vendors
   * (docs/adr/0029): `name`, and `liveBalance`, the vendor's own figure read now (it includes play at the
   * vendor since the last transfer); null when the vendor did not answer in time.
   */
  wallets: z
    .array(z.object({ vendor: str(16), balance: amount, name: str(100).optional(), liveBalance: amount.nullable().optional() }))
    .max(200),
});
export type TConsolidatedFunds = z.infer<typeof ZConsolidatedFunds>;

/** Movement kinds shown in the account record (filters), in the ledger's words. */
export const RECORD_KINDS = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_return',
  'transfer',
  'share',
  'bet',
  'win',
  'rollback',
  'adjust',
  'trial_credit',
  'reversal',
] as const;
export const ZRecordKind = z.enum(RECORD_KINDS);

const day = str(10).regex(/^\d{4}-\d{2}-\d{2}$/);
/**
 * ODSFE2_MemTransDet (7.RELAY.28), the account record (2.MC.09): the member's movements newest first, by
 * kinds (comma-separated, empty = all) and a date range of Bangkok calendar days (inclusive, at most 90
 * days; default the last 7 days), paged.
 */
export const ZAccountRecordQuery = z.object({
  types: str(200)
    .optional()
    .transform((s) => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(ZRecordKind).max(RECORD_KINDS.length)),
  startDate: day.optional(),
  endDate: day.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(15),
});
export const ZAccountRecordRow = z.object({
  id: z.number().int(),
  /** ISO 8601 time of the movement. */
  time: str(40),
  type: ZRecordKind,
  /** Signed: negative when money left the wallet. */
  amount,
  /** The wallet's balance right after this movement (the running balance). */
  balance: amount,
  memo: str(120).nullable(),
  /**
   * The deposit channel's or the game's name in Thai and English (issue 25: the record shows it in the
   * page's language); null when the movement names neither or the name is not known (then `memo`).
   */
  names: z.object({ th: str(120), en: str(120) }).nullable().optional(),
});
export const ZAccountRecord = z.object({
  list: z.array(ZAccountRecordRow).max(100),
  total: z.number().int(),
  totalPages: z.number().int(),
  pageNo: z.number().int(),
});
export type TAccountRecord = z.infer<typeof ZAccountRecord>;

/** POST /ops/ledger/transactions/:id/reverse (`npm run ops -- ledger:reverse <id> --reason ...`). */
export const ZLedgerTransactionParam = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export const ZLedgerReverse = z.object({ reason: z.string().trim().min(3).max(500) });
export const ZLedgerReversal = z.object({
  transactionId: str(30),
  reverses: str(30),
  /** `replayed`: this transaction was reversed before (once per transaction). */
  outcome: z.enum(['created', 'replayed']),
});
export type TLedgerReversal = z.infer<typeof ZLedgerReversal>;

/** GET /ops/ledger/verify (`npm run ops -- ledger:verify`): the ledger's invariants. */
export const ZLedgerVerification = z.object({
  ok: z.boolean(),
  violations: z.array(z.object({ rule: str(200), count: z.number().int(), detail: str(200).optional() })).max(100),
  accounts: z.number().int(),
  transactions: z.number().int(),
  entries: z.number().int(),
  ms: z.number().int(),
});
export type TLedgerVerification = z.infer<typeof ZLedgerVerification>;

export const verifyLedger = defineEndpoint({
  method: 'GET',
  path: '/ops/ledger/verify',
  tag: 'ops',
  summary: 'Verify the ledger: balances equal entries, sums are zero, each idempotency key once',
  auth: operator('money.read'),
  response: ZLedgerVerification,
});

export const reverseLedgerTransaction = defineEndpoint({
  method: 'POST',
  path: '/ops/ledger/transactions/:id/reverse',
  tag: 'ops',
  summary:
    'Reverse a ledger transaction: a new transaction negating it, with a reason (once per transaction); a four-eyes request a second operator applies (docs/adr/0081)',
  auth: operator('money.write', 'ledger.reverse'),
  params: ZLedgerTransactionParam,
  body: ZLedgerReverse,
  response: z.union([ZLedgerReversal, ZOpsApprovalRequested]),
});

/** Vendor codes as the ledger names them (packages/ledger VENDOR_CODE). */
const vendorCode = str(16).regex(/^[A-Z0-9]{2,16}$/);
/** A positive decimal amount in major units with at most two decimals ("100", "100.5", "100.00"). */
const positiveAmount = str(20).regex(/^\d{1,13}(\.\d{1,2})?$/);

/**
 * GCS_walletTransfer (7.RELAY.03; docs/adr/0029-transfer-mode-vendors.md): moves money between the main wallet
 * and a transfer-mode vendor's wallet. `direction`: `in` = main -> vendor wallet, `out` = vendor wallet -> main,
 * `all` = every vendor wallet back to main ("transfer all back"; `vendor` and `amount` are then not used).
 * `requestId` is the client's idempotency key: the same requestId answers the first transfer again.
 */
export const TRANSFER_DIRECTIONS = ['in', 'out', 'all'] as const;
export const ZWalletTransferQuery = z
  .object({
    vendor: vendorCode.optional(),
    direction: z.enum(TRANSFER_DIRECTIONS),
    amount: positiveAmount.optional(),
    requestId: str(40).regex(/^[A-Za-z0-9_-]{8,40}$/),
  })
  .refine((q) => (q.direction === 'all' ? q.amount === undefined : q.amount !== undefined && q.vendor !== undefined), {
    message: 'vendor and amount are required for in and out, and not allowed for all',
    path: ['amount'],
  });
export type TWalletTransferQuery = z.infer<typeof ZWalletTransferQuery>;

/** A transfer's state: `pending` until the vendor's answer or a status check settles it. */
export const TRANSFER_STATUSES = ['pending', 'confirmed', 'reversed', 'failed'] as const;
export const ZTransferStatus = z.enum(TRANSFER_STATUSES);

export const ZWalletTransfer = z.object({
  /** Our unique reference, sent to the vendor. */
  ref: str(36),
  vendor: vendorCode,
  direction: z.enum(['in', 'out']),
  amount,
  status: ZTransferStatus,
});

export const ZWalletBalances = z.object({
  main: amount,
  total: amount,
  wallets: z.array(z.object({ vendor: vendorCode, balance: amount })).max(200),
});

export const ZWalletTransferResult = z.object({
  /**
   * `confirmed`: every transfer done; `pending`: at least one waits for the vendor (settled later, the
   * balances will follow); `reversed` / `failed`: the vendor refused (nothing moved); `none`: "all" found no
   * vendor wallet holding money.
   */
  status: z.enum([...TRANSFER_STATUSES, 'none']),
  /** The transfer's reference (in, out); null for all (see `transfers`). */
  ref: str(36).nullable(),
  transfers: z.array(ZWalletTransfer).max(200),
  balances: ZWalletBalances,
});
export type TWalletTransferResult = z.infer<typeof ZWalletTransferResult>;

/** GCS_merchantWallet (7.RELAY.20): no parameters. */
export const ZMerchantWalletQuery = z.object({});
/**
 * The member's wallet at each transfer-mode vendor: name, vendor status, the ledger balance, and the
 * vendor's live balance (null when the vendor did not answer in time, or is not active).
 */
export const ZMerchantWallets = z.object({
  currency: str(8),
  wallets: z
    .array(
      z.object({
        vendor: vendorCode,
        name: str(100),
        status: z.enum(['active', 'maintenance', 'disabled']),
        balance: amount,
        liveBalance: amount.nullable(),
      }),
    )
    .max(200),
});
export type TMerchantWallets = z.infer<typeof ZMerchantWallets>;

// ---------- endpoints ----------

export const getWalletBalance = defineEndpoint({
  ...WALLET_BALANCE,
  summary: 'The member balance: main plus vendor wallets, and whether it is all in the main wallet (7.WAL.01, 3.WAL.01)',
  response: ZWalletBalance,
});

export const getConsolidatedFunds = defineEndpoint({
  method: 'GET',
  path: '/wps/member/info/funds/consolidated',
  tag: 'wallet',
  summary: 'Consolidated funds: the main wallet and each vendor wallet, with the live balance of transfer-mode vendors (7.WAL.02)',
  auth: 'member',
  response: ZConsolidatedFunds,
});

export const getAccountRecord = defineEndpoint({
  method: 'GET',
  path: '/wps/relay/ODSFE2_MemTransDet',
  tag: 'relay',
  summary: 'Account record: the member wallet movements with the running balance, by type and date range (7.RELAY.28, 2.MC.09)',
  auth: 'member',
  query: ZAccountRecordQuery,
  response: ZAccountRecord,
});

export const getWalletTransfer = defineEndpoint({
  method: 'GET',
  path: '/wps/relay/GCS_walletTransfer',
  tag: 'relay',
  summary:
    'Transfer between the main wallet and a transfer-mode vendor wallet: in, out, or all back; requestId makes it idempotent; trial accounts refused (7.RELAY.03, 5.GATE.04)',
  auth: 'member',
  query: ZWalletTransferQuery,
  response: ZWalletTransferResult,
});

export const getMerchantWallets = defineEndpoint({
  method: 'GET',
  path: '/wps/relay/GCS_merchantWallet',
  tag: 'relay',
  summary: "The member's wallet at each transfer-mode vendor: name, status, ledger balance and the vendor's live balance (7.RELAY.20)",
  auth: 'member',
  query: ZMerchantWalletQuery,
  response: ZMerchantWallets,
});
