import { z } from 'zod';
import { defineEndpoint, operator } from './endpoint';
import { parseMinor } from './money';
import { ZOpsApprovalRequested, ZOpsReason } from './ops-operators';
import { RECORD_KINDS } from './wallet';

/**
 * The cashier desk's member money (issue 24, docs/adr/0085): a member's wallets, ledger entries with the
 * running balance, wagering outstanding and risk flags; operator adjustments under four-eyes.
 */
const str = (max: number) => z.string().max(max);
/** An amount as the server sends it: two decimals ("1000.00"). */
const ZMoney = str(24).regex(/^-?\d+\.\d{2}$/);
const ZMemberId = z.coerce.number().int().positive().max(2_147_483_647);

/** Why a member or a queue row deserves a second look (docs/adr/0085). */
export const RISK_FLAGS = ['quick_withdrawal', 'shared_bank_account', 'shared_device', 'payer_name_differs'] as const;
export type TRiskFlagCode = (typeof RISK_FLAGS)[number];
export const ZRiskFlag = z.object({
  code: z.enum(RISK_FLAGS),
  /** The facts behind it, for the operator's eyes: amounts, counts, other usernames, times. */
  params: z.record(str(40), str(400)),
});
export type TRiskFlag = z.infer<typeof ZRiskFlag>;

/** GET /ops/members/:id/money */
export const ZOpsMemberMoneyParam = z.object({ id: ZMemberId });
export const ZOpsMemberMoney = z.object({
  memberId: z.number().int(),
  username: str(40),
  /** The real name the member gave (withdrawal accounts carry it), null before they gave one. */
  realName: str(120).nullable(),
  currency: str(8),
  /** `main` and each transfer-mode vendor wallet (`v:<VENDOR>`), with the ledger's balance. */
  wallets: z.array(z.object({ wallet: str(24), balance: ZMoney })).max(200),
  total: ZMoney,
  /** Stakes still needed before a withdrawal (docs/adr/0070). */
  wageringOutstanding: ZMoney,
  flags: z.array(ZRiskFlag).max(20),
});
export type TOpsMemberMoney = z.infer<typeof ZOpsMemberMoney>;

/** GET /ops/members/:id/ledger?wallet=main&beforeId=: one wallet's entries, newest first, with the running balance. */
export const ZOpsMemberLedgerQuery = z.object({
  wallet: z
    .string()
    .regex(/^(main|v:[A-Z0-9]{2,16})$/, 'validation_failed')
    .default('main'),
  /** Entries older than this entry id (the next page). */
  beforeId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const ZOpsLedgerEntry = z.object({
  entryId: z.number().int(),
  transactionId: z.number().int(),
  time: str(40),
  kind: z.enum(RECORD_KINDS).or(str(24)),
  /** Signed: negative when money left the wallet. */
  amount: ZMoney,
  /** The wallet's balance right after this entry. */
  balance: ZMoney,
  memo: str(120).nullable(),
  /** Who caused it: member, system, vendor or operator, and their id. */
  actor: str(100),
  /** An operator's reason (adjustments, reversals). */
  reason: str(500).nullable(),
  /** A reversal's original transaction, or the reversal that undid this one. */
  reverses: z.number().int().nullable(),
  reversedBy: z.number().int().nullable(),
});
export type TOpsLedgerEntry = z.infer<typeof ZOpsLedgerEntry>;
export const ZOpsMemberLedger = z.object({
  entries: z.array(ZOpsLedgerEntry).max(100),
  /** The beforeId of the next page; null at the first entry. */
  nextBeforeId: z.number().int().nullable(),
});
export type TOpsMemberLedger = z.infer<typeof ZOpsMemberLedger>;

/** Positive, at most two decimals, at most 10,000,000.00 (a mistake of that size needs a reversal, not an adjustment). */
export const ADJUSTMENT_MAX = '10000000.00';
const ZAdjustmentAmount = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, 'adjustment_amount_invalid')
  .refine((v) => {
    const minor = parseMinor(v);
    return minor !== null && minor > 0n && minor <= parseMinor(ADJUSTMENT_MAX)!;
  }, 'adjustment_amount_invalid');

/** POST /ops/members/:id/adjustments: a credit to or a debit from the main wallet, always with a reason (shown to the member). */
export const ZOpsAdjustmentInput = z.object({
  direction: z.enum(['credit', 'debit']),
  amount: ZAdjustmentAmount,
  reason: ZOpsReason.pipe(z.string().max(200)),
});
export type TOpsAdjustmentInput = z.infer<typeof ZOpsAdjustmentInput>;
export const ZOpsAdjustment = z.object({
  memberId: z.number().int(),
  direction: z.enum(['credit', 'debit']),
  amount: ZMoney,
  transactionId: str(30),
  /** The main wallet's balance after it. */
  balance: ZMoney,
});
export type TOpsAdjustment = z.infer<typeof ZOpsAdjustment>;

/** GET /ops/risk?memberIds=1,2,3: the flags of several members at once (the queues' column). */
export const ZOpsRiskQuery = z.object({
  memberIds: z
    .string()
    .max(1200)
    .transform((s) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))].map(Number))
    .pipe(z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(100)),
});
export const ZOpsRiskAnswer = z.object({
  members: z.array(z.object({ memberId: z.number().int(), flags: z.array(ZRiskFlag).max(20) })).max(100),
});
export type TOpsRiskAnswer = z.infer<typeof ZOpsRiskAnswer>;

export const getMemberMoney = defineEndpoint({
  method: 'GET',
  path: '/ops/members/:id/money',
  tag: 'ops',
  summary: "A member's wallets from the ledger, wagering outstanding and risk flags",
  auth: operator('money.read'),
  params: ZOpsMemberMoneyParam,
  response: ZOpsMemberMoney,
});

export const getMemberLedger = defineEndpoint({
  method: 'GET',
  path: '/ops/members/:id/ledger',
  tag: 'ops',
  summary: "One wallet's ledger entries, newest first, each with the running balance, who caused it and why",
  auth: operator('money.read'),
  params: ZOpsMemberMoneyParam,
  query: ZOpsMemberLedgerQuery,
  response: ZOpsMemberLedger,
});

export const postMemberAdjustment = defineEndpoint({
  method: 'POST',
  path: '/ops/members/:id/adjustments',
  tag: 'ops',
  summary:
    'A manual credit or debit of the main wallet with a reason: a four-eyes request a second operator applies (docs/adr/0085); the member is told by a platform message',
  auth: operator('money.write', 'ledger.adjust'),
  params: ZOpsMemberMoneyParam,
  body: ZOpsAdjustmentInput,
  response: z.union([ZOpsAdjustment, ZOpsApprovalRequested]),
});

export const getRiskFlags = defineEndpoint({
  method: 'GET',
  path: '/ops/risk',
  tag: 'ops',
  summary: 'Risk flags of up to 100 members (quick withdrawal with little play, shared bank account, shared device, payer name not the real name)',
  auth: operator('money.read'),
  query: ZOpsRiskQuery,
  response: ZOpsRiskAnswer,
});
