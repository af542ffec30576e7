import { useMutation } from '@tanstack/react-query';
import { investorApi, type TChangePasswordRequest } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { updateSession } from '../../../lib/session.ts';

/** POST /api/users/me/password while the password is temporary; then the session is no longer marked temporary. */
export async function changeTemporaryPassword(body: TChangePasswordRequest): Promise<void> {
  await apiRequest<unknown>(investorApi.password, { method: 'POST', body });
  updateSession((session) => ({ ...session, identity: { ...session.identity, isTemporalPassword: false } }));
}

export function useChangeTemporaryPassword() {
  return useMutation({ mutationFn: changeTemporaryPassword });
}
