import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsApi, type TReadAllResponse } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationStream } from '../lib/notification-stream.ts';
import { NOTIFICATIONS_KEY } from './get-notifications.ts';

/** POST /api/notifications/read-all: marks every item of the inbox read. */
export function readAllNotifications(): Promise<TReadAllResponse> {
  return apiRequest<TReadAllResponse>(notificationsApi.readAll, { method: 'POST' });
}

/** Runs it, shows the new count at once (the stream confirms it) and reloads the inbox lists. */
export function useReadAllNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readAllNotifications,
    onSuccess: (result) => {
      notificationStream.noteUnreadCount(result.unreadCount);
      return queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}
