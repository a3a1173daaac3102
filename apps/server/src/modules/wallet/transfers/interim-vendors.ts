import { randomBytes } from 'node:crypto';
import type { TransferVendor, TransferVendorSource } from './transfer.types';

/**
 * INTERIM, until the vendor registry (table `vendors`, walletMode transfer) lands from the `vendor` branch:
 * the transfer-mode vendors are the sandbox vendor SBX ("Sandbox Casino"), listed when the sandbox is on
 * (embedded demo or ALLOW_SANDBOX_TRANSPORTS=1) and the server listens. Its apiBaseUrl is this server's own
 * /sandbox/transfer-vendor; its secret is made per process (the sandbox is served by the same process that
 * calls it). When the registry lands, services.ts passes the registry's `findTransferVendor` instead and
 * SBX is seeded there.
 */
export const SANDBOX_VENDOR_CODE = 'SBX';
export const SANDBOX_VENDOR_NAME = 'Sandbox Casino';

export function createInterimTransferVendors(deps: {
  sandbox: boolean;
  /** This server's base URL once it listens (http://127.0.0.1:<port>), else null. */
  selfUrl: () => string | null;
  currency: string;
}): TransferVendorSource & { sandboxSecret: string } {
  const secret = randomBytes(32).toString('hex');
  const sandboxVendor = (): TransferVendor | null => {
    const base = deps.sandbox ? deps.selfUrl() : null;
    if (!base) return null;
    return {
      code: SANDBOX_VENDOR_CODE,
      name: SANDBOX_VENDOR_NAME,
      apiBaseUrl: `${base}/sandbox/transfer-vendor`,
      secret,
      status: 'active',
      currency: deps.currency,
    };
  };
  return {
    sandboxSecret: secret,
    find: async (code) => (code === SANDBOX_VENDOR_CODE ? sandboxVendor() : null),
    list: async () => {
      const v = sandboxVendor();
      return v ? [v] : [];
    },
  };
}
