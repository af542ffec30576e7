import { addNamespaces } from '../../lib/i18n.ts';
import hiringEn from '../../locales/en/hiring.json';
import hiringEs from '../../locales/es/hiring.json';

/** The hiring screen's texts. */
addNamespaces({ hiring: { es: hiringEs, en: hiringEn } });
