import type { QueryClient } from '@tanstack/react-query';
import { MEMBER_INFO, WALLET_BALANCE } from '@lotus/contracts/first-load';
import { sendEarly } from '@/lib/api-client';
import { getMemberInfo, getMemberInfoQueryOptions } from './get-member-info';
import { getWalletBalance, getWalletBalanceQueryOptions } from './get-wallet-balance';
import { useSession } from './session-store';

/**
 * As a prerendered member frame starts (ADR 0079): its data is asked now, in the page's language, while
 * its code loads and hydrates, and the balance's schema comes beside it (the member info's is in the
 * page's code).
 */
export function startMemberFrame(language: string): void {
  sendEarly([MEMBER_INFO.path, WALLET_BALANCE.path], { language });
  void import('@lotus/contracts/wallet').catch(() => undefined);
}

/**
 * A prerendered member frame's own data, first (ADR 0079): once the frame has hydrated (data calls
 * still paused, ADR 0040), the member info and the balance are put in the cache from the answers
 * asked as the page started (`sendEarly`), so the account and the header balance paint before the
 * page's other calls (menus, customer service, messages) go out. The paused fetches of the same queries
 * are left to go out when the calls resume (one more ask each): cancelling a paused fetch left the balance
 * "refreshing" for good on a busy machine, and the header's taps (logout) unanswered (e2e 4.OUT.01-05).
 */
export async function fillMemberFrame(queryClient: QueryClient): Promise<void> {
  const token = useSession.getState().token;
  if (token === null) return;
  const info = getMemberInfoQueryOptions(token).queryKey;
  const balance = getWalletBalanceQueryOptions(token).queryKey;
  // Each is shown as soon as it is in (the account does not wait for the balance).
  await Promise.allSettled([
    getMemberInfo().then((member) => queryClient.setQueryData(info, member)),
    getWalletBalance().then((wallet) => queryClient.setQueryData(balance, wallet)),
  ]);
}
