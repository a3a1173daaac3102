import {
  VENDOR_CODE_PATTERN,
  ZVendorAuthenticateRequest,
  ZVendorId,
  ZVendorBalanceRequest,
  ZVendorBetRequest,
  ZVendorRollbackRequest,
  ZVendorWinRequest,
  type TVendorAnswer,
  type TVendorCall,
  type TVendorProtocolCode,
} from '@lotus/contracts/vendor';
import { ZGamesSyncRequest, type TGamesSyncResult, type TSyncGame } from '@lotus/contracts/catalogue';
import { ZLottoSyncRequest, type TLottoSyncDraw, type TLottoSyncGame, type TLottoSyncResult } from '@lotus/contracts/lottery';
import sjp from 'secure-json-parse';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock';
import { randomToken, sha256Hex } from '../../platform/keys/secrets';
import type {
  GameOperation,
  GameOperationResult,
  WalletBalanceOf,
  WalletGameOperation,
} from '../wallet/wallet.types';
import { createTtlCache } from '../../lib/ttl-cache';
import { ipLimitKey } from '../../lib/ip';
import type { WindowCounters } from '../../platform/throttles/window-counter';
import { checkTimestamp, signAnswer, verifyRequestSignature } from '../../lib/request-signature';
import { parseAmount, requestHash } from './vendor-protocol.rules';
import type { SignedVendor, SignedVendorLookup, VendorSessionStore } from '../game-vendors/vendor.module';

/**
 * Timings of the signed protocol (docs/vendor-protocol.md states them). The registry's (vendor cache,
 * launch token, session idle limit) are the game-vendors module's `VENDOR_TIMINGS`.
 */
export const PROTOCOL_TIMINGS = {
  /** A session's last use is written at most this often (not once per bet). */
  sessionTouchMs: 30_000,
  /**
   * A player's status and a session are cached this long (every bet reads both): a block reaches bets
   * within it on every instance; wins and rollbacks settle for blocked players anyway.
   */
  playerCacheMs: 5_000,
  /**
   * Calls that fail the signature check (no headers, an unknown vendor, a wrong signature) are counted per
   * address (an IPv6 address per /64) in fixed windows of this length on the app's clock, by every instance
   * together when there is Redis; past `badSignatureBurst` of them the address is answered 429 until the window
   * ends (issue 23 #1): a guesser gets a few answers, not a signing oracle or a database load, however many
   * instances it spreads its calls over.
   */
  badSignatureWindowMs: 60_000,
  badSignatureBurst: 20,
  /** How late an instance may learn of the bad signatures other instances counted (its own count at once). */
  badSignatureReadCacheMs: 1_000,
};

/** What the protocol asks of identity: a member as a player (PLAYER_NOT_FOUND, PLAYER_BLOCKED, trial class). */
export type PlayerLookup = (id: number) => Promise<{ id: number; status: string; trial: boolean } | null>;
/** What it asks of the wallet (wallet.types.ts). */
export type VendorWallet = { gameOperation: WalletGameOperation; balanceOf: WalletBalanceOf };

/** The protocol calls (contracts/vendor.ts `vendorProtocol`). */
export type VendorCall = TVendorCall;
/**
 * Where a vendor's published game list goes (the catalogue module's sync, built before this module):
 * the vendor's code and its validated games; answers the counts.
 */
export type GamesPublisher = (vendor: string, games: TSyncGame[]) => Promise<TGamesSyncResult>;
/**
 * Where a lottery vendor's push of its games and draws goes (the lottery module's syncDraws, built before this
 * module): the counts, or UNKNOWN_GAME (a draw of a game neither pushed nor stored; nothing written).
 */
export type DrawsPublisher = (
  vendor: string,
  push: { games: TLottoSyncGame[]; draws: TLottoSyncDraw[] },
) => Promise<({ status: 'OK' } & TLottoSyncResult) | { status: 'UNKNOWN_GAME'; gameCodes: string[] }>;
/**
 * What the route hands over: the request line the signature binds (method, path without the query), the
 * caller's address (the rate limit of bad signatures), the three headers and the body's raw bytes (null: no body).
 */
