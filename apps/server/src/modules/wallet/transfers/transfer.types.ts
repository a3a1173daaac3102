import type { TransferVendorLookup } from '../../game-vendors/vendor.module';

/**
 * Transfer-mode vendors (docs/adr/0029-transfer-mode-vendors.md): the vendor keeps the player's balance
 * and the platform moves money main <-> vendor wallet through the vendor's fund-transfer API
 * (docs/vendor-protocol.md (section 9)).
 */

/**
 * The registry's transfer-mode vendors (game-vendors, built before the wallet): a vendor by code (null: unknown or
 * seamless) and every one (the member's merchant wallets).
 */
export type TransferVendorSource = TransferVendorLookup;
/** What the transfer wallets know of a vendor: code, name, API base URL, the opened secret, status, currency. */
export type TransferVendor = NonNullable<Awaited<ReturnType<TransferVendorLookup['find']>>>;

/**
 * The vendor's answer to a deposit or withdrawal:
 * - `ok`: applied (now or earlier under the same ref); `balance` is the player's balance after it;
 * - `refused`: definitely not applied and never will be under this ref (`reason` from the vendor);
 * - `unknown`: no usable answer (timeout, network error, 5xx, bad signature or body): maybe applied.
 */
export type TransferAnswer =
  | { outcome: 'ok'; balance: bigint | null }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'unknown'; error: string };

/**
 * The vendor's view of one ref (status check after an `unknown` answer):
 * `done` (applied), `failed` (refused), `not_found` (never received), `unknown` (no usable answer).
 */
export type TransferStatusAnswer =
  | { outcome: 'done'; balance: bigint | null }
  | { outcome: 'failed' | 'not_found' }
  | { outcome: 'unknown'; error: string };

/** The vendor's fund-transfer API. One production implementation: HTTP (transfer.http-provider.ts). */
export type FundTransferProvider = {
  deposit(vendor: TransferVendor, ref: string, playerId: string, amount: bigint): Promise<TransferAnswer>;
  withdraw(vendor: TransferVendor, ref: string, playerId: string, amount: bigint): Promise<TransferAnswer>;
  status(vendor: TransferVendor, ref: string): Promise<TransferStatusAnswer>;
  /** The player's balance at the vendor, or null when the vendor did not answer usably. */
  balance(vendor: TransferVendor, playerId: string): Promise<bigint | null>;
};

/** The player id the platform uses for a member at every vendor. */
export const playerIdOf = (memberId: number) => String(memberId);
