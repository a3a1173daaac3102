import {
  ZDepositIdParam,
  ZOpsChannelCodeParam,
  ZOpsDepositApprove,
  ZOpsDepositList,
  ZOpsDepositListQuery,
  ZOpsDepositReject,
  ZOpsDepositRow,
  ZOpsPaymentChannel,
  ZOpsPaymentChannelInput,
  ZOpsPaymentChannelList,
  ZOpsPaymentChannelPatch,
  ZSlipParam,
} from '@lotus/contracts/cashier';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/http';
import { actorOf, auditNote } from '../../plugins/auth-ops';
import type { ChannelOps } from './deposit.ops';
import type { DepositService } from './deposit.service';

const operatorName = (req: FastifyRequest) => actorOf(req).username;

/** Operator API of the cashier: payment channels and deposits (money.read / money.write; changes audited). */
export async function depositOpsRoutes(
  fastify: FastifyInstance,
  { deposits, channels }: { deposits: DepositService; channels: ChannelOps },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['ops'];
  const security = [{ operator: [] }];

  // ---------- payment channels ----------
  app.get(
    '/ops/payment-channels',
    {
      config: { ops: { permission: 'money.read' } },
      schema: { tags, security, summary: 'Payment channels (every status), in sort order', response: responses(ZOpsPaymentChannelList) },
    },
    async () => ok(await channels.list()),
  );

  app.post(
    '/ops/payment-channels',
    {
      config: { ops: { permission: 'money.write', audit: 'payment_channel.create' } },
      schema: {
        tags,
        security,
        summary: 'Add a channel: bank_transfer (receiving account) or psp (adapter); limits in decimal amounts',
        body: ZOpsPaymentChannelInput,
        response: responses(ZOpsPaymentChannel),
      },
    },
    async (req) => ok(await channels.create(req.body, auditNote(req))),
  );

  app.put(
    '/ops/payment-channels/:code',
    {
      config: { ops: { permission: 'money.write', audit: 'payment_channel.update' } },
      schema: {
        tags,
        security,
        summary: 'Change a channel (names, account, adapter, limits, status, sort)',
        params: ZOpsChannelCodeParam,
        body: ZOpsPaymentChannelPatch,
        response: responses(ZOpsPaymentChannel),
      },
    },
    async (req) => ok(await channels.update(req.params.code, req.body, auditNote(req))),
  );

  app.delete(
    '/ops/payment-channels/:code',
    {
      config: { ops: { permission: 'money.write', audit: 'payment_channel.delete' } },
      schema: {
        tags,
        security,
        summary: 'Remove a channel no deposit used (a used one answers conflict: disable it instead)',
        params: ZOpsChannelCodeParam,
        response: responses(z.object({ removed: z.literal(true) })),
      },
    },
    async (req) => ok(await channels.remove(req.params.code, auditNote(req))),
  );

  // ---------- deposits ----------
  app.get(
    '/ops/deposits',
    {
      config: { ops: { permission: 'money.read' } },
      schema: {
        tags,
        security,
        summary: 'Deposits, newest first; filter by status, member id, channel',
        querystring: ZOpsDepositListQuery,
        response: responses(ZOpsDepositList),
      },
    },
    async (req) => ok(await deposits.listForOps(req.query)),
  );

  app.get(
    '/ops/deposits/:id',
    {
      config: { ops: { permission: 'money.read' } },
      schema: { tags, security, summary: 'One deposit', params: ZDepositIdParam, response: responses(ZOpsDepositRow) },
    },
    async (req) => ok(await deposits.getForOps(req.params.id)),
  );

  app.post(
    '/ops/deposits/:id/approve',
    {
      config: { ops: { permission: 'money.write', audit: 'deposit.approve' } },
      schema: {
        tags,
        security,
        summary: 'Approve: the member is credited exactly once and gets the deposit-arrival message',
        params: ZDepositIdParam,
        body: ZOpsDepositApprove.optional(),
        response: responses(ZOpsDepositRow),
      },
    },
    async (req) => ok(await deposits.approve(req.params.id, operatorName(req), req.body?.note, auditNote(req))),
  );

  app.post(
    '/ops/deposits/:id/reject',
    {
      config: { ops: { permission: 'money.write', audit: 'deposit.reject' } },
      schema: {
        tags,
        security,
        summary: 'Reject with a reason: the member gets the deposit-failed message',
        params: ZDepositIdParam,
        body: ZOpsDepositReject,
        response: responses(ZOpsDepositRow),
      },
    },
    async (req) => ok(await deposits.reject(req.params.id, operatorName(req), req.body.reason, auditNote(req))),
  );

  app.get(
    '/ops/deposits/:id/slips/:slipId',
    {
      config: { ops: { permission: 'money.read', audit: 'deposit.slip.read' } },
      schema: { tags, security, summary: 'A slip image (the image bytes); each read is audited', params: ZSlipParam },
    },
    async (req, reply) => {
      const image = await deposits.slipImage(req.params.id, req.params.slipId, null);
      await auditNote(req)({ target: `deposit:${req.params.id}:slip:${req.params.slipId}` });
      return reply.type(image.mime).header('content-disposition', 'inline').send(image.bytes);
    },
  );
}
