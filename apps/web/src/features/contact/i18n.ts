import { addNamespaces } from '../../lib/i18n.ts';
import contactEn from '../../locales/en/contact.json';
import contactEs from '../../locales/es/contact.json';

/** The contact pages' texts. */
addNamespaces({ contact: { es: contactEs, en: contactEn } });
