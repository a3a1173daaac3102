import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markMessageRead } from '@lotus/contracts/inbox';
import { api } from '@/lib/api-client';
import { invalidateMemberInfo } from '@/lib/session/refresh-balance';
import { MESSAGES_QUERY_ROOT } from './get-messages';

/** One message read; answers the unread count left. */
export async function putMessageRead(id: number): Promise<number> {
  const r = await api.call(markMessageRead, { params: { id } });
  return r.unread;
}

/** Marks a message read; the list, the unread count and the Messages badge (member info) follow. */
export function useMarkMessageReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putMessageRead,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_ROOT }), invalidateMemberInfo(queryClient)]).then(() => undefined),
  });
}
