import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMemberInfo as memberInfoEndpoint, type TMemberInfo } from '@lotus/contracts/auth';
import { api, isApiError } from '@/lib/api-client';
import { useSession } from './session-store';

/** Query key prefix of everything that belongs to the logged-in member (dropped on logout). */
export const MEMBER_QUERY_ROOT = ['member'] as const;

/**
 * The member info (7.AUTH.10, 3.MEM). The answer also refreshes the session
 * store; a 401 (session ended elsewhere, expired, revoked) ends the session on this device too.
 */
export async function getMemberInfo({ signal }: { signal?: AbortSignal } = {}): Promise<TMemberInfo> {
  // The token this request carries (the api client reads the same one): see clearIfCurrent.
  const token = useSession.getState().token;
  try {
    const member = await api.call(memberInfoEndpoint, {}, { signal });
    useSession.getState().setMember(member);
    return member;
  } catch (error) {
    if (isApiError(error) && error.status === 401) useSession.getState().clearIfCurrent(token);
    throw error;
  }
}

export const getMemberInfoQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: [...MEMBER_QUERY_ROOT, 'info', token],
    queryFn: ({ signal }) => getMemberInfo({ signal }),
    enabled: token !== null,
    staleTime: 30_000,
  });

/** The member info of the current session (disabled for a visitor). */
export function useMemberInfo() {
  const token = useSession((s) => s.token);
  return useQuery(getMemberInfoQueryOptions(token));
}
