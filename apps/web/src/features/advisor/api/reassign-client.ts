import { useMutation, useQueryClient } from '@tanstack/react-query';
import { advisorApi, type TAdvisorClientDetail } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/advisor/clients/{id}/advisor: moves the client to another advisor (ADMIN, COMPANY_MANAGER). */
export function reassignClient(clientId: string, advisorId: string): Promise<TAdvisorClientDetail> {
  return apiRequest<TAdvisorClientDetail>(advisorApi.reassign(clientId), { method: 'PUT', body: { advisorId } });
}

export function useReassignClient(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (advisorId: string) => reassignClient(clientId, advisorId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['advisor'] }),
  });
}
