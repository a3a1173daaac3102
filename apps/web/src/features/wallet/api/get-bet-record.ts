import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getBetRecord as betRecordEndpoint, type TBetRecord } from '@lotus/contracts/catalogue';
import { api } from '@/lib/api-client';
import { WALLET_QUERY_ROOT } from '@/lib/session/get-wallet-balance';

/** The betting record's page size (9.C page size). */
export const BET_RECORD_PAGE_SIZE = 15;

export type TBetRecordFilter = {
  /** A vendor code; empty: every vendor. */
  vassalage: string;
  /** Bangkok calendar days, inclusive, YYYY-MM-DD (at most 90 days). */
  startDate: string;
  endDate: string;
  pageNo: number;
};

/**
 * The betting record (2.MC.08, docs/adr/0058-betting-record.md): the member's game rounds from the
 * platform's ledger newest first, by vendor and a range of Bangkok days, 15 a page; names in `language`.
 */
export function getBetRecord(
  filter: TBetRecordFilter,
  language: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TBetRecord> {
  return api.call(
    betRecordEndpoint,
    {
      query: {
        vassalage: filter.vassalage || undefined,
        startDate: filter.startDate,
        endDate: filter.endDate,
        language,
        pageNo: filter.pageNo,
        pageSize: BET_RECORD_PAGE_SIZE,
      },
    },
    { signal },
  );
}

export const getBetRecordQueryOptions = (filter: TBetRecordFilter, language: string) =>
  queryOptions({
    queryKey: [...WALLET_QUERY_ROOT, 'bets', filter, language],
    queryFn: ({ signal }) => getBetRecord(filter, language, { signal }),
    staleTime: 15_000,
  });

/** The page of the filter; the previous page stays on screen while the next loads. */
export function useBetRecord(
  filter: TBetRecordFilter,
  language: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    ...getBetRecordQueryOptions(filter, language),
    placeholderData: keepPreviousData,
    enabled,
  });
}
