import { salesApi, type TTeamDetail, type TTeamRequestInput } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSalesMutation } from './sales-mutation.ts';

/** POST /api/sales/teams (a new team) or PUT /api/sales/teams/{id} (an edit). */
export function saveTeam({ id, body }: { id?: string; body: TTeamRequestInput }): Promise<TTeamDetail> {
  return id ? apiRequest<TTeamDetail>(salesApi.team(id), { method: 'PUT', body }) : apiRequest<TTeamDetail>(salesApi.teams(), { method: 'POST', body });
}

export function useSaveTeam() {
  return useSalesMutation(saveTeam);
}
