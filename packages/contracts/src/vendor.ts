import { z } from 'zod';
import { ZGamesSyncAnswer, ZGamesSyncRequest } from './catalogue';
import { defineEndpoint, operator } from './endpoint';
import { ZLottoSyncAnswer, ZLottoSyncRequest } from './lottery';

/**
 * Vendor wallet protocol v1 (docs/vendor-protocol.md): the signed calls every game vendor makes to
 * the platform under /vendor/v1/, the member's launch call, and the operator API of the vendor
 * registry (/ops/vendors/registry). The protocol's answers are not in the platform envelope: they
 * are `{ status: "OK", ... }` or `{ status: "ERROR", code, ... }` as the vendor protocol defines.
 */

/** A vendor code (vassalage): 2-16 upper-case letters or digits. */
export const VENDOR_CODE_PATTERN = /^[A-Z0-9]{2,16}$/;
export const ZVendorCode = z.string().regex(VENDOR_CODE_PATTERN);

export const VENDOR_WALLET_MODES = ['seamless', 'transfer'] as const;
export const ZVendorWalletMode = z.enum(VENDOR_WALLET_MODES);
export const VENDOR_STATUSES = ['active', 'maintenance', 'disabled'] as const;
export const ZVendorStatus = z.enum(VENDOR_STATUSES);
export type TVendorStatus = z.infer<typeof ZVendorStatus>;

/** Every code a protocol answer may carry (docs/vendor-protocol.md "Codes"). */
export const VENDOR_PROTOCOL_CODES = [
  'INVALID_SIGNATURE',
  'EXPIRED_REQUEST',
  'VENDOR_DISABLED',
  'INVALID_REQUEST',
  'INVALID_SESSION',
  'PLAYER_NOT_FOUND',
  'PLAYER_BLOCKED',
  'CURRENCY_MISMATCH',
  'INSUFFICIENT_FUNDS',
  'DUPLICATE_TRANSACTION_CONFLICT',
  'TRANSACTION_ROLLED_BACK',
  'ROUND_CLOSED',
  'INTERNAL_ERROR',
] as const;
export const ZVendorProtocolCode = z.enum(VENDOR_PROTOCOL_CODES);
export type TVendorProtocolCode = z.infer<typeof ZVendorProtocolCode>;

// ---------- requests (validated by the service after the signature) ----------

/** Vendor-chosen identifiers: printable ASCII without spaces, 1-100 characters. */
export const ZVendorId = z.string().min(1).max(100).regex(/^[\x21-\x7e]+$/);
const vendorId = ZVendorId;
/** Amounts: a string of decimal digits in minor units (vendor-protocol.rules.ts parses it). */
const amount = z.string().max(40);
const playerId = z.string().regex(/^[1-9][0-9]{0,9}$/);
const currency = z.string().regex(/^[A-Z]{3}$/);
const token = z.string().min(1).max(200);

// Every call's body is strict (issue 23 #1): a field of another call (a bet's sessionToken in a win) is
// INVALID_REQUEST, so one call's body is never accepted as another's. `requestId` names one HTTP attempt and is
// echoed in the answer; the money calls require it, the others may send it.
export const ZVendorAuthenticateRequest = z.strictObject({ requestId: vendorId.optional(), token });
export const ZVendorBalanceRequest = z.strictObject({ requestId: vendorId.optional(), playerId, sessionToken: token });
export const ZVendorBetRequest = z.strictObject({
  requestId: vendorId,
  playerId,
  sessionToken: token,
  transactionId: vendorId,
  roundId: vendorId,
  gameCode: vendorId,
  amount,
  currency,
});
export const ZVendorWinRequest = z.strictObject({
  requestId: vendorId,
  playerId,
  transactionId: vendorId,
  roundId: vendorId,
  gameCode: vendorId,
  amount,
  currency,
  betTransactionId: vendorId.optional(),
});
export const ZVendorRollbackRequest = z.strictObject({
  requestId: vendorId,
  playerId,
  transactionId: vendorId,
  referenceTransactionId: vendorId,
  roundId: vendorId.optional(),
});

// ---------- answers ----------

