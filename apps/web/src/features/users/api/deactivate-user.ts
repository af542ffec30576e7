import { usersApi } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useUserMutation } from './user-mutation.ts';

/** POST /api/users/{id}/deactivate: no more logins, every session closed. */
export function deactivateUser(id: string): Promise<unknown> {
  return apiRequest<unknown>(usersApi.deactivate(id), { method: 'POST' });
}

export function useDeactivateUser(id: string) {
  return useUserMutation(() => deactivateUser(id));
}
