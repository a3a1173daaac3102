import { postVendorLaunch } from '@lotus/contracts/vendor';
import type { FastifyInstance } from 'fastify';
import { memberOf } from '../../plugins/member-auth';
import { rateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import type { VendorService } from './vendor.service';

/** The member's launch (`POST /wps/game/vendorLaunch`, trial members too): a site route. */
export async function vendorLaunchRoutes(app: FastifyInstance, { vendor }: { vendor: Pick<VendorService, 'launch'> }) {
  route(app, postVendorLaunch, { rateLimit: rateLimit.standard }, async (req) =>
    vendor.launch(memberOf(req).id, { ...req.body, language: req.body.language ?? req.ctx.language }),
  );
}
