import { Alert, Button, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingScreen } from './loading-screen.tsx';
import { LoadErrorAlert } from './paginated-list/load-error-alert.tsx';

export interface TQueryContentProps<T> {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'data' | 'refetch'>;
  /** While loading (default: the screen's loading state). */
  loading?: ReactNode;
  /** On an error, given the retry (default: 'Error en la operación' and Reintentar). */
  error?: (retry: () => void) => ReactNode;
  /** When `isEmpty(data)`, `empty` shows instead of the data. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** The four states of a section's data, in one place: loading, error with a retry, empty, and the data. */
export function QueryContent<T>({ query, loading, error, isEmpty, empty, children }: TQueryContentProps<T>) {
  if (query.isPending) return <>{loading ?? <LoadingScreen />}</>;
  const retry = () => void query.refetch();
  if (query.isError || query.data === undefined) return <>{error ? error(retry) : <LoadErrorAlert onRetry={retry} />}</>;
  if (isEmpty?.(query.data)) return <>{empty ?? null}</>;
  return <>{children(query.data)}</>;
}

/** A small section's loading state: a spinner named for screen readers. */
export function InlineLoader({ label }: { label: string }) {
  return <Loader size="sm" mt="xs" aria-label={label} />;
}

/** A small section's error: what failed, and a retry. */
export function InlineLoadError({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" mt="xs">
      <Text>{message}</Text>
      <Button mt="xs" size="xs" variant="light" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}
