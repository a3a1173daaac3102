import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUnreadCount as unreadCountEndpoint } from '@lotus/contracts/inbox';
import { api, isApiError } from '@/lib/api-client';
import { MONEY_WATCH_POLL_MS, useMoneyWatched } from '@/lib/session/money-watch';
import { useSession } from '@/lib/session/session-store';
import { MESSAGES_QUERY_ROOT } from './get-messages';

/** How often a signed-in member's unread count is asked (deposit arrival, withdrawal results). */
export const UNREAD_POLL_MS = 30_000;

/**
 * The unread platform messages. Asked every 30 s, it is also how
 * an open page learns that its session was ended elsewhere (an operator revoked it, a password
 * change on another device): a 401 ends the session on this device too, as the member info does.
 */
export async function getUnreadCount({ signal }: { signal?: AbortSignal } = {}): Promise<number> {
  // The token this request carries (the api client reads the same one): see clearIfCurrent.
  const token = useSession.getState().token;
  try {
    return (await api.call(unreadCountEndpoint, {}, { signal })).unread;
  } catch (error) {
    if (isApiError(error) && error.status === 401) useSession.getState().clearIfCurrent(token);
    throw error;
  }
}

export const getUnreadCountQueryOptions = (token: string | null, moneyInFlight = false) =>
  queryOptions({
    queryKey: [...MESSAGES_QUERY_ROOT, 'unread', token],
    queryFn: ({ signal }) => getUnreadCount({ signal }),
    enabled: token !== null,
    // Every 3 s while a deposit or withdrawal awaits its outcome (lib/session/money-watch.ts), else every 30 s.
    refetchInterval: moneyInFlight ? MONEY_WATCH_POLL_MS : UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    meta: { silent: true },
  });

/** The unread count of a real (non-trial) session, asked again every 30 s (3 s with money in flight) and when the tab is back in focus. */
export function useUnreadCount(enabled: boolean) {
  const token = useSession((s) => s.token);
  const moneyInFlight = useMoneyWatched();
  return useQuery({ ...getUnreadCountQueryOptions(enabled ? token : null, moneyInFlight) });
}
