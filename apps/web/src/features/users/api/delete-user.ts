import { usersApi } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useUserMutation } from './user-mutation.ts';

/** DELETE /api/users/{id}: soft delete (isDeleted), sessions closed, no login. */
export function deleteUser(id: string): Promise<unknown> {
  return apiRequest<unknown>(usersApi.user(id), { method: 'DELETE' });
}

export function useDeleteUser(id: string) {
  return useUserMutation(() => deleteUser(id));
}
