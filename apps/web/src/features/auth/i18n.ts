import { addNamespaces } from '../../lib/i18n.ts';
import authEs from '../../locales/es/auth.json';

/** The login page's texts. */
addNamespaces({ auth: { es: authEs, en: () => import('../../locales/en/auth.json') } });
