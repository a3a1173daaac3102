import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMerchantWallets as merchantWalletsEndpoint, type TMerchantWallets } from '@lotus/contracts/wallet';
import { api } from '@/lib/api-client';
import { WALLET_QUERY_ROOT } from '@/lib/session/get-wallet-balance';

/**
 * GCS_merchantWallet (7.RELAY.20; docs/adr/0029): the member's wallet at each transfer-mode vendor, with the
 * vendor's name and status, the ledger balance and the vendor's live balance (null: no answer in time).
 */
export function getMerchantWallets({ signal }: { signal?: AbortSignal } = {}): Promise<TMerchantWallets> {
  return api.call(merchantWalletsEndpoint, {}, { signal });
}

/** Under WALLET_QUERY_ROOT: every money action (refreshBalance) reads them again. */
export const getMerchantWalletsQueryOptions = () =>
  queryOptions({
    queryKey: [...WALLET_QUERY_ROOT, 'merchant-wallets'],
    queryFn: ({ signal }) => getMerchantWallets({ signal }),
    staleTime: 15_000,
  });

export function useMerchantWallets() {
  return useQuery(getMerchantWalletsQueryOptions());
}
