import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZDone, ZRevokedSessions } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';
import { MEMBER_QUERY_ROOT } from '@/lib/session/get-member-info';

/** DELETE /wps/member/sessions/:id: ends one of the member's other sessions (a device logged out). */
export async function revokeSession(id: string): Promise<void> {
  await api.delete(`/wps/member/sessions/${encodeURIComponent(id)}`, { schema: ZDone });
}

/** Revokes a session; the sessions list is fetched again once it is gone. */
export function useRevokeSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...MEMBER_QUERY_ROOT, 'sessions'] }),
  });
}

/** DELETE /wps/member/sessions (issue 11): logs out every other device at once. */
export async function revokeOtherSessions(): Promise<number> {
  return (await api.delete('/wps/member/sessions', { schema: ZRevokedSessions })).count;
}

/** Logs out all other devices; the sessions list is fetched again. */
export function useRevokeOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...MEMBER_QUERY_ROOT, 'sessions'] }),
  });
}
