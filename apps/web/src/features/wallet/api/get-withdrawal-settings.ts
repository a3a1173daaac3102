import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWithdrawalSettings as withdrawalSettingsEndpoint, type ZWithdrawalSettingsView } from '@lotus/contracts/withdrawal';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { WALLET_QUERY_ROOT } from '@/lib/session/get-wallet-balance';

export type TWithdrawalSettingsView = z.infer<typeof ZWithdrawalSettingsView>;
export const WITHDRAWAL_SETTINGS_KEY = [...WALLET_QUERY_ROOT, 'withdrawal-settings'] as const;

/**
 * The withdrawal settings (2.MC.05): limits, hours, today's count, turnover required and
 * achieved, and what the member still needs (payment password, real name, second factor, accounts).
 */
export function getWithdrawalSettings({ signal }: { signal?: AbortSignal } = {}): Promise<TWithdrawalSettingsView> {
  return api.call(withdrawalSettingsEndpoint, {}, { signal });
}

export const getWithdrawalSettingsQueryOptions = () =>
  queryOptions({ queryKey: WITHDRAWAL_SETTINGS_KEY, queryFn: ({ signal }) => getWithdrawalSettings({ signal }), staleTime: 15_000 });

export function useWithdrawalSettings() {
  return useQuery(getWithdrawalSettingsQueryOptions());
}
