import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { investorApi, type TContractFilter, type TDashboardResponse } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export const DASHBOARD_PAGE_SIZE = 10;

/** GET /api/dashboard/{contractState}: one page of the caller's contracts and every state's counter. */
export function getDashboard(state: TContractFilter, page: number, signal?: AbortSignal): Promise<TDashboardResponse> {
  const query = new URLSearchParams({ page: String(page), size: String(DASHBOARD_PAGE_SIZE) });
  return apiRequest<TDashboardResponse>(`${investorApi.dashboard(state)}?${query.toString()}`, signal ? { signal } : {});
}

export const dashboardQueryOptions = (userId: string, state: TContractFilter, page: number) =>
  queryOptions({
    queryKey: ['dashboard', userId, state, page],
    queryFn: ({ signal }) => getDashboard(state, page, signal),
    placeholderData: keepPreviousData,
  });

export function useDashboard(userId: string, state: TContractFilter, page: number, enabled = true) {
  return useQuery({ ...dashboardQueryOptions(userId, state, page), enabled });
}
