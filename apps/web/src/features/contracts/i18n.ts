import { addNamespaces } from '../../lib/i18n.ts';
import contractsEs from '../../locales/es/contracts.json';

/** The investor area's texts (dashboard, contract list and details, advisor page). */
addNamespaces({ contracts: { es: contractsEs, en: () => import('../../locales/en/contracts.json') } });
