import { addNamespaces } from '../../lib/i18n.ts';
import usersEs from '../../locales/es/users.json';

/** The user administration's and the password pages' texts. */
addNamespaces({ users: { es: usersEs, en: () => import('../../locales/en/users.json') } });
