import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usersApi, type TAuditPage } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/audit (ADMIN): the audit log, newest first, with the page's filters as a query string. */
export function getAudit(query: string, signal?: AbortSignal): Promise<TAuditPage> {
  return apiRequest<TAuditPage>(usersApi.audit(query), signal ? { signal } : {});
}

export const auditQueryOptions = (query: string) =>
  queryOptions({ queryKey: ['audit', query], queryFn: ({ signal }) => getAudit(query, signal), placeholderData: keepPreviousData });

export function useAudit(query: string, enabled = true) {
  return useQuery({ ...auditQueryOptions(query), enabled });
}
