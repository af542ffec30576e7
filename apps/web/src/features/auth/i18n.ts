import { addNamespaces } from '../../lib/i18n.ts';
import authEn from '../../locales/en/auth.json';
import authEs from '../../locales/es/auth.json';

/** The login page's texts. */
addNamespaces({ auth: { es: authEs, en: authEn } });
