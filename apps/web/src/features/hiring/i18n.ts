import { addNamespaces } from '../../lib/i18n.ts';
import hiringEs from '../../locales/es/hiring.json';

/** The hiring screen's texts. */
addNamespaces({ hiring: { es: hiringEs, en: () => import('../../locales/en/hiring.json') } });
