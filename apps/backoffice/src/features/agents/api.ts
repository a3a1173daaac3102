import type { AGENT_BILL_STATUSES, TAgentContractKind } from '@lotus/contracts/agent';
import {
  listOpsAgentBills,
  listOpsAgentContracts,
  listOpsAgentPeriods,
  requestMakeAgent,
  requestTopContract,
  runAgentSettlement,
  type TOpsTopContract,
} from '@lotus/contracts/ops-agents';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { opsApi } from '@/lib/api';

/**
 * The calls of the Agents page (issue 28, docs/adr/0100): reads through the query cache (bills and periods refreshed
 * while the page is open: the settlement job runs every minute), writes as plain calls after which the page refreshes
 * its lists. Making an agent and a top-level contract are four-eyes requests (docs/adr/0044).
 */

/** Every query of the page starts with this key: a change refreshes them all. */
export const AGENTS_KEY = ['agents'] as const;
/** Rows per page of the contracts and bills tables. */
export const PAGE_SIZE = 20;

export type TAgentBillStatus = (typeof AGENT_BILL_STATUSES)[number];
export type TContractFilter = { agent?: string | undefined; kind?: TAgentContractKind | undefined; pageNo: number };
export type TBillFilter = { agent?: string | undefined; kind?: TAgentContractKind | undefined; status?: TAgentBillStatus | undefined; pageNo: number };

/** GET /ops/agents/contracts?agent&kind&pageNo&pageSize */
export const contractsQueryOptions = (filter: TContractFilter) =>
  queryOptions({
    queryKey: [...AGENTS_KEY, 'contracts', filter],
    queryFn: () => opsApi.call(listOpsAgentContracts, { query: { ...filter, pageSize: PAGE_SIZE } }),
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
