import {
  createDownline,
  disputeAgentBill,
  getDownlines,
  getTeamDays,
  getTeamOverview,
  getTeamProfit,
  listTeamMembers,
  listAgentBills,
  listAgentContracts,
  listAgentNotices,
  offerAgentContract,
  postShare,
  PROCESS_CALLS,
  type TAgentContractKind,
} from '@lotus/contracts/agent';
import type { FastifyInstance } from 'fastify';
import { memberOf } from '../../plugins/member-auth';
import { rateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import { clientOf } from '../../platform/client-info';
import type { ContractService } from './contract.service';
import type { ShareService } from './share.service';
import type { TeamService } from './team.service';

/** The agent's member routes (agents with a real-money account: contracts/agent.ts says who may call each). */
export async function agentRoutes(
  app: FastifyInstance,
  { share, contracts, team }: { share: ShareService; contracts: ContractService; team: TeamService },
) {
  route(app, getDownlines, async (req) => share.downlines(memberOf(req).id, req.query));

  route(app, postShare, { rateLimit: rateLimit.password }, async (req) => share.share(memberOf(req).id, req.body, clientOf(req)));

  route(app, listAgentContracts, async (req) => contracts.myContracts(memberOf(req).id));

  route(app, offerAgentContract, async (req) => contracts.offer(memberOf(req).id, req.body));

  route(app, listAgentBills, async (req) => contracts.myBills(memberOf(req).id, req.query));

  route(app, disputeAgentBill, async (req) => contracts.dispute(memberOf(req).id, req.params.id, req.body.reason));

  route(app, getTeamOverview, async (req) => team.overview(memberOf(req).id, req.query.range));

  route(app, listTeamMembers, async (req) => team.teamMembers(memberOf(req).id, req.query));

  route(app, listAgentNotices, async (req) => team.notices(memberOf(req).id, req.ctx.language));

  route(app, getTeamDays, async (req) => team.teamDays(memberOf(req).id, req.query));

  route(app, getTeamProfit, async (req) => team.teamProfit(memberOf(req).id, req.query));

  route(app, createDownline, { rateLimit: rateLimit.password }, async (req) => team.createDownline(memberOf(req).id, req.body, clientOf(req)));

  // The four process calls (7.RELAY.16-19): each answers an offer of its own kind.
  for (const [kind, endpoint] of Object.entries(PROCESS_CALLS) as [TAgentContractKind, (typeof PROCESS_CALLS)[TAgentContractKind]][]) {
    route(app, endpoint, async (req) => contracts.answer(memberOf(req).id, kind, req.query));
  }
}
