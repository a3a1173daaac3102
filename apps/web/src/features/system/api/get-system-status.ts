import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazyEndpoint } from '@lotus/contracts/endpoint';
import { SYSTEM_STATUS } from '@lotus/contracts/first-load';
import { api } from '@/lib/api-client';
import type { TSystemStatusAnswer } from './system-status-schema';

export type { TSystemStatusAnswer } from './system-status-schema';

// Loaded on demand: zod stays out of the scripts a prerendered page runs before it hydrates.
const systemStatusEndpoint = lazyEndpoint(SYSTEM_STATUS, () => import('./system-status-schema').then((m) => m.getSystemStatusAnswer));

/** /wps/system/status (7.SYS.03); the answer's schema: ./system-status-schema.ts. */
export function getSystemStatus({ signal }: { signal?: AbortSignal } = {}): Promise<TSystemStatusAnswer> {
  return api.call(systemStatusEndpoint, {}, { signal });
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