export type SignedRequest = {
  method: string;
  path: string;
  address: string;
  vendorCode: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  raw: Buffer | null;
};
/** The HTTP status and body of a protocol answer. */
export type ProtocolAnswer = { http: 200 | 400 | 401 | 429; body: TVendorAnswer };
/**
 * An answer as sent: status, JSON text and, once the vendor is known and its signature checked, the answer's
 * X-Timestamp and X-Signature (v1.1: HMAC of `STATUS\nPATH\nX-Timestamp\n<text>` with the vendor's secret).
 */
export type SignedAnswer = {
  http: ProtocolAnswer['http'];
  text: string;
  headers: Record<string, string>;
  /** OK, or the refusal's code (the metrics count calls by it). */
  outcome: string;
};

const MESSAGES: Record<TVendorProtocolCode, string> = {
  INVALID_SIGNATURE: 'The request signature is missing or not valid',
  EXPIRED_REQUEST: 'The request timestamp is outside the accepted window',
  VENDOR_DISABLED: 'The vendor is not active',
  INVALID_REQUEST: 'The request is not valid',
  INVALID_SESSION: 'The token or session is not valid or has expired',
  PLAYER_NOT_FOUND: 'The player does not exist',
  PLAYER_BLOCKED: 'The player is blocked',
  CURRENCY_MISMATCH: "The currency is not the player's currency",
  INSUFFICIENT_FUNDS: 'The balance is not sufficient',
  DUPLICATE_TRANSACTION_CONFLICT: 'This transaction id was used with another request',
  TRANSACTION_ROLLED_BACK: 'The transaction was rolled back',
  ROUND_CLOSED: 'The round is already closed',
  INTERNAL_ERROR: 'Internal error, please retry the same request',
};

/** A vendor as the protocol needs it: its row and its secret, opened (the registry's cached lookup). */
type CachedVendor = SignedVendor;
type Player = { id: number; status: string; trial: boolean };

/** A refusal before the body is read (HTTP 401): only the code is said. */
const refuse = (code: TVendorProtocolCode): ProtocolAnswer => ({ http: 401, body: { status: 'ERROR', code } });
/** Too many bad signatures from one address (HTTP 429): said with the refusal's own code. */
const TOO_MANY: ProtocolAnswer = { http: 429, body: { status: 'ERROR', code: 'INVALID_SIGNATURE' } };
const error = (code: TVendorProtocolCode, balance?: bigint): ProtocolAnswer => ({
  http: 200,
  body: { status: 'ERROR', code, message: MESSAGES[code], ...(balance === undefined ? {} : { balance: balance.toString() }) },
});
/** An answer decided before the request went further (thrown inside a call, answered by `handle`). */
class Answer extends Error {
  constructor(readonly answer: ProtocolAnswer) {
    super('vendor protocol answer');
  }
}
const fail = (code: TVendorProtocolCode): never => {
  throw new Answer(error(code));
};

/** Largest member id (members.id is a 4-byte integer): anything above is no member. */
const MAX_MEMBER_ID = 2_147_483_647;

/**
 * The vendor wallet protocol v1 (docs/vendor-protocol.md). Every protocol call is refused before
 * anything is read or written, but the vendor lookup, when its headers, timestamp or signature are
 * wrong (HTTP 401); then the body is parsed and validated, the player, session and currency checked,
 * and a money call goes to `wallet.gameOperation` exactly once.
 */
