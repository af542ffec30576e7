import { addNamespaces } from '../../../lib/i18n.ts';
import contentEs from '../../../locales/es/content.json';
import '../i18n.ts';

/** The content pages' texts (coin, FAQ, sales FAQ, careers). */
addNamespaces({ content: { es: contentEs, en: () => import('../../../locales/en/content.json') } });
