import { AppError } from '@lotus/contracts/app-error';
import {
  ZOpsVendorInput,
  ZVendorCode,
  ZVendorStatus,
  type TOpsVendorRow,
  type TOpsVendorWithSecret,
  type TVendorStatus,
} from '@lotus/contracts/vendor';
import type { Database } from '../../db/client';
import type { OpsAuditNote } from '../../platform/audit/ops.audit';
import type { Clock } from '../../platform/clock';
import type { ServerKeys } from '../../platform/keys/server-keys';
import { randomToken } from '../../platform/keys/secrets';
import type { VendorRepository, VendorRow } from './vendor.repository';

/** A registry row as operators see it: never the secret. */
export const vendorView = (row: VendorRow): TOpsVendorRow => ({
  code: row.code,
  name: row.name,
  gameTypes: row.gameTypes,
  walletMode: row.walletMode as TOpsVendorRow['walletMode'],
  launchUrl: row.launchUrl,
  apiBaseUrl: row.apiBaseUrl,
  status: row.status as TVendorStatus,
  currency: row.currency,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A new vendor secret: 32 random bytes, base64url (43 characters). */
const newSecret = () => randomToken(32);

/**
 * Operator use cases of the vendor registry (/ops/vendors/registry, `npm run ops -- vendor ...`):
 * add (the secret is answered once), list (never secrets), set-status, rotate-secret. Every change
 * writes its audit row in the change's transaction; the secret is sealed with the server keys and
 * never written to the audit log.
 */
export function createVendorOps(deps: {
  database: Pick<Database, 'tx'>;
  repo: VendorRepository;
  keys: Pick<ServerKeys, 'seal'>;
  /** Drops the protocol's cached vendor row on this instance (others follow within the cache lifetime). */
  forget: (code: string) => void;
  now: Clock;
}) {
  const { database, repo, keys, forget, now } = deps;

  async function list(): Promise<TOpsVendorRow[]> {
    return (await repo.listVendors()).map(vendorView);
  }

  async function add(input: unknown, note: OpsAuditNote): Promise<TOpsVendorWithSecret> {
    const v = ZOpsVendorInput.parse(input);
    const secret = v.secret ?? newSecret();
    const secretSealed = await keys.seal(secret); // before the transaction: no I/O inside but SQL
    const at = new Date(now());
    const added = await database.tx(async (tx) => {
      const inserted = await repo.insertVendor(
        {
          code: v.code,
          name: v.name,
          gameTypes: v.gameTypes,
          walletMode: v.walletMode,
          launchUrl: v.launchUrl,
          apiBaseUrl: v.apiBaseUrl,
          secretSealed,
          status: v.status,
          currency: v.currency,
          createdAt: at,
          updatedAt: at,
        },
        tx,
      );
      if (!inserted) throw new AppError('vendor_exists', 409);
      const row = await repo.findVendor(v.code, tx);
      const vendor = vendorView(row!);
      await note({ target: `vendor:${v.code}`, after: { ...vendor, secret: v.secret ? 'imported' : 'generated' } });
      return { vendor, secret };
    });
    forget(v.code); // after the commit: a lookup in between cannot cache the old row again
    return added;
  }

  async function setStatus(code: string, status: TVendorStatus, note: OpsAuditNote): Promise<TOpsVendorRow> {
    ZVendorCode.parse(code);
    ZVendorStatus.parse(status);
    const changed = await database.tx(async (tx) => {
      const before = await repo.lockVendor(code, tx);
      if (!before) throw new AppError('vendor_not_found', 404);
      const after = await repo.updateVendor(code, { status, updatedAt: new Date(now()) }, tx);
      await note({ target: `vendor:${code}`, before: { status: before.status }, after: { status } });
      return vendorView(after!);
    });
    forget(code);
    return changed;
  }

  async function rotateSecret(code: string, note: OpsAuditNote): Promise<TOpsVendorWithSecret> {
    ZVendorCode.parse(code);
    const secret = newSecret();
    const secretSealed = await keys.seal(secret);
    const rotated = await database.tx(async (tx) => {
      if (!(await repo.lockVendor(code, tx))) throw new AppError('vendor_not_found', 404);
      const row = await repo.updateVendor(code, { secretSealed, updatedAt: new Date(now()) }, tx);
      await note({ target: `vendor:${code}`, after: { secret: 'rotated' } });
      return { vendor: vendorView(row!), secret };
    });
    forget(code);
    return rotated;
  }

  /**
   * A vendor the platform itself provides (the embedded demo's sandbox transfer vendor and house vendor):
   * added when missing (a new secret), its apiBaseUrl and launchUrl brought to the input's when they
   * differ (the demo's port).
   */
  async function ensure(input: unknown, note: OpsAuditNote): Promise<void> {
    const v = ZOpsVendorInput.parse(input);
    const existing = await repo.findVendor(v.code);
    if (!existing) {
      await add({ ...v, secret: undefined }, note).catch((error: unknown) => {
        if (!(error instanceof AppError && error.message === 'vendor_exists')) throw error;
      });
      return;
    }
    if (existing.apiBaseUrl === v.apiBaseUrl && existing.launchUrl === v.launchUrl) return;
    await database.tx(async (tx) => {
      await repo.updateVendor(v.code, { apiBaseUrl: v.apiBaseUrl, launchUrl: v.launchUrl, updatedAt: new Date(now()) }, tx);
      await note({
        target: `vendor:${v.code}`,
        before: { apiBaseUrl: existing.apiBaseUrl, launchUrl: existing.launchUrl },
        after: { apiBaseUrl: v.apiBaseUrl, launchUrl: v.launchUrl },
      });
    });
    forget(v.code);
  }

  return { list, add, setStatus, rotateSecret, ensure };
}

export type VendorOps = ReturnType<typeof createVendorOps>;
