import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { salesApi, type TTeamPage } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/sales/teams with the list's query string (q, state, groupId, sort, page, size). */
export function getTeams(query: string, signal?: AbortSignal): Promise<TTeamPage> {
  return apiRequest<TTeamPage>(salesApi.teams(query), signal ? { signal } : {});
}

export const teamsQueryOptions = (query: string) =>
  queryOptions({ queryKey: ['sales', 'teams', query], queryFn: ({ signal }) => getTeams(query, signal), placeholderData: keepPreviousData });

export function useTeams(query: string) {
  return useQuery(teamsQueryOptions(query));
}
