import { z } from 'zod';
import {
  ZAgentBill,
  ZAgentContract,
  ZAgentContractTerms,
  AGENT_CONTRACT_KINDS,
  AGENT_BILL_STATUSES,
} from './agent';
import { defineEndpoint, operator } from './endpoint';
import { ZOpsApprovalRequested, ZOpsReason } from './ops-operators';

/**
 * The operators' side of the agent system (issue 28, docs/adr/0100): making a member an agent and giving a
 * top-level agent its contract are power and money, so each is a four-eyes request (docs/adr/0044) that a
 * second operator approves; the lists are reads.
 */
const username = z.string().trim().min(1).max(40);
export const ZOpsAgentParam = z.object({ username });

export const ZOpsMakeAgent = z.object({ reason: ZOpsReason });
/** A four-eyes request, or (the direct-mode command line, the break-glass path of docs/adr/0055) applied at once. */
export const ZOpsAgentRequested = z.union([ZOpsApprovalRequested, z.object({ applied: z.literal(true) })]);
export const ZOpsTopContract = ZAgentContractTerms.extend({ agent: username, reason: ZOpsReason });
export type TOpsTopContract = z.infer<typeof ZOpsTopContract>;

export const ZOpsAgentContractQuery = z.object({
  agent: username.optional(),
  kind: z.enum(AGENT_CONTRACT_KINDS).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const ZOpsAgentContracts = z.object({
  list: z.array(ZAgentContract).max(100),
  total: z.number().int(),
});

export const ZOpsAgentBillQuery = z.object({
  agent: username.optional(),
  kind: z.enum(AGENT_CONTRACT_KINDS).optional(),
  status: z.enum(AGENT_BILL_STATUSES).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const ZOpsAgentBills = z.object({ list: z.array(ZAgentBill).max(100), total: z.number().int() });

/** The settlement's periods: what ran, when, and what is still to come (the catch-up after downtime). */
export const ZOpsAgentPeriod = z.object({
  kind: z.enum(AGENT_CONTRACT_KINDS),
  cycle: z.string().max(12),
  startsAt: z.string().max(40),
  endsAt: z.string().max(40),
  status: z.string().max(12),
  bills: z.number().int(),
  startedAt: z.string().max(40),
  finishedAt: z.string().max(40).nullable(),
});
export const ZOpsAgentPeriods = z.object({ list: z.array(ZOpsAgentPeriod).max(100) });

export const requestMakeAgent = defineEndpoint({
  method: 'POST',
  path: '/ops/agents/:username',
  tag: 'ops',
  summary: 'Make a member an agent: a four-eyes request, applied when a second operator approves',
  auth: operator('members.write', 'approval.request'),
  params: ZOpsAgentParam,
  body: ZOpsMakeAgent,
  response: ZOpsAgentRequested,
});

export const requestTopContract = defineEndpoint({
  method: 'POST',
  path: '/ops/agents/contracts',
  tag: 'ops',
  summary:
    'Offer a top-level agent its contract (paid by the platform): a four-eyes request; the agent then accepts or refuses',
  auth: operator('money.write', 'approval.request'),
  body: ZOpsTopContract,
  response: ZOpsAgentRequested,
});

export const listOpsAgentContracts = defineEndpoint({
  method: 'GET',
  path: '/ops/agents/contracts',
  tag: 'ops',
  summary: 'Agent contracts, newest first',
  auth: operator('money.read'),
  query: ZOpsAgentContractQuery,
  response: ZOpsAgentContracts,
});

export const listOpsAgentBills = defineEndpoint({
  method: 'GET',
  path: '/ops/agents/bills',
  tag: 'ops',
  summary: 'Agent bills with their calculation, newest first',
  auth: operator('money.read'),
  query: ZOpsAgentBillQuery,
  response: ZOpsAgentBills,
});

export const listOpsAgentPeriods = defineEndpoint({
  method: 'GET',
  path: '/ops/agents/periods',
  tag: 'ops',
  summary: 'The latest settled periods of each kind',
  auth: operator('money.read'),
  response: ZOpsAgentPeriods,
});

/** What one settlement run did. */
export const ZOpsAgentSettleRun = z.object({
  periods: z.number().int(),
  bills: z.number().int(),
  paid: z.number().int(),
  unpaid: z.number().int(),
});

export const runAgentSettlement = defineEndpoint({
  method: 'POST',
  path: '/ops/agents/settle',
  tag: 'ops',
  summary:
    'Run the settlement now (what the job agent-settle does every minute): every ended period not settled yet, once, then the open bills',
  auth: operator('money.write', 'agent.settle'),
  response: ZOpsAgentSettleRun,
});
