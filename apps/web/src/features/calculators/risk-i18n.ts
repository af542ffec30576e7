import { addNamespaces } from '../../lib/i18n.ts';
import riskEs from '../../locales/es/risk.json';

// The risk warning's texts, registered with the screens that show it (not with the page's
// title, which loads first).
addNamespaces({ risk: { es: riskEs, en: () => import('../../locales/en/risk.json') } });
