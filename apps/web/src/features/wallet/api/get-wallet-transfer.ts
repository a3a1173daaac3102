import { useMutation } from '@tanstack/react-query';
import { getWalletTransfer as walletTransferEndpoint, type TWalletTransferQuery, type TWalletTransferResult } from '@lotus/contracts/wallet';
import { api } from '@/lib/api-client';
import { useRefreshBalance } from '@/lib/session/refresh-balance';

/**
 * GCS_walletTransfer (7.RELAY.03; docs/adr/0029): `in` main -> vendor wallet, `out` vendor wallet -> main,
 * `all` every vendor wallet back to main. Sending the same `requestId` again never moves money twice: it
 * answers the first transfer as it stands now (how a pending transfer is checked until it settles).
 */
export function getWalletTransfer(query: TWalletTransferQuery): Promise<TWalletTransferResult> {
  return api.call(walletTransferEndpoint, {
    query: {
      direction: query.direction,
      requestId: query.requestId,
      ...(query.vendor ? { vendor: query.vendor } : {}),
      ...(query.amount ? { amount: query.amount } : {}),
    },
  });
}

/** A transfer moves money: balances, funds, merchant wallets and the account record refresh, whatever the outcome. */
export function useWalletTransferMutation() {
  const refreshBalance = useRefreshBalance();
  return useMutation({ mutationFn: getWalletTransfer, onSettled: refreshBalance });
}
