import { useMutation } from '@tanstack/react-query';
import { usersApi } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/users/password-reset: the same answer (202) whether or not the e-mail exists. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return apiRequest<unknown>(usersApi.forgotPassword, { method: 'POST', body: { email } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
