import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Cached for the whole session (7.PAR.25: vendors, notices, routers, settings, validation). */
export const SESSION_CACHE = { staleTime: Infinity, gcTime: Infinity } as const;

/**
 * Retry only what a retry can fix: network failures and 5xx, at most twice.
 * A 4xx (validation, forbidden, not found) is an answer, not a hiccup.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isApiError(error)) return false;
  return error.code === 'network_abnormal' || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
