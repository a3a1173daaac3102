import { listVendorTransfers, resolveVendorTransfer } from '@lotus/contracts/vendor';
import type { FastifyInstance } from 'fastify';
import { auditNote } from '../../../plugins/auth-ops';
import { route } from '../../../plugins/route';
import type { TransferOps } from './transfer.ops';

/**
 * Operator API of the transfer-mode vendor wallets (inside the /ops scope; docs/adr/0083): the desk (money.read)
 * and "check now" on a pending transfer (money.write, audited in the settlement's transaction).
 */
export async function transferOpsRoutes(app: FastifyInstance, { transfers }: { transfers: TransferOps }) {
  route(app, listVendorTransfers, async () => transfers.desk());

  route(app, resolveVendorTransfer, async (req) => transfers.resolveNow(req.params.ref, auditNote(req)));
}
