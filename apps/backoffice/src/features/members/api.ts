import {
  getMemberDetail as memberDetailEndpoint,
  requirePasswordChange,
  revokeMemberSessions,
  searchMembers as searchEndpoint,
  setMemberStatus,
  unlockMember,
  type TOpsMemberSearchQuery,
} from '@lotus/contracts/ops-console';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsApi } from '@/lib/api';

/** Members by username, mobile, email or id; an empty search is no filter. */
export const searchMembers = (q: Partial<TOpsMemberSearchQuery>) => opsApi.call(searchEndpoint, { query: { ...q, q: q.q || undefined } });
export const searchMembersQueryOptions = (q: Partial<TOpsMemberSearchQuery>) =>
  queryOptions({ queryKey: ['members', 'search', q], queryFn: () => searchMembers(q), placeholderData: keepPreviousData });
export const useMemberSearch = (q: Partial<TOpsMemberSearchQuery>) => useQuery(searchMembersQueryOptions(q));

/** A member's profile, sessions and latest authentication events. */
export const getMemberDetail = (id: number) => opsApi.call(memberDetailEndpoint, { params: { id } });
export const memberDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['members', 'detail', id], queryFn: () => getMemberDetail(id) });
export const useMemberDetail = (id: number) => useQuery(memberDetailQueryOptions(id));

type MemberAction = 'disable' | 'enable' | 'unlock' | 'revoke' | 'password';
/** The member actions (each with the reason the audit log keeps). */
export const runMemberAction = async (username: string, action: MemberAction, reason: string): Promise<unknown> => {
  const params = { username };
  switch (action) {
    case 'disable':
    case 'enable':
      return opsApi.call(setMemberStatus, { params, body: { status: action === 'disable' ? 'disabled' : 'active', reason } });
    case 'unlock':
      return opsApi.call(unlockMember, { params, body: { reason } });
    case 'revoke':
      return opsApi.call(revokeMemberSessions, { params, body: { reason } });
    case 'password':
      return opsApi.call(requirePasswordChange, { params, body: { reason } });
  }
};
export const useMemberAction = (username: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: MemberAction; reason: string }) => runMemberAction(username, action, reason),
    onSuccess: () => client.invalidateQueries({ queryKey: ['members'] }),
  });
};
