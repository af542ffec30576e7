import { startTransition, useCallback, useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';

export interface TApiGet<T> {
  /** The last answer (kept while the next one loads, so a list does not blink between pages). */
  data: T | undefined;
  /** True until the first answer (or error) for the current URL arrives. */
  isPending: boolean;
  /** A request is on its way (the first or a later one). */
  isFetching: boolean;
  isError: boolean;
  retry: () => void;
}

/**
 * A GET through the app's API client for the light jobs pages (docs/decisions/0025): no TanStack
 * Query, which lives in the Mantine shell. The previous answer stays while the next URL loads; a
 * newer URL aborts the older request; `null` fetches nothing.
 */
export function useApiGet<T>(url: string | null): TApiGet<T> {
  const [state, setState] = useState<{ url: string | null; data: T | undefined; error: boolean; fetching: boolean; attempt: number }>({
    url: null,
    data: undefined,
    error: false,
    fetching: url !== null,
    attempt: 0,
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (url === null) return undefined;
    const controller = new AbortController();
    setState((s) => ({ ...s, fetching: true, error: false }));
    apiRequest<T>(url, { signal: controller.signal }).then(
      // A transition: React renders the answer (twenty cards on the list) in slices that yield
      // to the browser, instead of one long task that blocks input.
      (data) => startTransition(() => setState({ url, data, error: false, fetching: false, attempt })),
      () => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, url, error: true, fetching: false, attempt }));
      },
    );
    return () => controller.abort();
  }, [url, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const answered = state.url === url && state.attempt === attempt && !state.fetching;
  return {
    data: state.data,
    isPending: state.data === undefined && !(answered && state.error),
    isFetching: url !== null && !answered,
    isError: answered && state.error,
    retry,
  };
}
