import { AppError } from '@lotus/contracts/app-error';
import { VENDOR_CODE_PATTERN } from '@lotus/contracts/vendor';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { ServerKeys } from '../../platform/keys/server-keys';
import { randomToken, sha256Hex } from '../../platform/keys/secrets';
import type { VendorRepository, VendorRow, VendorSessionRow } from './vendor.repository';

/** Timings of the registry, the launch and vendor sessions (docs/vendor-protocol.md states them). */
export const VENDOR_TIMINGS = {
  /** A vendor row (secret opened) is cached this long: a disable or rotation applies within it everywhere. */
  vendorCacheMs: 5_000,
  /** A launch token is valid this long, once. */
  launchTokenMs: 2 * 60_000,
  /** A vendor session ends after this long without use. */
  sessionIdleMs: 30 * 60_000,
};

/** Unknown vendor codes remembered at most (the oldest is dropped first); known vendors are never dropped. */
const NEGATIVE_CACHE_LIMIT = 256;

/** A vendor as the protocol needs it: its row and its secret, opened. */
export type CachedVendor = { row: VendorRow; secret: string };
/** A transfer-mode vendor as the wallet's transfers need it (secret opened). */
export type TransferVendorInfo = {
  code: string;
  name: string;
  apiBaseUrl: string;
  secret: string;
  status: 'active' | 'maintenance' | 'disabled';
  currency: string;
};

/**
 * The vendor registry as the platform reads it: the vendor of a code with its secret opened (cached,
 * dropped at once on this instance by an operator's change through `forget`), the member's launch, the
 * launch tokens and vendor sessions the signed protocol opens and checks (the protocol's rules live in
 * the vendor-protocol module), the housekeeping of both, and the transfer-mode vendors of the wallet.
 */
