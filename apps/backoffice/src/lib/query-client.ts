import { QueryCache, QueryClient, MutationCache } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * One query client. A 401 from any call means the console session ended (idle expiry, sign-out
 * elsewhere, credentials reset): the signed-in operator is forgotten, which shows the sign-in page.
 */
export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2, refetchOnWindowFocus: true },
    },
    queryCache: new QueryCache({ onError: (error) => onSessionEnded(error) }),
    mutationCache: new MutationCache({ onError: (error) => onSessionEnded(error) }),
  });
  function onSessionEnded(error: unknown) {
    if (error instanceof ApiError && error.status === 401 && error.code === 'unauthorized') {
      client.setQueryData(['console', 'me'], null);
    }
  }
  return client;
}
