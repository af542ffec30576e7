import { addNamespaces } from '../../lib/i18n.ts';
import assetsScreensEs from '../../locales/es/assets-screens.json';

/**
 * The assets' screen texts (public list and detail, ADMIN's screen). Not `assets`: that
 * namespace is the shared catalogue of the assets' field messages (`assets.errors.*`).
 */
addNamespaces({ assetsScreens: { es: assetsScreensEs, en: () => import('../../locales/en/assets-screens.json') } });
