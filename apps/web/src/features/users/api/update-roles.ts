import { usersApi, type TRole } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useUserMutation } from './user-mutation.ts';

/** PUT /api/users/{id}/roles: the user's new roles (only grantable ones; never one's own). */
export function updateRoles(id: string, roles: TRole[]): Promise<unknown> {
  return apiRequest<unknown>(usersApi.roles(id), { method: 'PUT', body: { roles } });
}

export function useUpdateRoles(id: string) {
  return useUserMutation((roles: TRole[]) => updateRoles(id, roles));
}
