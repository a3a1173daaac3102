import { isAgentAccount, isTrialAccount } from '@lotus/contracts/accounts';
import { ZAgentContractTerms } from '@lotus/contracts/agent';
import { AppError } from '@lotus/contracts/app-error';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/tx';
import type { Approvals } from '../../platform/approvals/approvals';
import type { OpsAuditNote } from '../../platform/audit/ops.audit';
import type { ContractService } from './contract.service';
import type { TeamService } from './team.service';
import type { MemberSummary } from './share.service';

/** The four-eyes actions of the agent system (docs/adr/0044, 0100). */
export const MAKE_AGENT_ACTION = 'agent.make';
export const AGENT_CONTRACT_ACTION = 'agent.contract.offer';
/** Settling a period again after a correction moves money back and forth: a second operator approves it. */
export const AGENT_RESETTLE_ACTION = 'agent.period.resettle';

const ZTopContract = ZAgentContractTerms.extend({ agent: z.string().trim().min(1).max(40) });

/** The operators' use cases of the agent system: make an agent, offer a top-level contract, the lists. */
export function createAgentOps(deps: {
  database: Pick<Database, 'tx'>;
  contracts: ContractService;
  team: Pick<TeamService, 'opsTree'>;
  approvals: Pick<Approvals, 'define'>;
  members: {
    memberSummaryByUsername(username: string): Promise<MemberSummary | null>;
    makeAgent(id: number, tx: Executor): Promise<boolean>;
  };
}) {
  const { contracts, members } = deps;

  async function assertCanMakeAgent(username: string) {
    const m = await members.memberSummaryByUsername(username);
    if (!m || isTrialAccount(m) || m.status !== 'active') throw new AppError('not_found', 404);
    if (isAgentAccount(m)) throw new AppError('agent_already', 409);
    return m;
  }

  async function makeAgent({ username }: { username: string }, _approver: string, note: OpsAuditNote) {
    const m = await assertCanMakeAgent(username);
    return deps.database.tx(async (tx) => {
      await members.makeAgent(m.id, tx);
      await note({ target: `member:${m.username}`, before: { isAgent: m.isAgent }, after: { isAgent: 1 } });
      return { applied: true as const };
    });
  }

  deps.approvals.define({
    action: MAKE_AGENT_ACTION,
    approverPermission: 'members.write',
    payload: z.object({ username: z.string().trim().min(1).max(40) }),
    onePendingPerTarget: true,
    apply: (payload, note, approver) => makeAgent(payload, approver.username, note),
  });
  deps.approvals.define({
    action: AGENT_CONTRACT_ACTION,
    approverPermission: 'money.write',
    payload: ZTopContract,
    onePendingPerTarget: true,
    apply: (payload, note, approver) => contracts.offerTopLevel(payload, approver.username, note),
  });

  deps.approvals.define({
    action: AGENT_RESETTLE_ACTION,
    approverPermission: 'money.write',
    payload: z.object({ period: z.number().int().min(1), reason: z.string().trim().min(1).max(500) }),
    onePendingPerTarget: true,
    apply: (payload, note, approver) => contracts.resettle(payload.period, payload.reason, approver.username, note),
  });

  return {
    assertCanMakeAgent,
    makeAgent,
    checkTopLevel: (input: z.infer<typeof ZTopContract>) => contracts.checkTopLevel(input),
    offerTopLevel: (input: z.infer<typeof ZTopContract>, approver: string, note: OpsAuditNote) =>
      contracts.offerTopLevel(input, approver, note),
    contracts: contracts.opsContracts,
    bills: contracts.opsBills,
    periods: contracts.opsPeriods,
    tree: deps.team.opsTree,
    uphold: contracts.uphold,
    assertResettle: contracts.assertResettle,
    resettle: contracts.resettle,
    /** A run of the settlement on the operator's request; the audit row records what it did. */
    async settle(note: OpsAuditNote) {
      const run = await contracts.settleDue();
      await note({ target: 'agent-settlement', after: run });
      return run;
    },
  };
}

export type AgentOps = ReturnType<typeof createAgentOps>;
