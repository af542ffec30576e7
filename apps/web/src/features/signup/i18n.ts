import { addNamespaces } from '../../lib/i18n.ts';
import signupEs from '../../locales/es/signup.json';

/** The sign-up wizard's and the confirmation page's texts. */
addNamespaces({ signup: { es: signupEs, en: () => import('../../locales/en/signup.json') } });
