import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailChangeApi, type TChangeEmailRequestInput, type TEmailChangeConfirmed, type TEmailChangeRequested } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { updateSession } from '../../../lib/session.ts';

/** POST /api/users/me/email: new address and current password; a link goes to the new address (nothing changes yet). */
export function requestEmailChange(body: TChangeEmailRequestInput): Promise<TEmailChangeRequested> {
  return apiRequest<TEmailChangeRequested>(emailChangeApi.request, { method: 'POST', body });
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}

/** POST /api/users/email-change/confirm: the mail's token; the address changes and the person's other sessions end. */
export function confirmEmailChange(token: string): Promise<TEmailChangeConfirmed> {
  return apiRequest<TEmailChangeConfirmed>(emailChangeApi.confirm, { method: 'POST', body: { token } });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: async (result) => {
      // This browser's session was the person's own: it lives on with the new address.
      if (result.sessionKept) {
        updateSession((session) => ({ ...session, identity: { ...session.identity, username: result.email } }));
        await queryClient.invalidateQueries({ queryKey: ['me'] });
      }
    },
  });
}
