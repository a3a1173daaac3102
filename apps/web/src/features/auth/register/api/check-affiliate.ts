import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkAffiliate as affiliateEndpoint } from '@lotus/contracts/auth';
import { api, isApiError } from '@/lib/api-client';

/**
 * The affiliate code check (7.AUTH.16, 4.AFF.01): the agent's code when valid.
 * Resolves null for an invalid code (invitation_code_error); other failures throw.
 */
export async function checkAffiliate(code: string, domain: string, { signal }: { signal?: AbortSignal } = {}): Promise<string | null> {
  try {
    const answer = await api.call(affiliateEndpoint, { query: { code: code.trim(), domain } }, { signal });
    return answer.code;
  } catch (error) {
    if (isApiError(error) && (error.code === 'invitation_code_error' || error.code === 'validation_failed')) return null;
    throw error;
  }
}

export const affiliateQueryOptions = (code: string, domain: string) =>
  queryOptions({
    queryKey: ['agent', 'affiliate', code, domain],
    queryFn: ({ signal }) => checkAffiliate(code, domain, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The affiliate code of the URL, checked (4.AFF.01-03): disabled when there is none. */
export function useAffiliateCheck(code: string | null, domain: string) {
  return useQuery({ ...affiliateQueryOptions(code ?? '', domain), enabled: !!code && code.trim() !== '' });
}
