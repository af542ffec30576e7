import { addNamespaces } from '../../lib/i18n.ts';
import jobsScreensEs from '../../locales/es/jobs-screens.json';

/**
 * The jobs board's screen texts (issue 17, web). Not `jobs`: that namespace is the shared
 * catalogue of the jobs board's field messages (`jobs.errors.*`).
 */
addNamespaces({ jobsScreens: { es: jobsScreensEs, en: () => import('../../locales/en/jobs-screens.json') } });
