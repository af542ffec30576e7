import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TConsentChangeRequest, TConsentOverview } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { applyRecordedCookieConsent, CONSENTS_API } from '../../../lib/cookie-consent.ts';
import { consentsQueryKey } from './get-consents.ts';

/** POST /api/users/me/consents: gives, refuses or withdraws cookies or marketing (a new record). */
export function changeConsent(input: TConsentChangeRequest): Promise<TConsentOverview> {
  return apiRequest<TConsentOverview>(CONSENTS_API, { method: 'POST', body: input });
}

/**
 * The change, then the answer (the new overview) in the cache. A cookies change also applies in
 * this browser: a withdrawal removes non-essential storage at once, as the dialog's rejection does.
 */
export function useChangeConsent(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeConsent,
    onSuccess: (overview, input) => {
      queryClient.setQueryData(consentsQueryKey(userId), overview);
      if (input.purpose === 'cookies') applyRecordedCookieConsent(input.choice === 'given' ? 'accepted' : 'rejected');
    },
  });
}
