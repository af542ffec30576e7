import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsApi, type TNotification } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_KEY } from './get-notifications.ts';

/** POST /api/notifications/{id}/read: marks one item read; answers the item. */
export function readNotification(id: string): Promise<TNotification> {
  return apiRequest<TNotification>(notificationsApi.read(id), { method: 'POST' });
}

/** Runs it and reloads the inbox lists. */
export function useReadNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => readNotification(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
