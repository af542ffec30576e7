import { addNamespaces } from '../../lib/i18n.ts';
import documentsEs from '../../locales/es/documents.json';

/** The documents' screen texts (the investor's documents page and a contract's documents). */
addNamespaces({ documents: { es: documentsEs, en: () => import('../../locales/en/documents.json') } });