export function createVendorProtocolService(deps: {
  /** The registry's vendor lookup (cached there; an operator's change drops it at once). */
  vendors: SignedVendorLookup;
  /** The registry's launch tokens and vendor sessions. */
  sessions: VendorSessionStore;
  findPlayer: PlayerLookup;
  wallet: VendorWallet;
  /** The catalogue's sync (POST /vendor/v1/games/sync). */
  publishGames: GamesPublisher;
  /** The lottery's mirror (POST /vendor/v1/lotto/sync). */
  syncDraws: DrawsPublisher;
  log: { error(obj: unknown, msg: string): void };
  now: Clock;
  /** Where bad signatures are counted (the platform's: shared by every instance with REDIS_URL). */
  counters: WindowCounters;
}) {
  const { vendors, sessions: store, findPlayer, wallet, log, now, counters } = deps;
  const t = PROTOCOL_TIMINGS;

  // Players and sessions: every bet reads both, so they are cached (playerCacheMs) like vendors.
  const players = createTtlCache<number, Player | null>({ ttlMs: t.playerCacheMs, max: 50_000, now });
  const sessions = createTtlCache<string, Awaited<ReturnType<VendorSessionStore['find']>>>({
    ttlMs: t.playerCacheMs,
    max: 50_000,
    now,
  });

  // ---------- the signed protocol ----------

  // Bad signatures per address (IPv6 per /64: security #16), counted for every instance together when the app
  // has Redis, else in this process (bounded); a fixed window of badSignatureWindowMs on the app's clock.
  // Every wallet call checks it: a count read from Redis answers for a second (readCacheMs), so the check costs a
  // Redis round trip at most once a second per address, not one per call.
  const badSignatures = counters({
    name: 'vendor-badsig',
    windowMs: t.badSignatureWindowMs,
    maxKeys: 10_000,
    readCacheMs: t.badSignatureReadCacheMs,
  });
  /** Whether `address` is past its burst of bad signatures (then it is answered 429 without a vendor lookup). */
  async function limited(address: string): Promise<boolean> {
    return (await badSignatures.count(ipLimitKey(address), now())) >= t.badSignatureBurst;
  }
  /** Counts one bad signature of `address`; the answer is the refusal (the next call past the burst is 429). */
  async function badSignature(address: string, refusal: ProtocolAnswer): Promise<ProtocolAnswer> {
    await badSignatures.add(ipLimitKey(address), now());
    return refusal;
  }

  /** Headers, timestamp, vendor and signature (v1.1: method and path included): the vendor, or the refusal. */
  async function authenticateRequest(req: SignedRequest): Promise<CachedVendor | ProtocolAnswer> {
    const { vendorCode, timestamp, signature } = req;
    if (await limited(req.address)) return TOO_MANY;
    if (vendorCode === undefined || signature === undefined || timestamp === undefined) {
      return badSignature(req.address, refuse('INVALID_SIGNATURE'));
    }
    if (checkTimestamp(timestamp, now()) !== 'ok') return refuse('EXPIRED_REQUEST');
    const vendor = VENDOR_CODE_PATTERN.test(vendorCode) ? await vendors.vendorOf(vendorCode) : null;
    // An unknown vendor has no secret to check against: the signature cannot be valid.
    if (!vendor) return badSignature(req.address, refuse('INVALID_SIGNATURE'));
    const line = { method: req.method, path: req.path, timestamp };
    if (!verifyRequestSignature(vendor.secret, line, req.raw ?? Buffer.alloc(0), signature)) {
      return badSignature(req.address, refuse('INVALID_SIGNATURE'));
    }
    if (vendor.row.status === 'disabled') return refuse('VENDOR_DISABLED');
    return vendor;
  }

  /** The request's JSON, parsed once after the signature (undefined: not JSON). */
  function parseBody(raw: Buffer | null): unknown {
    try {
      return sjp.parse(raw?.toString('utf8') ?? '', undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch {
      return undefined;
    }
  }

  /** The requestId to echo: the body's, when it is a well-formed one (also in an answer refusing the body). */
  function requestIdOf(value: unknown): string | undefined {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const id = (value as { requestId?: unknown }).requestId;
    return ZVendorId.safeParse(id).success ? (id as string) : undefined;
  }

  /** The JSON body, validated by `schema` (strict: no field of another call), else INVALID_REQUEST. */
  function bodyOf<S extends z.ZodType>(value: unknown, schema: S): z.infer<S> {
    if (value === undefined) return fail('INVALID_REQUEST');
    const parsed = schema.safeParse(value);
    return parsed.success ? (parsed.data as z.infer<S>) : fail('INVALID_REQUEST');
  }

  /** The member behind a playerId: PLAYER_NOT_FOUND, or PLAYER_BLOCKED unless `blockedAllowed`. */
  async function playerOf(playerId: string, options: { blockedAllowed: boolean }): Promise<Player> {
    const id = Number(playerId);
    const player = id <= MAX_MEMBER_ID ? await players.get(id, () => findPlayer(id)) : null;
    if (!player) return fail('PLAYER_NOT_FOUND');
    if (player.status !== 'active' && !options.blockedAllowed) return fail('PLAYER_BLOCKED');
    return player;
  }

  /** A live session of this vendor and player, refreshed by use; else INVALID_SESSION. */
  async function requireSession(sessionToken: string, vendor: CachedVendor, player: Player) {
    const hash = sha256Hex(sessionToken);
    const session = await sessions.get(hash, () => store.find(hash));
    const at = now();
    const idle = session ? at - session.lastUsedAt.getTime() : Infinity;
    if (!session || session.vendorCode !== vendor.row.code || session.memberId !== player.id || idle >= store.idleMs) {
      fail('INVALID_SESSION');
    }
    if (idle >= t.sessionTouchMs) {
      await store.touch(hash, new Date(at));
      sessions.update(hash, (s) => (s ? { ...s, lastUsedAt: new Date(Math.max(s.lastUsedAt.getTime(), at)) } : s));
    }
  }

  const requireCurrency = (currency: string, vendor: CachedVendor) => {
    if (currency !== vendor.row.currency) fail('CURRENCY_MISMATCH');
  };
  const requireOpen = (vendor: CachedVendor) => {
    if (vendor.row.status !== 'active') fail('VENDOR_DISABLED');
  };
  const amountOf = (value: string) => parseAmount(value) ?? fail('INVALID_REQUEST');

  /** One wallet call, its result as the protocol answer. */
  async function money(vendor: CachedVendor, player: Player, playerId: string, op: GameOperation): Promise<ProtocolAnswer> {
    const currency = vendor.row.currency;
    const result: GameOperationResult = await wallet.gameOperation({
      ...op,
      vendor: vendor.row.code,
      memberId: player.id,
      trial: player.trial,
      requestHash: requestHash(op, { vendor: vendor.row.code, playerId, currency }),
    });
    if (result.status === 'ERROR') return error(result.code, result.balance);
    return {
      http: 200,
      body: {
        status: 'OK',
        balance: result.balance.toString(),
        currency,
        transactionId: op.transactionId,
        platformTransactionId: result.platformTransactionId,
      },
    };
  }

  const calls: Record<VendorCall, (vendor: CachedVendor, body: unknown) => Promise<ProtocolAnswer>> = {
    async authenticate(vendor, json) {
      const { token } = bodyOf(json, ZVendorAuthenticateRequest);
      requireOpen(vendor);
      const launched = await store.consumeLaunchToken(sha256Hex(token), vendor.row.code, new Date(now()));
      if (!launched) return fail('INVALID_SESSION');
      const player = await playerOf(String(launched.memberId), { blockedAllowed: false });
      const sessionToken = randomToken(32);
      const at = new Date(now());
      await store.open({ tokenHash: sha256Hex(sessionToken), vendorCode: vendor.row.code, memberId: player.id, createdAt: at, lastUsedAt: at });
      const balance = await wallet.balanceOf({ id: player.id, trial: player.trial });
      return {
        http: 200,
        body: { status: 'OK', playerId: String(player.id), currency: vendor.row.currency, balance: balance.toString(), sessionToken },
      };
    },

    async balance(vendor, json) {
      const body = bodyOf(json, ZVendorBalanceRequest);
      const player = await playerOf(body.playerId, { blockedAllowed: false });
      await requireSession(body.sessionToken, vendor, player);
      const balance = await wallet.balanceOf({ id: player.id, trial: player.trial });
      return { http: 200, body: { status: 'OK', balance: balance.toString(), currency: vendor.row.currency } };
    },

    async bet(vendor, json) {
      const body = bodyOf(json, ZVendorBetRequest);
      const amount = amountOf(body.amount);
      requireOpen(vendor);
      const player = await playerOf(body.playerId, { blockedAllowed: false });
      await requireSession(body.sessionToken, vendor, player);
      requireCurrency(body.currency, vendor);
      const { transactionId, roundId, gameCode } = body;
      return money(vendor, player, body.playerId, { kind: 'bet', transactionId, roundId, gameCode, amount });
    },

    // A win needs no live session (a round may settle after the player left) and settles for a
    // blocked player too: the round was played before the block (docs/vendor-protocol.md).
    async win(vendor, json) {
      const body = bodyOf(json, ZVendorWinRequest);
      const amount = amountOf(body.amount);
      const player = await playerOf(body.playerId, { blockedAllowed: true });
      requireCurrency(body.currency, vendor);
      const { transactionId, roundId, gameCode, betTransactionId } = body;
      return money(vendor, player, body.playerId, {
        kind: 'win',
        transactionId,
        roundId,
        gameCode,
        amount,
        ...(betTransactionId === undefined ? {} : { betTransactionId }),
      });
    },

    // A rollback refunds the bet it names (the amount comes from that bet); for a blocked player too.
    async rollback(vendor, json) {
      const body = bodyOf(json, ZVendorRollbackRequest);
      const player = await playerOf(body.playerId, { blockedAllowed: true });
      const { transactionId, referenceTransactionId, roundId } = body;
      return money(vendor, player, body.playerId, {
        kind: 'rollback',
        transactionId,
        referenceTransactionId,
        ...(roundId === undefined ? {} : { roundId }),
      });
    },

    // A vendor publishes its game list (the catalogue's sync); in maintenance too (only disabled is refused, 401).
    async gamesSync(vendor, json) {
      const body = bodyOf(json, ZGamesSyncRequest);
      const result = await deps.publishGames(vendor.row.code, body.games);
      return { http: 200, body: { status: 'OK', ...result } };
    },

    // A lottery vendor pushes its games and draws to the platform's mirror (the lottery's syncDraws; ADR 0093); in
    // maintenance too. A draw of a game the push does not carry and the mirror does not have refuses the whole push.
    async lottoSync(vendor, json) {
      const { games, draws } = bodyOf(json, ZLottoSyncRequest);
      const result = await deps.syncDraws(vendor.row.code, { games, draws });
      if (result.status !== 'OK') return fail('INVALID_REQUEST');
      return { http: 200, body: { status: 'OK', games: result.games, draws: result.draws } };
    },
  };

  /**
   * One protocol call: the signature checks (401, 429), then the call. Never throws: an unexpected
   * failure is logged and answered INTERNAL_ERROR (HTTP 200, no details).
   */
  async function answer(call: VendorCall, req: SignedRequest): Promise<{ answer: ProtocolAnswer; vendor?: CachedVendor; requestId?: string }> {
    let vendor: CachedVendor | undefined;
    let requestId: string | undefined;
    try {
      const authenticated = await authenticateRequest(req);
      if ('http' in authenticated) return { answer: authenticated };
      vendor = authenticated;
      const json = parseBody(req.raw);
      requestId = requestIdOf(json);
      return { answer: await calls[call](vendor, json), vendor, requestId };
    } catch (err) {
      if (err instanceof Answer) return { answer: err.answer, vendor, requestId };
      log.error({ err, call, vendor: req.vendorCode }, 'vendor protocol call failed');
      return { answer: error('INTERNAL_ERROR'), vendor, requestId };
    }
  }

  /**
   * One protocol call as sent (v1.1): the answer echoes the request's requestId and, once the vendor's
   * signature was checked, is signed over its status, the request's path and its own X-Timestamp, so it
   * cannot be replayed as the answer to another call. Refusals before that (401, 429) are not signed: there
   * is no vendor whose secret could sign them.
   */
  async function handle(call: VendorCall, req: SignedRequest): Promise<SignedAnswer> {
    const { answer: a, vendor, requestId } = await answer(call, req);
    // requestId written second, after status (the order a reader expects; JSON keeps insertion order).
    const body = requestId === undefined ? a.body : Object.assign({ status: a.body.status, requestId }, a.body);
    const text = JSON.stringify(body);
    const outcome = a.body.status === 'OK' ? 'OK' : a.body.code;
    if (!vendor) return { http: a.http, text, headers: {}, outcome };
    const timestamp = String(now());
    const signature = signAnswer(vendor.secret, { status: a.http, path: req.path, timestamp }, text);
    return { http: a.http, text, headers: { 'x-timestamp': timestamp, 'x-signature': signature }, outcome };
  }

  return { handle };
}

export type VendorProtocolService = ReturnType<typeof createVendorProtocolService>;
