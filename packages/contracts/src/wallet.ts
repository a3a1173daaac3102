import { z } from 'zod';

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
  wallets: z.array(z.object({ vendor: str(16), balance: amount })).max(200),
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
});
export const ZAccountRecord = z.object({
  list: z.array(ZAccountRecordRow).max(100),
  total: z.number().int(),
  totalPages: z.number().int(),
  pageNo: z.number().int(),
});
export type TAccountRecord = z.infer<typeof ZAccountRecord>;

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
