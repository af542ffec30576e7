import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leadsApi, type TCreateLeadRequestInput, type TDiscardLeadRequestInput, type TLead } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/agent/leads: registers a lead (reserves the person for 6 months). */
export function createLead(body: TCreateLeadRequestInput): Promise<TLead> {
  return apiRequest<TLead>(leadsApi.create, { method: 'POST', body });
}

/** POST /api/agent/leads/{id}/extend: the one extension. */
export function extendLead(id: string): Promise<TLead> {
  return apiRequest<TLead>(leadsApi.extend(id), { method: 'POST' });
}

/** POST /api/agent/leads/{id}/discard: kind and reason. */
export function discardLead({ id, ...body }: TDiscardLeadRequestInput & { id: string }): Promise<TLead> {
  return apiRequest<TLead>(leadsApi.discard(id), { method: 'POST', body });
}

/** A change to the agent's leads: the lists and the figures are read again. */
function useLeadMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<TLead>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['leads'] }) });
}

export const useCreateLead = () => useLeadMutation(createLead);
export const useExtendLead = () => useLeadMutation(extendLead);
export const useDiscardLead = () => useLeadMutation(discardLead);
