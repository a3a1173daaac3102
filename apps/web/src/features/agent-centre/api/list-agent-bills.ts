import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listAgentBills as billsEndpoint, type TAgentBills, type TAgentContractKind } from '@lotus/contracts/agent';
import { api } from '@/lib/api-client';
import { BILLS_QUERY_ROOT } from './query-keys';

export const BILL_PAGE_SIZE = 20;

export type TBillsFilter = {
  /** `received`: my income; `paid`: what I pay my downline agents. */
  side: 'received' | 'paid';
  /** Empty: every kind. */
  kind: TAgentContractKind | '';
  pageNo: number;
};

/** My income: the agent's bills per contract and period, each with its calculation. */
export function listAgentBills(filter: TBillsFilter, { signal }: { signal?: AbortSignal } = {}): Promise<TAgentBills> {
  const { kind, ...rest } = filter;
  return api.call(billsEndpoint, { query: { ...rest, ...(kind ? { kind } : {}), pageSize: BILL_PAGE_SIZE } }, { signal });
}

export const listAgentBillsQueryOptions = (filter: TBillsFilter) =>
  queryOptions({
    queryKey: [...BILLS_QUERY_ROOT, filter],
    queryFn: ({ signal }) => listAgentBills(filter, { signal }),
    staleTime: 30_000,
  });

/** The page of the filter; the previous page stays on screen while the next one loads. */
export function useAgentBills(filter: TBillsFilter) {
  return useQuery({ ...listAgentBillsQueryOptions(filter), placeholderData: keepPreviousData });
}
