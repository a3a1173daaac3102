import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPermissionInfo as permissionInfoEndpoint, type TPermissionInfo } from '@lotus/contracts/system';
import { api } from '@/lib/api-client';
import { SESSION_CACHE } from '@/lib/query-client';

/** /wps/system/permission?url=<host> (3.SITE.03, 7.PAR.23: the current host is sent as `url`). */
export function getPermissionInfo(host: string, { signal }: { signal?: AbortSignal } = {}): Promise<TPermissionInfo> {
  return api.call(permissionInfoEndpoint, { query: { url: host } }, { signal });
}

export const permissionInfoQueryOptions = (host: string) =>
  queryOptions({
    queryKey: ['system', 'permission', host],
    queryFn: ({ signal }) => getPermissionInfo(host, { signal }),
    ...SESSION_CACHE,
  });

export function usePermissionInfo() {
  return useQuery(permissionInfoQueryOptions(window.location.host));
}
