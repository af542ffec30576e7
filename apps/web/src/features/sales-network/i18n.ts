import { addNamespaces } from '../../lib/i18n.ts';
import salesEs from '../../locales/es/sales.json';

/** The sales network's texts. */
addNamespaces({ sales: { es: salesEs, en: () => import('../../locales/en/sales.json') } });
