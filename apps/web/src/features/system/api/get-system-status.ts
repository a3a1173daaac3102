import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZSystemStatus } from '@lotus/contracts/system';
import { api } from '@/lib/api-client';

/**
 * /wps/system/status (7.SYS.03). The status is read as any integer (not only 0/1/2) so that an
 * unknown value reaches the decision of 4.SYS.01 (maintenance page) instead of failing validation.
 */
export const ZSystemStatusAnswer = ZSystemStatus.extend({ status: z.number().int() });
export type TSystemStatusAnswer = z.infer<typeof ZSystemStatusAnswer>;

export function getSystemStatus({ signal }: { signal?: AbortSignal } = {}): Promise<TSystemStatusAnswer> {
  return api.get('/wps/system/status', { schema: ZSystemStatusAnswer, signal });
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
