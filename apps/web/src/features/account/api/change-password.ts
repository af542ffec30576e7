import { useMutation } from '@tanstack/react-query';
import { investorApi, type TChangePasswordRequest } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/users/me/password: current, new and repeat; the server closes the user's other sessions. */
export function changePassword(body: TChangePasswordRequest): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>(investorApi.password, { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
