import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi, type TCreateUserRequestInput, type TUserDetail } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/users: a new user, who gets a one-time link by e-mail to set a password. */
export function createUser(body: TCreateUserRequestInput): Promise<TUserDetail> {
  return apiRequest<TUserDetail>(usersApi.create, { method: 'POST', body });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'list'] }),
  });
}
