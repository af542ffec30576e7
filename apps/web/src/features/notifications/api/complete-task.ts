import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsApi, type TNotification } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_KEY } from './get-notifications.ts';

/** POST /api/notifications/{id}/complete: closes a task, recording the caller as who completed it; answers the item. */
export function completeTask(id: string): Promise<TNotification> {
  return apiRequest<TNotification>(notificationsApi.complete(id), { method: 'POST' });
}

/** Runs it and reloads the inbox lists. */
export function useCompleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => completeTask(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
