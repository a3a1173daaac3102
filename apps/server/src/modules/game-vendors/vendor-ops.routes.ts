import { addVendor, listVendorRegistry, rotateVendorSecret, setVendorStatus } from '@lotus/contracts/vendor';
import type { FastifyInstance } from 'fastify';
import { auditNote } from '../../plugins/auth-ops';
import { route } from '../../plugins/route';
import type { VendorOps } from './vendor.ops';

/**
 * Operator API of the vendor registry (registered inside the /ops scope: credential, permission,
 * audit). `/ops/vendors` itself is the home page's display list (content collections); the
 * registry that signs wallet calls is `/ops/vendors/registry`. Secrets are answered only by add and
 * rotate-secret, once.
 */
export async function vendorOpsRoutes(app: FastifyInstance, { vendors }: { vendors: VendorOps }) {
  route(app, listVendorRegistry, async () => vendors.list());

  route(app, addVendor, async (req) => vendors.add(req.body, auditNote(req)));

  route(app, setVendorStatus, async (req) => vendors.setStatus(req.params.code, req.body.status, auditNote(req)));

  route(app, rotateVendorSecret, async (req) => vendors.rotateSecret(req.params.code, auditNote(req)));
}
