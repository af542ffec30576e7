import { addNamespaces } from '../../lib/i18n.ts';
import { addSharedNamespaces } from '../../lib/shared-messages.ts';
import calculatorsEs from '../../locales/es/calculators.json';

// The calculators' texts, registered when the feature's modules load (before any of its
// screens renders, at build time and in the browser alike).
addNamespaces({ calculators: { es: calculatorsEs, en: () => import('../../locales/en/calculators.json') } });
// The charts' series names and labels come from the catalogue shared with the API.
addSharedNamespaces(['calculator']);
