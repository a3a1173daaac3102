import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { logout } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';
import { MEMBER_QUERY_ROOT } from './get-member-info';
import { useSession } from './session-store';
import { emitSessionEnd } from './session-events';

/** The logout call (7.AUTH.03): revokes the current session on the server. */
export async function deleteSession(): Promise<void> {
  await api.call(logout);
}

/**
 * Ends the session on this device (4.OUT.02-05): the logout call (a failure does not keep anybody
 * logged in: the token is dropped anyway), then
 * - login state: the session store and sessionStorage, except the merchant value (4.OUT.03);
 * - agent state: the agent-portal mark (part of the session store);
 * - vip-service state: it follows the member's rank, which is gone with the member info, and every
 *   member query (balance, sessions, two-factor...) is dropped from the cache;
 * - open login popups, 2FA steps, slider puzzles and forced password changes are closed (the
 *   features that own them register with `onSessionEnd`).
 */
export async function endSession(queryClient: QueryClient | null): Promise<void> {
  if (useSession.getState().token) {
    try {
      await deleteSession();
    } catch {
      // already expired or revoked elsewhere: nothing more to end on the server
    }
  }
  useSession.getState().clear();
  emitSessionEnd();
  if (queryClient) queryClient.removeQueries({ queryKey: MEMBER_QUERY_ROOT });
}

/** Logout as a mutation (the confirmation is the caller's): the member's cache goes with the session. */
export function useEndSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => endSession(queryClient) });
}
