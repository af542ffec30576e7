import { useMutation } from '@tanstack/react-query';
import { accountsApiPaths, type TRegisterRequest, type TRegisterResponse } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/users/register-inversor: the wizard's three data steps and the route's role. */
export function registerUser(body: TRegisterRequest): Promise<TRegisterResponse> {
  return apiRequest<TRegisterResponse>(accountsApiPaths.register, { method: 'POST', body });
}

export function useRegisterUser() {
  return useMutation({ mutationFn: registerUser });
}
