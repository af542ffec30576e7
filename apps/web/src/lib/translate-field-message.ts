import { decodeMessage } from '@kc/domain';
import type { TFunction } from 'i18next';
import { addSharedNamespaces, SHARED_NAMESPACES } from './shared-messages.ts';

// Every form shows field messages: their catalogues come with this module.
addSharedNamespaces();

/**
 * A field's message as shown: schema messages are keys of the shared catalogues
 * (`validation.required`, `accounts.errors.ccvLength`), translated here; messages that came
 * from the server are already in the page's language and are shown as they are.
 */
export function translateFieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const { key, params } = decodeMessage(message);
  const dot = key.indexOf('.');
  const ns = key.slice(0, dot);
  if (!SHARED_NAMESPACES.includes(ns)) return message;
  return t(key.slice(dot + 1), { ns, ...params, defaultValue: message });
}
