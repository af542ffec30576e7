import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentsApi, type TDocumentList } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/documents/customers/{id}[?contractId=]: a customer's documents (generated or not yet). */
export function getDocuments(customerId: string, contractId?: string, signal?: AbortSignal): Promise<TDocumentList> {
  return apiRequest<TDocumentList>(documentsApi.list(customerId, contractId), signal ? { signal } : {});
}

export const documentsQueryOptions = (customerId: string, contractId?: string) =>
  queryOptions({
    queryKey: ['documents', customerId, contractId ?? 'all'],
    queryFn: ({ signal }) => getDocuments(customerId, contractId, signal),
  });

export function useDocuments(customerId: string | undefined, contractId?: string) {
  return useQuery({ ...documentsQueryOptions(customerId ?? '', contractId), enabled: Boolean(customerId) });
}