const digits = z.string().regex(/^[0-9]+$/);
/** Every answer after the signature checks echoes the request's requestId when it sent one (v1.1). */
const echoed = { requestId: z.string().optional() };

export const ZVendorAuthenticated = z.object({
  status: z.literal('OK'),
  ...echoed,
  playerId: z.string(),
  currency: z.string(),
  balance: digits,
  sessionToken: z.string(),
});
export const ZVendorBalanceAnswer = z.object({ status: z.literal('OK'), ...echoed, balance: digits, currency: z.string() });
export const ZVendorMoneyAnswer = z.object({
  status: z.literal('OK'),
  ...echoed,
  balance: digits,
  currency: z.string(),
  transactionId: z.string(),
  platformTransactionId: z.string(),
});
export const ZVendorErrorAnswer = z.object({
  status: z.literal('ERROR'),
  ...echoed,
  code: ZVendorProtocolCode,
  message: z.string(),
  balance: digits.optional(),
});
/** HTTP 401 (signature, timestamp, vendor) and 400 (not a JSON body): nothing else is said. */
export const ZVendorRefusal = z.object({ status: z.literal('ERROR'), code: ZVendorProtocolCode });

/** What a call answers with HTTP 200: its OK answer, or an ERROR answer with the protocol's code. */
const answerOf = <T extends z.ZodType>(ok: T) => z.union([ok, ZVendorErrorAnswer]);
export type TVendorAnswer =
  | z.infer<typeof ZVendorAuthenticated>
  | z.infer<typeof ZVendorBalanceAnswer>
  | z.infer<typeof ZVendorMoneyAnswer>
  | z.infer<typeof ZGamesSyncAnswer>
  | z.infer<typeof ZLottoSyncAnswer>
  | z.infer<typeof ZVendorErrorAnswer>
  | z.infer<typeof ZVendorRefusal>;

// ---------- the protocol's endpoints ----------

/**
 * The signed calls (docs/vendor-protocol.md section 4), one per service call: the server registers them in a
 * loop. Each body is checked by the vendor service after the signature (the route leaves it to the service).
 */
const signed = (summary: string) => `${summary} (signed: X-Vendor-Code, X-Timestamp, X-Signature)`;
const protocolCall = { method: 'POST', tag: 'vendor', auth: 'vendor', plain: { refusal: ZVendorRefusal } } as const;
export const vendorProtocol = {
  authenticate: defineEndpoint({
    ...protocolCall,
    path: '/vendor/v1/session/authenticate',
    summary: signed('Exchange a launch token for a session'),
    body: ZVendorAuthenticateRequest,
    response: answerOf(ZVendorAuthenticated),
  }),
  balance: defineEndpoint({
    ...protocolCall,
    path: '/vendor/v1/wallet/balance',
    summary: signed("The player's balance"),
    body: ZVendorBalanceRequest,
    response: answerOf(ZVendorBalanceAnswer),
  }),
  bet: defineEndpoint({
    ...protocolCall,
    path: '/vendor/v1/wallet/bet',
    summary: signed('Debit a bet'),
    body: ZVendorBetRequest,
    response: answerOf(ZVendorMoneyAnswer),
  }),
  win: defineEndpoint({
    ...protocolCall,
    path: '/vendor/v1/wallet/win',
    summary: signed('Credit a win (no live session needed)'),
    body: ZVendorWinRequest,
    response: answerOf(ZVendorMoneyAnswer),
  }),
  rollback: defineEndpoint({
    ...protocolCall,
    path: '/vendor/v1/wallet/rollback',
    summary: signed('Refund the bet named by referenceTransactionId'),
    body: ZVendorRollbackRequest,
    response: answerOf(ZVendorMoneyAnswer),
  }),
  /** docs/vendor-protocol.md section 10. */
  gamesSync: defineEndpoint({
    ...protocolCall,
    path: '/vendor/v1/games/sync',
    summary: signed("Publish the vendor's game list (replaces it; unlisted games are retired)"),
    body: ZGamesSyncRequest,
    response: answerOf(ZGamesSyncAnswer),
  }),
  /** docs/vendor-protocol.md section 11 (docs/adr/0093). */
  lottoSync: defineEndpoint({
    ...protocolCall,
    path: '/vendor/v1/lotto/sync',
    summary: signed("Push the vendor's lottery games and draws to the platform's mirror (a draw only with a greater version)"),
    body: ZLottoSyncRequest,
    response: answerOf(ZLottoSyncAnswer),
  }),
};
export type TVendorCall = keyof typeof vendorProtocol;

