import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeOtherSessions as revokeOthersEndpoint, revokeSession as revokeEndpoint } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';
import { MEMBER_QUERY_ROOT } from '@/lib/session/get-member-info';

/** Ends one of the member's other sessions (a device logged out). */
export async function revokeSession(id: string): Promise<void> {
  await api.call(revokeEndpoint, { params: { id } });
}

/** Revokes a session; the sessions list is fetched again once it is gone. */
export function useRevokeSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...MEMBER_QUERY_ROOT, 'sessions'] }),
  });
}

/** Logs out every other device at once (issue 11). */
export async function revokeOtherSessions(): Promise<number> {
  return (await api.call(revokeOthersEndpoint)).count;
}

/** Logs out all other devices; the sessions list is fetched again. */
export function useRevokeOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...MEMBER_QUERY_ROOT, 'sessions'] }),
  });
}
