import { addNamespaces } from '../../lib/i18n.ts';
import leadsEs from '../../locales/es/leads.json';

/** The agent's workspace and the pending assignments' texts. */
addNamespaces({ leads: { es: leadsEs, en: () => import('../../locales/en/leads.json') } });
