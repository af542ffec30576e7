import { queryOptions, useQuery } from '@tanstack/react-query';
import { salesApi, type TTeamDetail } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/sales/teams/{id}: the team with its figures. */
export function getTeam(id: string, signal?: AbortSignal): Promise<TTeamDetail> {
  return apiRequest<TTeamDetail>(salesApi.team(id), signal ? { signal } : {});
}

export const teamQueryOptions = (id: string) => queryOptions({ queryKey: ['sales', 'team', id], queryFn: ({ signal }) => getTeam(id, signal) });

export function useTeam(id: string) {
  return useQuery(teamQueryOptions(id));
}
