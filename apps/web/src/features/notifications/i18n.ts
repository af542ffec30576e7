import { addNamespaces } from '../../lib/i18n.ts';
import notificationsEs from '../../locales/es/notifications.json';

/** The inbox page's texts (the bell's few words are in the layout namespace). */
addNamespaces({ notifications: { es: notificationsEs, en: () => import('../../locales/en/notifications.json') } });
