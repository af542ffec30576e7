import { addNamespaces } from '../../lib/i18n.ts';
import incomeEs from '../../locales/es/income.json';

/** Income's screen texts (distributions, the investor's holdings, value chart). */
addNamespaces({ income: { es: incomeEs, en: () => import('../../locales/en/income.json') } });
