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
  id: z.number().int(),
  /** 0, or how many times it was settled again after a correction. */
  revision: z.number().int(),
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

// ---------- the tree, disputes and settling a period again (docs/adr/0101) ----------

/** GET /ops/agents/tree: the direct downlines of `upline` (the top-level agents without one), a page of them. */
export const ZOpsAgentTreeQuery = z.object({
  upline: z.string().trim().max(40).regex(/^[A-Za-z0-9_]*$/).default(''),
  search: z.string().trim().max(30).regex(/^[A-Za-z0-9_]*$/).default(''),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const ZOpsAgentTreeNode = z.object({
  username: z.string().max(40),
  isAgent: z.boolean(),
  status: z.string().max(16),
  /** Members below it at any depth, and the agents among them (from the team rollup). */
  teamSize: z.number().int(),
  agents: z.number().int(),
  /** Its main wallet, in the decimal text of every amount ("1234.50"). */
  balance: z.string().max(30),
  createdAt: z.string().max(40),
  lastLoginAt: z.string().max(40).nullable(),
  /** Its active contracts and open offers: kind, cycle, status and the top tier's rate. */
  contracts: z
    .array(
      z.object({
        id: z.number().int(),
        kind: z.enum(AGENT_CONTRACT_KINDS),
        cycle: z.string().max(12),
        status: z.string().max(12),
        topRateBp: z.number().int(),
      }),
    )
    .max(8),
});
export const ZOpsAgentTree = z.object({
  /** From the top-level agent down to `upline` (usernames), for the breadcrumb; empty at the top. */
  path: z.array(z.string().max(40)).max(50),
  list: z.array(ZOpsAgentTreeNode).max(100),
  total: z.number().int(),
});
export type TOpsAgentTree = z.infer<typeof ZOpsAgentTree>;

export const listOpsAgentTree = defineEndpoint({
  method: 'GET',
  path: '/ops/agents/tree',
  tag: 'ops',
  summary: 'The agent tree one level at a time: top-level agents, or the direct downlines of one, with contracts and balances',
  auth: operator('money.read'),
  query: ZOpsAgentTreeQuery,
  response: ZOpsAgentTree,
});

export const ZOpsBillParam = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export const ZOpsPeriodParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** Uphold a disputed bill: it goes back to what it was (a pending or unpaid one is then paid); no money moves. */
export const upholdAgentBill = defineEndpoint({
  method: 'POST',
  path: '/ops/agents/bills/:id/uphold',
  tag: 'ops',
  summary: 'Close a dispute by upholding the bill as settled: it goes back to its status before the dispute',
  auth: operator('money.write', 'agent.bill.uphold'),
  params: ZOpsBillParam,
  body: z.object({ reason: ZOpsReason }),
  response: ZAgentBill,
});

/**
 * Settle a period again after a correction: a four-eyes request; applied, every bill of the period is reversed (a
 * paid one through a ledger reversal) and the period's next revision of bills is written from the ledger as it is
 * now, then paid. Never an edit.
 */
export const requestAgentResettle = defineEndpoint({
  method: 'POST',
  path: '/ops/agents/periods/:id/resettle',
  tag: 'ops',
  summary: 'Settle a period again after a correction (reversals plus new bills): a four-eyes request',
  auth: operator('money.write', 'approval.request'),
  params: ZOpsPeriodParam,
  body: z.object({ reason: ZOpsReason }),
  response: ZOpsAgentRequested,
});
