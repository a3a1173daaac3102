import {
  SLIP_BASE64_MAX,
  ZCashierChannelList,
  ZDeposit,
  ZDepositCreate,
  ZDepositCreated,
  ZDepositIdParam,
  ZDepositListQuery,
  ZDepositPage,
  ZPspAdapterParam,
  ZPspCallbackAck,
  ZSlipParam,
  ZSlipUpload,
} from '@lotus/contracts/cashier';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http';
import { memberOf } from '../../plugins/member-auth';
import { rateLimit } from '../../plugins/rate-limit';
import type { DepositService } from './deposit.service';

/** Bodies carrying a slip image: the largest base64 slip and the other fields (the app default is 1 MB). */
export const SLIP_BODY_LIMIT = SLIP_BASE64_MAX + 16 * 1024;
/** A PSP callback body is small. */
const CALLBACK_BODY_LIMIT = 64 * 1024;

/** Cashier deposits (2.MC.04 depositv2; real accounts only, 5.GATE.04/05) and the PSP callback entry. */
export async function depositRoutes(fastify: FastifyInstance, { deposits }: { deposits: DepositService }) {
  const tags = ['cashier'];
  const security = [{ member: [] }];

  // ---------- members: real accounts only (trial: 403 in_need_true_account) ----------
  await fastify.register(async (scope) => {
    scope.addHook('onRequest', scope.requireRealMember);
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/wps/cashier/channels',
      {
        schema: {
          tags,
          security,
          summary: 'Payment channels the member can deposit through, with limits and what is left today',
          response: responses(ZCashierChannelList),
        },
      },
      async (req) => ok(await deposits.channelsFor(memberOf(req).id)),
    );

    app.post(
      '/wps/cashier/deposits',
      {
        bodyLimit: SLIP_BODY_LIMIT,
        config: { rateLimit: rateLimit.cashier },
        schema: {
          tags,
          security,
          summary:
            'Create a deposit: a bank transfer (amount, transfer time, reference, optional slip image) awaits approval; a PSP deposit answers the hosted payment page URL',
          body: ZDepositCreate,
          response: responses(ZDepositCreated),
        },
      },
      async (req) => ok(await deposits.create(memberOf(req).id, req.body)),
    );

    app.get(
      '/wps/cashier/deposits',
      {
        schema: {
          tags,
          security,
          summary: 'The member deposits, newest first, with their status',
          querystring: ZDepositListQuery,
          response: responses(ZDepositPage),
        },
      },
      async (req) => ok(await deposits.listOfMember(memberOf(req).id, req.query)),
    );

    app.post(
      '/wps/cashier/deposits/:id/slips',
      {
        bodyLimit: SLIP_BODY_LIMIT,
        config: { rateLimit: rateLimit.cashier },
        schema: {
          tags,
          security,
          summary: 'Add a slip image (png or jpg by content, at most 5 MB, at most 3 per deposit) to a bank transfer awaiting approval',
          params: ZDepositIdParam,
          body: ZSlipUpload,
          response: responses(ZDeposit),
        },
      },
      async (req) => ok(await deposits.addSlip(memberOf(req).id, req.params.id, req.body.image)),
    );

    app.get(
      '/wps/cashier/deposits/:id/slips/:slipId',
      { schema: { tags, security, summary: 'A slip image of one of the member deposits (the image bytes)', params: ZSlipParam } },
      async (req, reply) => {
        const image = await deposits.slipImage(req.params.id, req.params.slipId, memberOf(req).id);
        return reply.type(image.mime).header('content-disposition', 'inline').send(image.bytes);
      },
    );
  });

  // ---------- PSP server-to-server callbacks: the raw body is what the signature covers ----------
  await fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT }, (_req, text, done) =>
      done(null, String(text)),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/wps/cashier/psp/:adapter/callback',
      {
        // The signed body is checked byte for byte; JSON may carry line breaks.
        config: { multiline: true },
        schema: {
          tags,
          summary:
            'PSP callback: HMAC-SHA256 over "<timestamp>.<raw body>" in x-psp-signature, x-psp-timestamp within 5 minutes; a replay of the same body changes nothing',
          params: ZPspAdapterParam,
          response: responses(ZPspCallbackAck),
        },
      },
      async (req) => ok(await deposits.pspCallback(req.params.adapter, String(req.body ?? ''), req.headers)),
    );
  });
}
