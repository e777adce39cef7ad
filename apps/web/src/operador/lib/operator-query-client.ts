import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api-client.ts';

/** The console's query client: a 4xx is an answer, not a glitch, so only network/5xx failures retry once. */
export function createOperatorQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          failures < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
