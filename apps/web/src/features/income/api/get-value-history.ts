import { queryOptions, useQuery } from '@tanstack/react-query';
import { incomeApi, type TValueHistory } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/income/customers/{id}/value-history: the value of the units held at each published price. */
export function getValueHistory(customerId: string, signal?: AbortSignal): Promise<TValueHistory> {
  return apiRequest<TValueHistory>(incomeApi.valueHistory(customerId), signal ? { signal } : {});
}

export const valueHistoryQueryOptions = (customerId: string) =>
  queryOptions({ queryKey: ['income', 'value-history', customerId], queryFn: ({ signal }) => getValueHistory(customerId, signal) });

export function useValueHistory(customerId: string) {
  return useQuery(valueHistoryQueryOptions(customerId));
}
