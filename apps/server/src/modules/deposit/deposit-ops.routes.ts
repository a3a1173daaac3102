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
import { actorOf, auditNote } from '../../plugins/auth-ops';
import { route } from '../../plugins/route';
import type { ChannelOps } from './deposit.ops';
import type { DepositService } from './deposit.service';

const operatorName = (req: FastifyRequest) => actorOf(req).username;

/** Operator API of the cashier: payment channels and deposits (money.read / money.write; changes audited). */
export async function depositOpsRoutes(app: FastifyInstance, { deposits, channels }: { deposits: DepositService; channels: ChannelOps }) {
  // ---------- payment channels ----------
  route(app, listPaymentChannels, async () => channels.list());

  route(app, createPaymentChannel, async (req) => channels.create(req.body, auditNote(req)));

  route(app, updatePaymentChannel, async (req) => channels.update(req.params.code, req.body, auditNote(req)));

  route(app, deletePaymentChannel, async (req) => channels.remove(req.params.code, auditNote(req)));

  // ---------- deposits ----------
  route(app, listDeposits, async (req) => deposits.listForOps(req.query));

  route(app, getDeposit, async (req) => deposits.getForOps(req.params.id));

  route(app, approveDeposit, async (req) => deposits.approve(req.params.id, operatorName(req), req.body?.note, auditNote(req)));

  route(app, rejectDeposit, async (req) => deposits.reject(req.params.id, operatorName(req), req.body.reason, auditNote(req)));

  route(app, getDepositSlipForOps, async (req, reply) => {
    const image = await deposits.slipImage(req.params.id, req.params.slipId, null);
    await auditNote(req)({ target: `deposit:${req.params.id}:slip:${req.params.slipId}` });
    return reply.type(image.mime).header('content-disposition', 'inline').send(image.bytes);
  });
}
