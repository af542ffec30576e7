import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** No global error toasts (conventions, 6): each screen shows its own error with Retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof ApiError && error.status !== undefined && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}
