import { addNamespaces } from '../../lib/i18n.ts';
import contactEs from '../../locales/es/contact.json';

/** The contact pages' texts. */
addNamespaces({ contact: { es: contactEs, en: () => import('../../locales/en/contact.json') } });
