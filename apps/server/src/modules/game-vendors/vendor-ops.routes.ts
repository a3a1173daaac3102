import {
  ZOpsVendorCodeParam,
  ZOpsVendorInput,
  ZOpsVendorList,
  ZOpsVendorRow,
  ZOpsVendorStatusInput,
  ZOpsVendorWithSecret,
} from '@lotus/contracts/vendor';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http';
import { auditNote } from '../../plugins/auth-ops';
import type { VendorOps } from './vendor.ops';

/**
 * Operator API of the vendor registry (registered inside the /ops scope: credential, permission,
 * audit). `/ops/vendors` itself is the home page's display list (content collections); the
 * registry that signs wallet calls is `/ops/vendors/registry`. Secrets are answered only by add and
 * rotate-secret, once.
 */
export async function vendorOpsRoutes(fastify: FastifyInstance, { vendors }: { vendors: VendorOps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['ops'];
  const security = [{ operator: [] }];

  app.get(
    '/ops/vendors/registry',
    {
      config: { ops: { permission: 'vendors.read' } },
      schema: { tags, security, summary: 'Game vendor registry (never secrets)', response: responses(ZOpsVendorList) },
    },
    async () => ok(await vendors.list()),
  );

  app.post(
    '/ops/vendors/registry',
    {
      config: { ops: { permission: 'vendors.write', audit: 'vendors.add' } },
      schema: {
        tags,
        security,
        summary: 'Add a game vendor; its secret is answered this once',
        body: ZOpsVendorInput,
        response: responses(ZOpsVendorWithSecret),
      },
    },
    async (req) => ok(await vendors.add(req.body, auditNote(req))),
  );

  app.put(
    '/ops/vendors/registry/:code/status',
    {
      config: { ops: { permission: 'vendors.write', audit: 'vendors.status' } },
      schema: {
        tags,
        security,
        summary: 'Set a vendor active, in maintenance or disabled',
        params: ZOpsVendorCodeParam,
        body: ZOpsVendorStatusInput,
        response: responses(ZOpsVendorRow),
      },
    },
    async (req) => ok(await vendors.setStatus(req.params.code, req.body.status, auditNote(req))),
  );

  app.post(
    '/ops/vendors/registry/:code/rotate-secret',
    {
      config: { ops: { permission: 'vendors.write', audit: 'vendors.rotate_secret' } },
      schema: {
        tags,
        security,
        summary: 'Replace a vendor secret; the new one is answered this once and the old one stops working',
        params: ZOpsVendorCodeParam,
        response: responses(ZOpsVendorWithSecret),
      },
    },
    async (req) => ok(await vendors.rotateSecret(req.params.code, auditNote(req))),
  );
}
