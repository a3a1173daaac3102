import { AppError } from '@lotus/contracts/app-error';
import { formatMinor } from '@lotus/contracts/money';
import { MAX_STUCK_LISTED, type TOpsTransfer, type TOpsTransferDesk, type TOpsTransferVendor } from '@lotus/contracts/vendor';
import type { OpsAuditNote } from '../../../platform/audit/ops.audit';
import type { TransferRepository, TransferRow } from './transfer.repository';
import { SWEEP_AFTER_MS, type TransferService } from './transfer.service';
import type { TransferVendorSource } from './transfer.types';

/** A member's username (identity, built after the wallet: set by services.ts). */
export type UsernameOf = (memberId: number) => Promise<string | null>;

const transferView = (row: TransferRow, username: string | null): TOpsTransfer => ({
  ref: row.id,
  vendor: row.vendor,
  memberId: row.memberId,
  username,
  direction: row.direction as TOpsTransfer['direction'],
  amount: formatMinor(row.amount),
  status: row.status as TOpsTransfer['status'],
  createdAt: row.createdAt.toISOString(),
  attempts: row.attempts,
  lastError: row.lastError,
});

/** What the audit row keeps of a transfer before and after a check. */
const auditView = (row: TransferRow) => ({ status: row.status, attempts: row.attempts, lastError: row.lastError });

/**
 * Operator use cases of the transfer-mode vendor wallets (docs/adr/0083; /ops/vendors/transfers): what the
 * ledger holds at each vendor, pending and stuck transfers, and "check now" on a stuck transfer, which runs
 * the resolve job's own status check (`TransferService.check`): the vendor's word settles it, never the
 * operator's.
 */
export function createTransferOps(deps: {
  repo: Pick<TransferRepository, 'get' | 'heldByVendor' | 'pendingByVendor' | 'stuckOf'>;
  transfers: Pick<TransferService, 'check'>;
  vendors: TransferVendorSource;
  usernameOf: () => UsernameOf;
  now: () => number;
}) {
  const { repo } = deps;

  async function withNames(rows: TransferRow[]): Promise<TOpsTransfer[]> {
    const names = new Map<number, string | null>();
    for (const r of rows) if (!names.has(r.memberId)) names.set(r.memberId, await deps.usernameOf()(r.memberId));
    return rows.map((r) => transferView(r, names.get(r.memberId) ?? null));
  }

  /** Every transfer-mode vendor (and any vendor the ledger still holds money at or has transfers pending with). */
  async function desk(): Promise<TOpsTransferDesk> {
    const stuckBefore = new Date(deps.now() - SWEEP_AFTER_MS);
    const [registry, held, pending] = await Promise.all([deps.vendors.list(), repo.heldByVendor(), repo.pendingByVendor(stuckBefore)]);
    const known = new Map(registry.map((v) => [v.code, v] as const));
    const codes = [...new Set([...known.keys(), ...held.keys(), ...pending.keys()])].sort();
    const vendors: TOpsTransferVendor[] = [];
    for (const code of codes) {
      const v = known.get(code);
      const h = held.get(code) ?? { held: 0n, wallets: 0 };
      const p = pending.get(code) ?? { count: 0, amount: 0n, stuck: 0 };
      if (!v && h.held === 0n && p.count === 0) continue;
      vendors.push({
        vendor: code,
        name: v?.name.slice(0, 80) ?? code,
        status: v?.status ?? null,
        held: formatMinor(h.held),
        wallets: h.wallets,
        pendingCount: p.count,
        pendingAmount: formatMinor(p.amount),
        stuckCount: p.stuck,
        stuck: p.stuck > 0 ? await withNames(await repo.stuckOf(code, stuckBefore, MAX_STUCK_LISTED)) : [],
      });
    }
    return { stuckAfterSeconds: SWEEP_AFTER_MS / 1000, vendors };
  }

  /**
   * Asks the vendor now (the resolve job's check) and answers the transfer after it: settled by the vendor's
   * word, or still pending with one more attempt when the vendor cannot tell. The audit row is written in the
   * settlement's transaction. An unknown ref is 404 transfer_not_found; a settled one 409 transfer_not_pending.
   */
  async function resolveNow(ref: string, note: OpsAuditNote): Promise<TOpsTransfer> {
    const row = await repo.get(ref);
    if (!row) throw new AppError('transfer_not_found', 404);
    if (row.status !== 'pending') throw new AppError('transfer_not_pending', 409);
    const target = `transfer:${ref}:${row.vendor}:member:${row.memberId}`;
    const result = await deps.transfers.check(ref, ({ before, after }) => note({ target, before: auditView(before), after: auditView(after) }));
    if (result.outcome === 'not_pending') throw new AppError('transfer_not_pending', 409);
    if (result.outcome === 'no_vendor') throw new AppError('transfer_vendor_unknown', 409);
    const after = (await repo.get(ref)) ?? result.row;
    return (await withNames([after]))[0]!;
  }

  return { desk, resolveNow };
}

export type TransferOps = ReturnType<typeof createTransferOps>;
