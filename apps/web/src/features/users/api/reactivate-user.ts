import { usersApi } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useUserMutation } from './user-mutation.ts';

/** POST /api/users/{id}/reactivate. */
export function reactivateUser(id: string): Promise<unknown> {
  return apiRequest<unknown>(usersApi.reactivate(id), { method: 'POST' });
}

export function useReactivateUser(id: string) {
  return useUserMutation(() => reactivateUser(id));
}
