import { useMutation } from '@tanstack/react-query';
import { usersApi } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export interface TSetPasswordBody {
  userId: string;
  token: string;
  newPassword: string;
  repeatPassword: string;
}

/** POST /api/users/password: the password of a one-time link; every session of the user is closed. */
export function setPasswordWithLink(body: TSetPasswordBody): Promise<unknown> {
  return apiRequest<unknown>(usersApi.setPassword, { method: 'POST', body });
}

export function useSetPasswordWithLink() {
  return useMutation({ mutationFn: setPasswordWithLink });
}
