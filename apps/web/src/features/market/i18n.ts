import { addNamespaces } from '../../lib/i18n.ts';
import marketScreensEs from '../../locales/es/market-screens.json';

/** The KC market's screen texts (issue 18): the public page, buying, selling, one's own offers and trades. */
addNamespaces({ marketScreens: { es: marketScreensEs, en: () => import('../../locales/en/market-screens.json') } });
