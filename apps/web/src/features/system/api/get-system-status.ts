import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TSystemStatusAnswer } from './system-status-schema';

export type { TSystemStatusAnswer } from './system-status-schema';

/** /wps/system/status (7.SYS.03); the answer's schema: ./system-status-schema.ts. */

export function getSystemStatus({ signal }: { signal?: AbortSignal } = {}): Promise<TSystemStatusAnswer> {
  return api.get('/wps/system/status', { lazySchema: () => import('./system-status-schema').then((m) => m.ZSystemStatusAnswer), signal });
}

export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'status'],
    queryFn: ({ signal }) => getSystemStatus({ signal }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export function useSystemStatus() {
  return useQuery(systemStatusQueryOptions());
}
