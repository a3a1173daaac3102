import { sandboxPspAllowed, type Env } from '../../../env';

/** Tunables and adapters of the transfer wallets (docs/adr/0029-transfer-mode-vendors.md). */
export type TransferWalletOptions = {
  /** Time limit of a deposit, withdrawal or status call to a vendor (ms). */
  vendorTimeoutMs: number;
  /** Time limit of a balance read (consolidated funds, merchant wallets, transfer all back) in ms. */
  balanceTimeoutMs: number;
  /** Seconds between a call without a usable answer and the first status check. */
  resolveDelaySeconds: number;
  /** The sandbox transfer vendor SBX is served and listed (embedded demo or ALLOW_SANDBOX_PSP=1; docs/adr/0068). */
  sandbox: boolean;
};

export const DEFAULT_TRANSFER_WALLET_OPTIONS: TransferWalletOptions = {
  vendorTimeoutMs: 5000,
  balanceTimeoutMs: 2000,
  resolveDelaySeconds: 10,
  sandbox: false,
};

export function transferWalletOptionsFromEnv(env: Env): TransferWalletOptions {
  const timeout = env.TRANSFER_VENDOR_TIMEOUT_MS ?? DEFAULT_TRANSFER_WALLET_OPTIONS.vendorTimeoutMs;
  return {
    vendorTimeoutMs: timeout,
    balanceTimeoutMs: Math.min(timeout, DEFAULT_TRANSFER_WALLET_OPTIONS.balanceTimeoutMs),
    resolveDelaySeconds:
      env.TRANSFER_RESOLVE_DELAY_SECONDS ?? DEFAULT_TRANSFER_WALLET_OPTIONS.resolveDelaySeconds,
    sandbox: sandboxPspAllowed(env),
  };
}
