import type { AGENT_BILL_STATUSES, TAgentContractKind } from '@lotus/contracts/agent';
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
  type TOpsTopContract,
  type ZOpsAgentPeriod,
} from '@lotus/contracts/ops-agents';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { opsApi } from '@/lib/api';

/**
 * The calls of the Agents page (issue 28, docs/adr/0100): reads through the query cache (bills and periods refreshed
 * while the page is open: the settlement job runs every minute), writes as plain calls after which the page refreshes
 * its lists. Making an agent, a top-level contract and settling a period again are four-eyes requests (docs/adr/0044).
 * The tree, disputes and settling again: docs/adr/0101.
 */

/** Every query of the page starts with this key: a change refreshes them all. */
export const AGENTS_KEY = ['agents'] as const;
/** Rows per page of the contracts and bills tables. */
export const PAGE_SIZE = 20;

/** A settled period as the periods list gives it (with its id and revision: it can be settled again). */
export type TAgentPeriod = z.infer<typeof ZOpsAgentPeriod>;
export type TAgentBillStatus = (typeof AGENT_BILL_STATUSES)[number];
export type TContractFilter = { agent?: string | undefined; kind?: TAgentContractKind | undefined; pageNo: number };
/** One level of the agent tree: the direct downlines of `upline` ('' = the top-level agents), by username prefix. */
export type TTreeFilter = { upline: string; search: string; pageNo: number };
export type TBillFilter = { agent?: string | undefined; kind?: TAgentContractKind | undefined; status?: TAgentBillStatus | undefined; pageNo: number };

/** GET /ops/agents/contracts?agent&kind&pageNo&pageSize */
export const contractsQueryOptions = (filter: TContractFilter) =>
  queryOptions({
    queryKey: [...AGENTS_KEY, 'contracts', filter],
    queryFn: () => opsApi.call(listOpsAgentContracts, { query: { ...filter, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** GET /ops/agents/tree?upline&search&pageNo&pageSize (an empty upline or search is left out: the server's default). */
export const treeQueryOptions = (filter: TTreeFilter) =>
  queryOptions({
    queryKey: [...AGENTS_KEY, 'tree', filter],
    queryFn: () =>
      opsApi.call(listOpsAgentTree, {
        query: { upline: filter.upline || undefined, search: filter.search || undefined, pageNo: filter.pageNo, pageSize: PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

/** GET /ops/agents/bills?agent&kind&status&pageNo&pageSize */
export const billsQueryOptions = (filter: TBillFilter) =>
  queryOptions({
    queryKey: [...AGENTS_KEY, 'bills', filter],
    queryFn: () => opsApi.call(listOpsAgentBills, { query: { ...filter, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });

/** GET /ops/agents/periods */
export const periodsQueryOptions = () =>
  queryOptions({ queryKey: [...AGENTS_KEY, 'periods'], queryFn: () => opsApi.call(listOpsAgentPeriods), refetchInterval: 60_000 });

/** POST /ops/agents/:username: a four-eyes request from a named operator. */
export const makeAgent = (username: string, reason: string) => opsApi.call(requestMakeAgent, { params: { username }, body: { reason } });
/** POST /ops/agents/contracts: a four-eyes request; the agent then accepts or refuses the offer. */
export const offerTopContract = (body: TOpsTopContract) => opsApi.call(requestTopContract, { body });
/** POST /ops/agents/settle: what the job agent-settle does every minute, now. */
export const settleNow = () => opsApi.call(runAgentSettlement);
/** POST /ops/agents/bills/:id/uphold: closes a dispute, the bill back to its status before it (no money moves now). */
export const upholdBill = (id: number, reason: string) => opsApi.call(upholdAgentBill, { params: { id }, body: { reason } });
/** POST /ops/agents/periods/:id/resettle: a four-eyes request; approved, the period's bills are reversed and written anew. */
export const resettlePeriod = (id: number, reason: string) => opsApi.call(requestAgentResettle, { params: { id }, body: { reason } });
