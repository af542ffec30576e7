import { usersApi } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useUserMutation } from './user-mutation.ts';

/** POST /api/users/{id}/password-reset: mails the user a reset link (24 h). */
export function sendPasswordReset(id: string): Promise<unknown> {
  return apiRequest<unknown>(usersApi.sendPasswordReset(id), { method: 'POST' });
}

export function useSendPasswordReset(id: string) {
  return useUserMutation(() => sendPasswordReset(id));
}
