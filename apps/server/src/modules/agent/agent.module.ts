import type { Database } from '../../db/client';
import type { Executor } from '../../db/tx';
import type { ModuleParts } from '../../platform/module';
import type { Approvals } from '../../platform/approvals/approvals';
import type { MemberStepUp } from '../identity/identity.module';
import type { WalletPost } from '../wallet/wallet.types';
import { agentOpsRoutes } from './agent-ops.routes';
import { createAgentOps } from './agent.ops';
import { agentRoutes } from './agent.routes';
import { createContractRepository } from './contract.repository';
import { createContractService } from './contract.service';
import { createShareService, type ShareService } from './share.service';
import { createTeamRepository } from './team.repository';
import { contractFlagsOf, createTeamService } from './team.service';

/** The scheduled settlement of agent contracts: every minute on one instance (docs/adr/0100). */
export const AGENT_SETTLE_JOB = 'agent-settle';
/** The agents' team figures, rolled up from the ledger every minute (docs/adr/0100). */
export const AGENT_TEAM_ROLLUP_JOB = 'agent-team-rollup';

/**
 * Contract info of member info (3.CON.01), for identity, which is built before this module: the flags read from the
 * agent tables.
 */
export function createContractFlagsReader(database: Pick<Database, 'db'>) {
  return contractFlagsOf(createTeamRepository(database.db));
}

/**
 * The agent (affiliate) system (spec 6, issue 28): Share profit with downline (2.MC.06, 2.MC.07), and the contracts
 * (dividend, daily wage, hourly and real-time salary; docs/adr/0100) with their settlement and bills. Members and the
 * step-up come from identity, team play from the wallet, money moves through the wallet's `post`.
 */
export function createAgentModule(deps: {
  database: Database;
  approvals: Pick<Approvals, 'define' | 'request'>;
  stepUp: Pick<MemberStepUp, 'verifyPaymentPassword' | 'verifySecondFactor'>;
  post: WalletPost;
  /** The turnover multiple of money received (site configuration `withdrawal.turnoverMultiple`; docs/adr/0070). */
  wageringMultiple: () => Promise<number>;
  members: Parameters<typeof createShareService>[0]['members'] & {
    usernamesOf(ids: number[]): Promise<Map<number, string>>;
    memberTree(tx?: Executor): Promise<{ id: number; uplineId: number | null; real: boolean; agent: boolean }[]>;
    makeAgent(id: number, tx: Executor): Promise<boolean>;
    madeBetween(from: Date, to: Date, tx?: Executor): Promise<number[]>;
    referralCodeOf(id: number): Promise<string>;
    teamOf(agentId: number, search: string): Promise<{ id: number; level: number }[]>;
    createDownline(
      agentId: number,
      input: { username: string; password: string; agent: boolean },
      client: { ip: string; userAgent: string },
    ): Promise<{ username: string; isAgent: number }>;
    listDirectDownlines(
      agentId: number | null,
      q: { search: string; limit: number; offset: number },
    ): Promise<{
      rows: { id: number; username: string; status: string; type: number; isAgent: number; createdAt: Date; lastLoginAt: Date | null }[];
      total: number;
    }>;
  };
  activityByMember: Parameters<typeof createTeamService>[0]['activityByMember'];
  agentNotices: Parameters<typeof createTeamService>[0]['agentNotices'];
  depositedBefore: Parameters<typeof createTeamService>[0]['depositedBefore'];
  playByMember(from: Date, to: Date, tx?: Executor): Promise<{ memberId: number; stakes: bigint; wins: bigint }[]>;
  mainBalances: Parameters<typeof createTeamService>[0]['mainBalances'];
  teamBalances: Parameters<typeof createTeamService>[0]['teamBalances'];
  playByMemberGame: Parameters<typeof createTeamService>[0]['playByMemberGame'];
  gameTypes: Parameters<typeof createTeamService>[0]['gameTypes'];
  reverse: Parameters<typeof createContractService>[0]['reverse'];
  now: () => number;
}) {
  const share: ShareService = createShareService(deps);
  const repo = createContractRepository(deps.database.db);
  const contracts = createContractService({ ...deps, repo });
  const team = createTeamService({ ...deps, repo: createTeamRepository(deps.database.db) });
  const ops = createAgentOps({ database: deps.database, contracts, team, approvals: deps.approvals, members: deps.members });
  return {
    share,
    contracts,
    team,
    routes: (app) => agentRoutes(app, { share, contracts, team }),
    opsRoutes: (app) => agentOpsRoutes(app, { ops, approvals: deps.approvals }),
    jobs: [
      { name: AGENT_SETTLE_JOB, handler: async () => void (await contracts.settleDue()), retryLimit: 2, schedule: { everyMs: 60_000 } },
      { name: AGENT_TEAM_ROLLUP_JOB, handler: async () => void (await team.rollupDue()), retryLimit: 2, schedule: { everyMs: 60_000 } },
    ],
  } satisfies ModuleParts & Record<string, unknown>;
}
