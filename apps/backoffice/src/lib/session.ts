import { ZConsoleMe, type TConsoleMe } from '@lotus/contracts/ops-console';
import type { TOpsPermission } from '@lotus/contracts/ops-operators';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, opsCall } from './api';

/** The signed-in operator (GET /ops/console/me); null when signed out or the session ended. */
export const getMe = async (): Promise<TConsoleMe | null> => {
  try {
    return await opsCall(ZConsoleMe, 'GET', '/ops/console/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
};
export const meQueryOptions = () => queryOptions({ queryKey: ['console', 'me'], queryFn: getMe, staleTime: 60_000 });
export const useMe = () => useQuery(meQueryOptions());

export const can = (me: TConsoleMe | null | undefined, permission: TOpsPermission) =>
  !!me && me.permissions.includes(permission);
