import { addNamespaces } from '../../lib/i18n.ts';
import erasureEs from '../../locales/es/erasure.json';

/** The erasure's texts (issue 16, Art. 17): the account section and the confirmation page. */
addNamespaces({ erasure: { es: erasureEs, en: () => import('../../locales/en/erasure.json') } });
