import { addNamespaces } from '../../lib/i18n.ts';
import exportEs from '../../locales/es/privacy-export.json';

/** The personal data export's texts (issue 16). */
addNamespaces({ 'privacy-export': { es: exportEs, en: () => import('../../locales/en/privacy-export.json') } });
