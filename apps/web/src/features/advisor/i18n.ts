import { addNamespaces } from '../../lib/i18n.ts';
import advisorEs from '../../locales/es/advisor.json';

/** The advisor's workspace texts (dashboard, queue, client page). */
addNamespaces({ advisor: { es: advisorEs, en: () => import('../../locales/en/advisor.json') } });
