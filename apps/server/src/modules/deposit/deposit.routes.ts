import {
  SLIP_BASE64_MAX,
  getCashierChannels,
  getDepositSlip,
  getDeposits,
  getMemberDeposit,
  postDeposit,
  postDepositSlip,
  postPspCallback,
} from '@lotus/contracts/cashier';
import type { FastifyInstance } from 'fastify';
import { memberOf } from '../../plugins/member-auth';
import { rateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import type { DepositService } from './deposit.service';

/** Bodies carrying a slip image: the largest base64 slip and the other fields (the app default is 1 MB). */
export const SLIP_BODY_LIMIT = SLIP_BASE64_MAX + 16 * 1024;
/** A PSP callback body is small. */
const CALLBACK_BODY_LIMIT = 64 * 1024;

/** Cashier deposits (2.MC.04 depositv2; real accounts only, 5.GATE.04/05) and the PSP callback entry. */
export async function depositRoutes(app: FastifyInstance, { deposits }: { deposits: DepositService }) {
  route(app, getCashierChannels, async (req) => deposits.channelsFor(memberOf(req).id));

  route(app, postDeposit, { bodyLimit: SLIP_BODY_LIMIT, rateLimit: rateLimit.cashier }, async (req) =>
    deposits.create(memberOf(req).id, req.body),
  );

  route(app, getDeposits, async (req) => deposits.listOfMember(memberOf(req).id, req.query));

  route(app, getMemberDeposit, async (req) => deposits.oneOfMember(memberOf(req).id, req.params.id));

  route(app, postDepositSlip, { bodyLimit: SLIP_BODY_LIMIT, rateLimit: rateLimit.cashier }, async (req) =>
    deposits.addSlip(memberOf(req).id, req.params.id, req.body.image),
  );

  route(app, getDepositSlip, async (req, reply) => {
    const image = await deposits.slipImage(req.params.id, req.params.slipId, memberOf(req).id);
    return reply.type(image.mime).header('content-disposition', 'inline').send(image.bytes);
  });

  // ---------- PSP server-to-server callbacks: the raw body is what the signature covers ----------
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT }, (_req, text, done) =>
      done(null, String(text)),
    );
    // The signed body is checked byte for byte; JSON may carry line breaks.
    route(scope, postPspCallback, { multiline: true }, async (req) =>
      deposits.pspCallback(req.params.adapter, String(req.body ?? ''), req.headers),
    );
  });
}
