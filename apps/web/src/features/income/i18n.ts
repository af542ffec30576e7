import { addNamespaces } from '../../lib/i18n.ts';
import incomeScreensEs from '../../locales/es/income-screens.json';

/**
 * Income's screen texts (distributions, the investor's holdings, the value chart). Not `income`:
 * that namespace is the shared catalogue of the income schemas' field messages (`income.errors.*`).
 */
addNamespaces({ incomeScreens: { es: incomeScreensEs, en: () => import('../../locales/en/income-screens.json') } });
