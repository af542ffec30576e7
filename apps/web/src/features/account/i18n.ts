import { addNamespaces } from '../../lib/i18n.ts';
import accountEs from '../../locales/es/account.json';

/** The account page's texts. */
addNamespaces({ account: { es: accountEs, en: () => import('../../locales/en/account.json') } });
