import {
  approveDeposit,
  createPaymentChannel,
  deletePaymentChannel,
  getDeposit,
  getDepositSlipForOps,
  listDeposits,
  listPaymentChannels,
  rejectDeposit,
  updatePaymentChannel,
} from '@lotus/contracts/cashier';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, auditNote, requesterOf, requiredReason } from '../../plugins/auth-ops';
import { route } from '../../plugins/route';
import type { Approvals } from '../../platform/approvals/approvals';
import type { ChannelOps } from './deposit.ops';
import type { DepositService } from './deposit.service';

const operatorName = (req: FastifyRequest) => actorOf(req).username;

/**
 * Operator API of the cashier: payment channels and deposits (money.read / money.write; changes
 * audited). Where money could go astray on one person's word (a new channel or receiving account, a
 * deposit credited by hand without a slip or above the threshold) the call is a four-eyes request
 * (docs/adr/0081); the direct-mode command line (break-glass) applies at once.
 */
export async function depositOpsRoutes(
  app: FastifyInstance,
  { deposits, channels, approvals }: { deposits: DepositService; channels: ChannelOps; approvals: Pick<Approvals, 'request'> },
) {
  // ---------- payment channels ----------
  route(app, listPaymentChannels, async () => channels.list());

  route(app, createPaymentChannel, async (req) => {
    const requester = requesterOf(req);
    if (!requester || !(await channels.secondOperatorNeeded({ create: req.body }))) return channels.create(req.body, auditNote(req));
    const reason = requiredReason(req.query.reason);
    return approvals.request(requester, 'payment_channel.create', { target: `payment_channel:${req.body.code}`, payload: req.body, reason }, auditNote(req));
  });

  route(app, updatePaymentChannel, async (req) => {
    const requester = requesterOf(req);
    const change = { code: req.params.code, patch: req.body };
    if (!requester || !(await channels.secondOperatorNeeded(change))) return channels.update(req.params.code, req.body, auditNote(req));
    const reason = requiredReason(req.query.reason);
    return approvals.request(requester, 'payment_channel.update', { target: `payment_channel:${req.params.code}`, payload: change, reason }, auditNote(req));
  });

  route(app, deletePaymentChannel, async (req) => channels.remove(req.params.code, auditNote(req)));

  // ---------- deposits ----------
  route(app, listDeposits, async (req) => deposits.listForOps(req.query));

  route(app, getDeposit, async (req) => deposits.getForOps(req.params.id));

  route(app, approveDeposit, async (req) => {
    const requester = requesterOf(req);
    const need = requester ? await deposits.secondOperatorNeeded(req.params.id) : null;
    if (!requester || !need) return deposits.approve(req.params.id, operatorName(req), req.body?.note, auditNote(req));
    const reason = requiredReason(req.body?.note, 'note');
    return approvals.request(
      requester,
      'deposit.approve',
      { target: `deposit:${req.params.id}`, payload: { id: req.params.id, note: reason, ...need }, reason },
      auditNote(req),
    );
  });

  route(app, rejectDeposit, async (req) => deposits.reject(req.params.id, operatorName(req), req.body.reason, auditNote(req)));

  route(app, getDepositSlipForOps, async (req, reply) => {
    const image = await deposits.slipImage(req.params.id, req.params.slipId, null);
    await auditNote(req)({ target: `deposit:${req.params.id}:slip:${req.params.slipId}` });
    return reply.type(image.mime).header('content-disposition', 'inline').send(image.bytes);
  });
}
