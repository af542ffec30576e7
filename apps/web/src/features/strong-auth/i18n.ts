import { addNamespaces } from '../../lib/i18n.ts';
import screensEs from '../../locales/es/strong-auth-screens.json';

/** The security page, the step-up dialog and the staff enrolment page (issue 18). */
addNamespaces({ strongAuthScreens: { es: screensEs, en: () => import('../../locales/en/strong-auth-screens.json') } });
