import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsApi, type TNotification } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_KEY } from './get-notifications.ts';

/** POST /api/notifications/{id}/dismiss: the item leaves the list (and counts as read); answers the item. */
export function dismissNotification(id: string): Promise<TNotification> {
  return apiRequest<TNotification>(notificationsApi.dismiss(id), { method: 'POST' });
}

/** Runs it and reloads the inbox lists. */
export function useDismissNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => dismissNotification(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
