import { sharedMessages } from '@kc/domain';
import { addNamespaces } from './i18n.ts';

type TBundle = Record<string, unknown>;

/** The catalogues shared with the API (`validation`, `accounts`, `calculator`). */
export const SHARED_NAMESPACES = Object.keys(sharedMessages.es);

/**
 * Registers shared catalogues as i18n namespaces, with the screens that use them (forms, the
 * calculators' charts), so pages without them do not carry them.
 */
export function addSharedNamespaces(namespaces: readonly string[] = SHARED_NAMESPACES): void {
  addNamespaces(Object.fromEntries(namespaces.map((ns) => [ns, { es: sharedMessages.es[ns] as TBundle, en: sharedMessages.en[ns] as TBundle }])));
}
