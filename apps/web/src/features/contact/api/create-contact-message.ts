import { useMutation } from '@tanstack/react-query';
import { CONTACT_API_PATH, type TContactRequestInput, type TContactResponse } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/contact: sends a message from one of the public contact forms. */
export function createContactMessage(body: TContactRequestInput): Promise<TContactResponse> {
  return apiRequest<TContactResponse>(CONTACT_API_PATH, { method: 'POST', body });
}

export function useCreateContactMessage() {
  return useMutation({ mutationFn: createContactMessage });
}