// ---------- member launch (POST /wps/game/vendorLaunch) ----------

export const ZVendorLaunchRequest = z.object({
  vendor: ZVendorCode,
  gameCode: z.string().min(1).max(100).regex(/^[\x21-\x7e]+$/),
  /** Default: the request's Language header. */
  language: z.string().min(2).max(10).regex(/^[A-Za-z-]+$/).optional(),
  /** Where the game sends the player back (http or https). */
  returnUrl: z.url({ protocol: /^https?$/ }).max(1000).optional(),
});
export type TVendorLaunchRequest = z.infer<typeof ZVendorLaunchRequest>;
export const ZVendorLaunch = z.object({ url: z.string() });

export const postVendorLaunch = defineEndpoint({
  method: 'POST',
  path: '/wps/game/vendorLaunch',
  tag: 'game',
  summary: "A one-time launch token and the vendor's launch URL carrying it (docs/vendor-protocol.md)",
  auth: 'member',
  body: ZVendorLaunchRequest,
  response: ZVendorLaunch,
});

// ---------- operator API (/ops/vendors/registry) ----------

export const ZOpsVendorInput = z.object({
  code: ZVendorCode,
  name: z.string().trim().min(1).max(80),
  gameTypes: z.array(z.string().trim().min(1).max(20)).max(20).default([]),
  walletMode: ZVendorWalletMode.default('seamless'),
  launchUrl: z.url({ protocol: /^https?$/ }).max(1000),
  /** The vendor's fund-transfer API (transfer mode). */
  apiBaseUrl: z.url({ protocol: /^https?$/ }).max(1000).nullable().default(null),
  status: ZVendorStatus.default('active'),
  currency: z.string().regex(/^[A-Z]{3}$/).default('THB'),
  /** An existing shared secret to import (at least 32 characters); default: a new random one. */
  secret: z.string().min(32).max(200).regex(/^[\x21-\x7e]+$/).optional(),
});
export type TOpsVendorInput = z.input<typeof ZOpsVendorInput>;
export const ZOpsVendorRow = z.object({
  code: z.string(),
  name: z.string(),
  gameTypes: z.array(z.string()),
  walletMode: ZVendorWalletMode,
  launchUrl: z.string(),
  apiBaseUrl: z.string().nullable(),
  status: ZVendorStatus,
  currency: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TOpsVendorRow = z.infer<typeof ZOpsVendorRow>;
export const ZOpsVendorList = z.array(ZOpsVendorRow);
/** The answer of add and rotate-secret: the secret is shown this once. */
export const ZOpsVendorWithSecret = z.object({ vendor: ZOpsVendorRow, secret: z.string() });
export type TOpsVendorWithSecret = z.infer<typeof ZOpsVendorWithSecret>;
export const ZOpsVendorCodeParam = z.object({ code: ZVendorCode });
export const ZOpsVendorStatusInput = z.object({ status: ZVendorStatus });

export const listVendorRegistry = defineEndpoint({
  method: 'GET',
  path: '/ops/vendors/registry',
  tag: 'ops',
  summary: 'Game vendor registry (never secrets)',
  auth: operator('vendors.read'),
  response: ZOpsVendorList,
});

export const addVendor = defineEndpoint({
  method: 'POST',
  path: '/ops/vendors/registry',
  tag: 'ops',
  summary: 'Add a game vendor; its secret is answered this once',
  auth: operator('vendors.write', 'vendors.add'),
  body: ZOpsVendorInput,
  response: ZOpsVendorWithSecret,
});

export const setVendorStatus = defineEndpoint({
  method: 'PUT',
  path: '/ops/vendors/registry/:code/status',
  tag: 'ops',
  summary: 'Set a vendor active, in maintenance or disabled',
  auth: operator('vendors.write', 'vendors.status'),
  params: ZOpsVendorCodeParam,
  body: ZOpsVendorStatusInput,
  response: ZOpsVendorRow,
});

export const rotateVendorSecret = defineEndpoint({
  method: 'POST',
  path: '/ops/vendors/registry/:code/rotate-secret',
  tag: 'ops',
  summary: 'Replace a vendor secret; the new one is answered this once and the old one stops working',
  auth: operator('vendors.write', 'vendors.rotate_secret'),
  params: ZOpsVendorCodeParam,
  response: ZOpsVendorWithSecret,
});

// ---------- operator API: transfer-mode vendor wallets (/ops/vendors/transfers; docs/adr/0083) ----------

/** A decimal amount in major units with two decimals ("1234.50"). */
const money = z.string().max(30).regex(/^-?\d+\.\d{2}$/);
/** A transfer's reference: the uuid the platform sent the vendor. */
export const ZTransferRef = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
export const TRANSFER_DIRECTIONS = ['to_vendor', 'from_vendor'] as const;
export const TRANSFER_STATUSES = ['pending', 'confirmed', 'reversed', 'failed'] as const;

/** A transfer between a member's main wallet and a vendor wallet, as operators see it. */
export const ZOpsTransfer = z.object({
  ref: z.string(),
  vendor: z.string().max(16),
  memberId: z.number().int(),
  /** null when the member is not found (never expected). */
  username: z.string().max(40).nullable(),
  direction: z.enum(TRANSFER_DIRECTIONS),
  amount: money,
  status: z.enum(TRANSFER_STATUSES),
  createdAt: z.string(),
  /** Vendor calls made for it (the first call and each status check), and the last one's error. */
  attempts: z.number().int(),
  lastError: z.string().max(500).nullable(),
});
export type TOpsTransfer = z.infer<typeof ZOpsTransfer>;

/** Most stuck transfers answered per vendor (the oldest first). */
export const MAX_STUCK_LISTED = 200;

export const ZOpsTransferVendor = z.object({
  vendor: z.string().max(16),
  name: z.string().max(80),
  /** The registry's status; null when the vendor is no longer a transfer-mode vendor but money is still recorded at it. */
  status: ZVendorStatus.nullable(),
  /** The money the ledger holds in members' wallets at this vendor (the sum of their vendor-wallet balances). */
  held: money,
  /** Members' wallets at this vendor holding money. */
  wallets: z.number().int(),
  /** Transfers not settled yet (any age). */
  pendingCount: z.number().int(),
  pendingAmount: money,
  /** Pending transfers older than `stuckAfterSeconds`: how many, and the oldest of them (at most MAX_STUCK_LISTED). */
  stuckCount: z.number().int(),
  stuck: z.array(ZOpsTransfer).max(MAX_STUCK_LISTED),
});
export type TOpsTransferVendor = z.infer<typeof ZOpsTransferVendor>;
export const ZOpsTransferDesk = z.object({
  /** A pending transfer older than this is stuck: the sweep has handed it to the resolve job again. */
  stuckAfterSeconds: z.number().int(),
  vendors: z.array(ZOpsTransferVendor).max(200),
});
export type TOpsTransferDesk = z.infer<typeof ZOpsTransferDesk>;
export const ZOpsTransferRefParam = z.object({ ref: ZTransferRef });

export const listVendorTransfers = defineEndpoint({
  method: 'GET',
  path: '/ops/vendors/transfers',
  tag: 'ops',
  summary: "Transfer-mode vendor wallets: the money the ledger holds at each vendor, pending transfers and the stuck ones",
  auth: operator('money.read'),
  response: ZOpsTransferDesk,
});

export const resolveVendorTransfer = defineEndpoint({
  method: 'POST',
  path: '/ops/vendors/transfers/:ref/resolve',
  tag: 'ops',
  summary:
    "Ask the vendor now what became of a pending transfer and settle it as the resolve job would (the vendor's word decides; still pending when it cannot tell)",
  auth: operator('money.write', 'vendors.transfer_resolve'),
  params: ZOpsTransferRefParam,
  response: ZOpsTransfer,
});
