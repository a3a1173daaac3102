import { ZOpsMemberStatusResult, ZOpsUnlocked } from '@lotus/contracts/ops-accounts';
import {
  ZOpsMemberDetail,
  ZOpsMemberPage,
  ZOpsPasswordChangeRequired,
  ZOpsSessionsRevoked,
  type TOpsMemberSearchQuery,
} from '@lotus/contracts/ops-console';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsCall, queryString } from '@/lib/api';

/** GET /ops/members/search */
export const searchMembers = (q: Partial<TOpsMemberSearchQuery>) =>
  opsCall(ZOpsMemberPage, 'GET', `/ops/members/search${queryString(q)}`);
export const searchMembersQueryOptions = (q: Partial<TOpsMemberSearchQuery>) =>
  queryOptions({ queryKey: ['members', 'search', q], queryFn: () => searchMembers(q), placeholderData: keepPreviousData });
export const useMemberSearch = (q: Partial<TOpsMemberSearchQuery>) => useQuery(searchMembersQueryOptions(q));

/** GET /ops/members/:id/detail */
export const getMemberDetail = (id: number) => opsCall(ZOpsMemberDetail, 'GET', `/ops/members/${id}/detail`);
export const memberDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['members', 'detail', id], queryFn: () => getMemberDetail(id) });
export const useMemberDetail = (id: number) => useQuery(memberDetailQueryOptions(id));

type MemberAction = 'disable' | 'enable' | 'unlock' | 'revoke' | 'password';
/** The member actions (each with the reason the audit log keeps). */
export const runMemberAction = async (username: string, action: MemberAction, reason: string): Promise<unknown> => {
  const u = encodeURIComponent(username);
  switch (action) {
    case 'disable':
    case 'enable':
      return opsCall(ZOpsMemberStatusResult, 'PUT', `/ops/members/${u}/status`, {
        status: action === 'disable' ? 'disabled' : 'active',
        reason,
      });
    case 'unlock':
      return opsCall(ZOpsUnlocked, 'POST', `/ops/members/${u}/unlock`, { reason });
    case 'revoke':
      return opsCall(ZOpsSessionsRevoked, 'POST', `/ops/members/${u}/sessions/revoke`, { reason });
    case 'password':
      return opsCall(ZOpsPasswordChangeRequired, 'POST', `/ops/members/${u}/password-change`, { reason });
  }
};
export const useMemberAction = (username: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: MemberAction; reason: string }) => runMemberAction(username, action, reason),
    onSuccess: () => client.invalidateQueries({ queryKey: ['members'] }),
  });
};
