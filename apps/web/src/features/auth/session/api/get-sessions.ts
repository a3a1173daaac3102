import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSessions, type ZSessionList } from '@lotus/contracts/auth';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session/session-store';
import { MEMBER_QUERY_ROOT } from '@/lib/session/get-member-info';

export type TSessionView = z.infer<typeof ZSessionList>[number];

/** The member's live sessions, newest first (docs/sessions.md). */
export function getSessions({ signal }: { signal?: AbortSignal } = {}): Promise<TSessionView[]> {
  return api.call(listSessions, {}, { signal });
}

export const getSessionsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: [...MEMBER_QUERY_ROOT, 'sessions', token],
    queryFn: ({ signal }) => getSessions({ signal }),
    enabled: token !== null,
    staleTime: 0,
  });

export function useSessions() {
  const token = useSession((s) => s.token);
  return useQuery(getSessionsQueryOptions(token));
}
