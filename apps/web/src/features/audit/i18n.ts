import { addNamespaces } from '../../lib/i18n.ts';
import auditEs from '../../locales/es/audit.json';

/** The audit log's texts. */
addNamespaces({ audit: { es: auditEs, en: () => import('../../locales/en/audit.json') } });
