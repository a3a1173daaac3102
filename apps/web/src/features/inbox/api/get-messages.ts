import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listMessages, type ZMemberMessagePage } from '@lotus/contracts/inbox';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { MEMBER_QUERY_ROOT } from '@/lib/session/get-member-info';

export const MESSAGES_QUERY_ROOT = [...MEMBER_QUERY_ROOT, 'messages'] as const;
export const MESSAGE_PAGE_SIZE = 15;
export type TMemberMessagePage = z.infer<typeof ZMemberMessagePage>;

/** Platform messages (2.MC.15), newest first: a template key and its parameters each. */
export function getMessages(page: number, { unreadOnly = false, signal }: { unreadOnly?: boolean; signal?: AbortSignal } = {}): Promise<TMemberMessagePage> {
  return api.call(listMessages, { query: { page, pageSize: MESSAGE_PAGE_SIZE, ...(unreadOnly ? { unreadOnly: 'true' } : {}) } }, { signal });
}

export const getMessagesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...MESSAGES_QUERY_ROOT, 'list', page],
    queryFn: ({ signal }) => getMessages(page, { signal }),
    staleTime: 10_000,
  });

export function useMessages(page: number) {
  return useQuery({ ...getMessagesQueryOptions(page), placeholderData: keepPreviousData });
}
