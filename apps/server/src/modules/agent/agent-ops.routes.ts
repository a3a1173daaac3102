import { AppError } from '@lotus/contracts/app-error';
import {
  listOpsAgentBills,
  listOpsAgentContracts,
  listOpsAgentPeriods,
  listOpsAgentTree,
  requestAgentResettle,
  requestMakeAgent,
  requestTopContract,
  runAgentSettlement,
  upholdAgentBill,
} from '@lotus/contracts/ops-agents';
import type { FastifyInstance } from 'fastify';
import { auditNote, requesterOf } from '../../plugins/auth-ops';
import { route } from '../../plugins/route';
import type { Approvals } from '../../platform/approvals/approvals';
import type { AgentOps } from './agent.ops';
import { AGENT_CONTRACT_ACTION, AGENT_RESETTLE_ACTION, MAKE_AGENT_ACTION } from './agent.ops';

/**
 * The operators' agent routes (inside the /ops scope; docs/adr/0100). Making an agent and a top-level contract are
 * four-eyes requests, except from the direct-mode command line (the break-glass path, docs/adr/0055).
 */
export async function agentOpsRoutes(
  app: FastifyInstance,
  { ops, approvals }: { ops: AgentOps; approvals: Pick<Approvals, 'request'> },
) {
  route(app, requestMakeAgent, async (req) => {
    const username = req.params.username;
    await ops.assertCanMakeAgent(username);
    const requester = requesterOf(req);
    if (!requester) {
      await ops.makeAgent({ username }, 'direct', auditNote(req));
      return { applied: true as const };
    }
    return approvals.request(
      requester,
      MAKE_AGENT_ACTION,
      { target: `member:${username}`, payload: { username }, reason: req.body.reason },
      auditNote(req),
    );
  });

  route(app, requestTopContract, async (req) => {
    const { reason, ...payload } = req.body;
    await ops.checkTopLevel(payload);
    const requester = requesterOf(req);
    if (!requester) {
      const op = req.operator;
      if (!op) throw new AppError('unauthorized', 401);
      await ops.offerTopLevel(payload, op.username, auditNote(req));
      return { applied: true as const };
    }
    return approvals.request(
      requester,
      AGENT_CONTRACT_ACTION,
      { target: `agent:${payload.agent}:${payload.kind}`, payload, reason },
      auditNote(req),
    );
  });

  route(app, listOpsAgentContracts, async (req) => ops.contracts(req.query));

  route(app, listOpsAgentBills, async (req) => ops.bills(req.query));

  route(app, listOpsAgentPeriods, async () => ops.periods());

  route(app, runAgentSettlement, async (req) => ops.settle(auditNote(req)));

  route(app, listOpsAgentTree, async (req) => ops.tree(req.query));

  route(app, upholdAgentBill, async (req) => {
    const op = req.operator;
    if (!op) throw new AppError('unauthorized', 401);
    return ops.uphold(req.params.id, req.body.reason, op.username, auditNote(req));
  });

  route(app, requestAgentResettle, async (req) => {
    const period = await ops.assertResettle(req.params.id);
    const requester = requesterOf(req);
    if (!requester) {
      const op = req.operator;
      if (!op) throw new AppError('unauthorized', 401);
      await ops.resettle(period.id, req.body.reason, op.username, auditNote(req));
      return { applied: true as const };
    }
    return approvals.request(
      requester,
      AGENT_RESETTLE_ACTION,
      { target: `agent-period:${period.id}`, payload: { period: period.id, reason: req.body.reason }, reason: req.body.reason },
      auditNote(req),
    );
  });
}
