import { addNamespaces } from '../../lib/i18n.ts';
import loginEs from '../../locales/es/strong-auth-login.json';

/** The login page's second step and passkey button (issue 18): a namespace of its own, so the login page carries only these. */
addNamespaces({ strongAuthLogin: { es: loginEs, en: () => import('../../locales/en/strong-auth-login.json') } });
