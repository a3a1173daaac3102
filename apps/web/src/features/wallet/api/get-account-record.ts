import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getAccountRecord as accountRecordEndpoint, type TAccountRecord } from '@lotus/contracts/wallet';
import { api } from '@/lib/api-client';
import { WALLET_QUERY_ROOT } from '@/lib/session/get-wallet-balance';
import type { TRecordKind } from '../lib/record-kinds';

/** The account record's page size (9.C page size). */
export const RECORD_PAGE_SIZE = 15;

export type TAccountRecordFilter = {
  /** Empty: every kind. */
  types: readonly TRecordKind[];
  /** Bangkok calendar days, inclusive, YYYY-MM-DD (at most 90 days). */
  startDate: string;
  endDate: string;
  pageNo: number;
};

/**
 * ODSFE2_MemTransDet (7.RELAY.28, 2.MC.09): the member's wallet movements newest first, each with the
 * balance right after it, by kinds and a range of Bangkok days, 15 a page.
 */
export function getAccountRecord(filter: TAccountRecordFilter, { signal }: { signal?: AbortSignal } = {}): Promise<TAccountRecord> {
  return api.call(
    accountRecordEndpoint,
    {
      query: {
        types: filter.types.join(','),
        startDate: filter.startDate,
        endDate: filter.endDate,
        pageNo: filter.pageNo,
        pageSize: RECORD_PAGE_SIZE,
      },
    },
    { signal },
  );
}

export const getAccountRecordQueryOptions = (filter: TAccountRecordFilter) =>
  queryOptions({
    queryKey: [...WALLET_QUERY_ROOT, 'record', filter],
    queryFn: ({ signal }) => getAccountRecord(filter, { signal }),
    staleTime: 15_000,
  });

/**
 * The page of the filter; the previous page stays on screen while the next one loads. `enabled`
 * false (a range the page refuses) asks nothing.
 */
export function useAccountRecord(filter: TAccountRecordFilter, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAccountRecordQueryOptions(filter), placeholderData: keepPreviousData, enabled });
}
