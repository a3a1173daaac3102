import { getConsoleMe, postConsoleSignOut, type TConsoleMe } from '@lotus/contracts/ops-console';
import type { TOpsPermission } from '@lotus/contracts/ops-operators';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, opsApi } from './api';

/** The signed-in operator (GET /ops/console/me); null when signed out or the session ended. */
export const getMe = async (): Promise<TConsoleMe | null> => {
  try {
    return await opsApi.call(getConsoleMe);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
};
export const meQueryOptions = () => queryOptions({ queryKey: ['console', 'me'], queryFn: getMe, staleTime: 60_000 });
export const useMe = () => useQuery(meQueryOptions());

/** Ends this console session (the server clears the cookie). */
export const endSession = () => opsApi.call(postConsoleSignOut);

export const can = (me: TConsoleMe | null | undefined, permission: TOpsPermission) =>
  !!me && me.permissions.includes(permission);
