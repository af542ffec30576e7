import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@kc/domain/http/paths.ts';
import { useNotificationEvents, useNotificationStreamConnection, useUnreadCount } from '../hooks/use-notification-stream.ts';
import './notification-bell.css';

/**
 * The navbar's bell: a link to the inbox with the unread count, live through the inbox stream.
 * Plain HTML (light kit), loaded only once someone is logged in (docs/decisions/0007). Its name
 * says the count ('Notificaciones: 3 sin leer'); a polite live region announces new items.
 */
export default function NotificationBell() {
  const { t } = useTranslation('layout');
  useNotificationStreamConnection();
  const count = useUnreadCount();
  const [announcement, setAnnouncement] = useState('');
  useNotificationEvents((event) => {
    if (event.type === 'created' && event.notification) setAnnouncement(t('notifications.newItem', { title: event.notification.title }));
  });
  const label =
    count === undefined
      ? t('notifications.bell')
      : count === 0
        ? t('notifications.bellNone')
        : t('notifications.bellUnread', { count });
  return (
    <>
      <NavLink to={paths.notifications.href()} className="kc-icon-btn kc-bell" aria-label={label} title={label}>
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16zM10 20a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {count ? (
          <span className="kc-bell-count" aria-hidden="true" data-testid="bell-count">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </NavLink>
      <span className="kc-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </span>
    </>
  );
}
