import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { ServerKeys } from '../../platform/keys/server-keys';
import type { ModuleParts } from '../../platform/module';
import { vendorOpsRoutes } from './vendor-ops.routes';
import { createVendorOps } from './vendor.ops';
import { createVendorRepository } from './vendor.repository';
import { vendorLaunchRoutes } from './vendor.routes';
import { createVendorService, type TransferVendorInfo } from './vendor.service';

/** The registry's transfer-mode vendors (walletMode transfer), secrets opened: what the wallet's transfers use. */
export type TransferVendorLookup = {
  find: (code: string) => Promise<TransferVendorInfo | null>;
  list: () => Promise<TransferVendorInfo[]>;
};
/** Adds a vendor the platform provides (or moves its apiBaseUrl), e.g. the demo's sandbox transfer vendor. */
export type VendorProvisioner = (input: unknown) => Promise<void>;

/** A registered vendor as the signed protocol checks it: code, status, currency and its secret, opened. */
export type SignedVendor = { row: { code: string; status: string; currency: string }; secret: string };
/**
 * What the signed protocol (vendor-protocol module) asks of the registry: the vendor of a code (null:
 * unknown), read through the registry's cache, so an operator's status change or secret rotation
 * reaches the protocol at once on this instance.
 */
export type SignedVendorLookup = { vendorOf: (code: string) => Promise<SignedVendor | null> };
/** The launch tokens and vendor sessions the protocol consumes, opens and checks (tables of this module). */
export type VendorSessionStore = {
  /** A session ends after this long without use (housekeeping purges by it too). */
  idleMs: number;
  /** Consumes an unexpired launch token of the vendor (deleted and returned at once): its member, or null. */
  consumeLaunchToken: (tokenHash: string, vendorCode: string, at: Date) => Promise<{ memberId: number } | null>;
  open: (row: { tokenHash: string; vendorCode: string; memberId: number; createdAt: Date; lastUsedAt: Date }) => Promise<void>;
  find: (tokenHash: string) => Promise<{ vendorCode: string; memberId: number; lastUsedAt: Date } | null>;
  /** Moves the session's last use forward (never back). */
  touch: (tokenHash: string, at: Date) => Promise<void>;
};

/**
 * Game vendors (docs/vendor-protocol.md): the registry and its operator commands, the directory the
 * catalogue reads, the member's launch, the transfer-mode vendors and provisioning the wallet uses, the
 * lookups the signed protocol (module vendor-protocol, built later) reads, and the housekeeping of launch
 * tokens and sessions. Needs no other module.
 */
export function createVendorModule(deps: { database: Database; keys: Pick<ServerKeys, 'seal' | 'open'>; now: Clock }) {
  const { database, keys, now } = deps;
  const repo = createVendorRepository(database.db);
  const service = createVendorService({ database, repo, keys, now });
  const ops = createVendorOps({ database, repo, keys, forget: service.forget, now });
  const transferVendors: TransferVendorLookup = { find: service.findTransferVendor, list: service.listTransferVendors };
  // A platform-provided vendor is set up like the demo data (db/seed.ts): no operator, no audit row.
  const provisionVendor: VendorProvisioner = (input) => ops.ensure(input, async () => undefined);
  /** The registry as the catalogue reads it: every vendor's status, one vendor's status, and the launch. */
  const directory = {
    list: async () => (await repo.listVendors()).map((r) => ({ code: r.code, status: r.status, name: r.name, launchUrl: r.launchUrl })),
    status: async (code: string) => (/^[A-Z0-9]{2,16}$/.test(code) ? ((await service.vendorOf(code))?.row.status ?? null) : null),
    launch: service.launch,
  };
  const signedVendors: SignedVendorLookup = { vendorOf: service.vendorOf };
  const sessions: VendorSessionStore = service.sessions;
  return {
    service,
    ops,
    directory,
    transferVendors,
    provisionVendor,
    signedVendors,
    sessions,
    jobs: [
      {
        name: 'vendor-housekeeping',
        handler: service.housekeeping,
        retryLimit: 2,
        schedule: { everyMs: 10 * 60_000 },
      },
    ],
    routes: (app) => vendorLaunchRoutes(app, { vendor: service }),
    opsRoutes: (app) => vendorOpsRoutes(app, { vendors: ops }),
  } satisfies ModuleParts & Record<string, unknown>;
}
