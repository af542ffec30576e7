import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { advisorApi, type TQueuePage } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/advisor/queue: NEW contracts waiting for the first payment, oldest first. */
export function getQueue(query: string, signal?: AbortSignal): Promise<TQueuePage> {
  return apiRequest<TQueuePage>(advisorApi.queue(query), signal ? { signal } : {});
}

export const queueQueryOptions = (query: string) =>
  queryOptions({ queryKey: ['advisor', 'queue', query], queryFn: ({ signal }) => getQueue(query, signal), placeholderData: keepPreviousData });

export function useQueue(query: string) {
  return useQuery(queueQueryOptions(query));
}
