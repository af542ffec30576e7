import { addNamespaces } from '../../lib/i18n.ts';
import consentScreensEs from '../../locales/es/consent-screens.json';

/**
 * The consents section's texts (issue 16, consent records). Not `consents`: that namespace is the
 * shared catalogue of the consents' field messages (`consents.errors.*`).
 */
addNamespaces({ consentScreens: { es: consentScreensEs, en: () => import('../../locales/en/consent-screens.json') } });
