import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazyEndpoint } from '@lotus/contracts/endpoint';
import { LANGUAGES } from '@lotus/contracts/first-load';
import type { TLanguages } from '@lotus/contracts/system';
import { api } from '@/lib/api-client';
import { SESSION_CACHE } from '@/lib/query-client';

// The schema loads on demand: zod stays out of the scripts a prerendered page runs before it hydrates.
const languagesEndpoint = lazyEndpoint(LANGUAGES, () => import('@lotus/contracts/system').then((m) => m.getLanguages));

/** /wps/system/languages (1.I18N.01, decision 9.C.01): the enabled interface languages. */
export function getLanguages({ signal }: { signal?: AbortSignal } = {}): Promise<TLanguages> {
  return api.call(languagesEndpoint, {}, { signal });
}

export const languagesQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'languages'],
    queryFn: ({ signal }) => getLanguages({ signal }),
    ...SESSION_CACHE,
  });

export function useLanguages() {
  return useQuery(languagesQueryOptions());
}

/** Used while the call loads or when it fails: the languages this build ships complete. */
export const BUILT_IN_LANGUAGES: TLanguages = {
  default: 'th',
  languages: [
    { code: 'th', name: 'ไทย', complete: true },
    { code: 'en', name: 'English', complete: true },
  ],
};
