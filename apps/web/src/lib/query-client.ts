import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { onSessionCleared, onSessionEnding } from './session.ts';

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

/**
 * The app's one data cache, created when the first screen that loads data does (the light
 * pages never load this module). It outlives the Mantine shell's mounts, and it forgets
 * everything when the session ends: queries in flight are cancelled before the page is left,
 * the cache is cleared once the session is gone.
 */
export const queryClient = createQueryClient();
onSessionEnding(() => void queryClient.cancelQueries());
onSessionCleared(() => queryClient.clear());