export function createVendorService(deps: {
  database: Pick<Database, 'db' | 'tx'>;
  repo: VendorRepository;
  keys: Pick<ServerKeys, 'open'>;
  now: Clock;
}) {
  const { database, repo, keys, now } = deps;
  const t = VENDOR_TIMINGS;

  // ---------- the registry cache (every bet looks its vendor up) ----------
  // Known vendors and unknown codes are cached apart (issue 23 #1): the registry is small and every known
  // vendor stays cached whatever arrives, while unknown codes (anyone can send one) share a small bounded
  // negative cache that drops its oldest entry, so a flood of made-up codes neither reaches the database
  // for each repeat nor pushes a real vendor out (before, 1,000 unknown codes emptied the whole cache).
  type Entry = { until: number; value: Promise<CachedVendor | null> };
  const known = new Map<string, Entry>();
  const unknown = new Map<string, Entry>();

  /** The vendor of a code with its secret opened (null: unknown), cached for vendorCacheMs. */
  function vendorOf(code: string): Promise<CachedVendor | null> {
    const at = now();
    const hit = known.get(code) ?? unknown.get(code);
    if (hit && hit.until > at) return hit.value;
    const entry: Entry = {
      until: at + t.vendorCacheMs,
      value: (async () => {
        const row = await repo.findVendor(code);
        return row ? { row, secret: await keys.open(row.secretSealed) } : null;
      })(),
    };
    // Pending lookups sit with the known vendors until the answer says which they are.
    unknown.delete(code);
    known.set(code, entry);
    entry.value.then(
      (vendor) => {
        if (vendor || known.get(code) !== entry) return;
        known.delete(code);
        if (unknown.size >= NEGATIVE_CACHE_LIMIT) unknown.delete(unknown.keys().next().value as string);
        unknown.set(code, entry);
      },
      () => known.get(code) === entry && known.delete(code), // a failed lookup is not cached
    );
    return entry.value;
  }

  /** Drops a cached vendor (this instance; others follow within vendorCacheMs). */
  const forget = (code: string) => {
    known.delete(code);
    unknown.delete(code);
  };

  // ---------- launch ----------

  /**
   * A one-time launch token for the member and the vendor's launch URL carrying it:
   * `<launchUrl>?token=...&gameCode=...&language=...&currency=...&returnUrl=...`.
   */
  async function launch(
    memberId: number,
    input: {
      vendor: string;
      gameCode: string;
      language: string;
      returnUrl?: string | undefined;
      /** Launch options the vendor reads (the lottery lobby's lottoArea, launchMode, prizeMode, view; 7.PAR.15). */
      options?: Record<string, string> | undefined;
    },
  ): Promise<{ url: string }> {
    const vendor = VENDOR_CODE_PATTERN.test(input.vendor) ? await vendorOf(input.vendor) : null;
    if (!vendor || vendor.row.status === 'disabled') throw new AppError('vendor_not_found', 404);
    if (vendor.row.status === 'maintenance') throw new AppError('game_maintenance', 503);
    const token = randomToken(32);
    const at = now();
    await database.tx((tx) =>
      repo.insertLaunchToken(
        {
          tokenHash: sha256Hex(token),
          vendorCode: vendor.row.code,
          memberId,
          gameCode: input.gameCode,
          createdAt: new Date(at),
          expiresAt: new Date(at + t.launchTokenMs),
        },
        tx,
      ),
    );
    const url = new URL(vendor.row.launchUrl);
    url.searchParams.set('token', token);
    url.searchParams.set('gameCode', input.gameCode);
    url.searchParams.set('language', input.language);
    url.searchParams.set('currency', vendor.row.currency);
    if (input.returnUrl) url.searchParams.set('returnUrl', input.returnUrl);
    for (const [key, value] of Object.entries(input.options ?? {})) url.searchParams.set(key, value);
    return { url: url.toString() };
  }

  // ---------- launch tokens and sessions, as the signed protocol uses them ----------

  const sessions = {
    /** Sessions end after this long without use (the protocol checks it; housekeeping purges by it). */
    idleMs: t.sessionIdleMs,
    /** Consumes a launch token of the vendor unexpired at `at` (once, even under concurrent calls). */
    consumeLaunchToken: (tokenHash: string, vendorCode: string, at: Date) =>
      database.tx((tx) => repo.consumeLaunchToken(tokenHash, vendorCode, at, tx)),
    /** Opens a vendor session (its token's hash) for a member. */
    open: (row: { tokenHash: string; vendorCode: string; memberId: number; createdAt: Date; lastUsedAt: Date }) =>
      database.tx((tx) => repo.insertSession(row, tx)),
    /** A session by its token's hash, or null. */
    find: (tokenHash: string): Promise<VendorSessionRow | null> => repo.findSession(tokenHash),
    /** Moves a session's last use forward (never back). */
    touch: (tokenHash: string, at: Date) => database.tx((tx) => repo.touchSession(tokenHash, at, tx)),
  };

  /** Removes expired launch tokens and sessions idle past the limit (job vendor-housekeeping). */
  async function housekeeping() {
    const at = now();
    await database.tx(async (tx) => {
      await repo.purgeLaunchTokens(new Date(at), tx);
      await repo.purgeSessions(new Date(at - t.sessionIdleMs), tx);
    });
  }

  // ---------- transfer-mode vendors (the wallet's transfers, docs/adr/0029-transfer-mode-vendors.md) ----------

  const transferView = ({ row, secret }: CachedVendor): TransferVendorInfo | null =>
    row.walletMode === 'transfer' && row.apiBaseUrl
      ? {
          code: row.code,
          name: row.name,
          apiBaseUrl: row.apiBaseUrl,
          secret,
          status: row.status as TransferVendorInfo['status'],
          currency: row.currency,
        }
      : null;

  /** A transfer-mode vendor with its secret opened; null when unknown, seamless or without apiBaseUrl. */
  async function findTransferVendor(code: string): Promise<TransferVendorInfo | null> {
    if (!/^[A-Z0-9]{2,16}$/.test(code)) return null;
    const cached = await vendorOf(code);
    return cached ? transferView(cached) : null;
  }

  /** Every transfer-mode vendor (any status), by code. */
  async function listTransferVendors(): Promise<TransferVendorInfo[]> {
    const rows = (await repo.listVendors()).filter((r) => r.walletMode === 'transfer' && r.apiBaseUrl);
    const found = await Promise.all(rows.map((r) => findTransferVendor(r.code)));
    return found.filter((v): v is TransferVendorInfo => v !== null);
  }

  return { launch, vendorOf, forget, sessions, housekeeping, findTransferVendor, listTransferVendors };
}

export type VendorService = ReturnType<typeof createVendorService>;
