import { addNamespaces } from '../../lib/i18n.ts';
import es from '../../locales/es/investor-protection.json';

/** The appropriateness test's and the hire's investor-protection texts (issue 16). */
addNamespaces({ investorProtectionScreens: { es, en: () => import('../../locales/en/investor-protection.json') } });
