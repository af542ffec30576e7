import { useMutation } from '@tanstack/react-query';
import { DEFAULT_COMPANY_ID, accountsApiPaths, type TConfirmSignUpResponse } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/users/confirm-sign-up/{userId}/{token}/{companyId}: confirms the registration of a mailed link. */
export function confirmSignUp(input: { userId: string; token: string }): Promise<TConfirmSignUpResponse> {
  return apiRequest<TConfirmSignUpResponse>(accountsApiPaths.confirmSignUp(input.userId, input.token, DEFAULT_COMPANY_ID), {
    method: 'POST',
  });
}

export function useConfirmSignUp() {
  return useMutation({ mutationFn: confirmSignUp });
}
