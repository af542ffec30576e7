import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { TNotificationStreamEvent } from '@kc/domain/notifications/schemas.ts';
import { notificationStream } from '../lib/notification-stream.ts';

/** Keeps the tab's notification stream open while the component is mounted. */
export function useNotificationStreamConnection(): void {
  useEffect(() => notificationStream.acquire(), []);
}

/** The unread count, live; undefined until the stream has said it. */
export function useUnreadCount(): number | undefined {
  return useSyncExternalStore(notificationStream.subscribe, () => notificationStream.getState().unreadCount, () => undefined);
}

/** Calls `listener` for every change of the inbox the stream reports. */
export function useNotificationEvents(listener: (event: TNotificationStreamEvent) => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => notificationStream.onEvent((event) => latest.current(event)), []);
}
