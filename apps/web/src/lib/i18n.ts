import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, sharedMessages, type TLanguage } from '@kc/domain';

/**
 * i18next, initialised synchronously (stack-notes, gotcha 7) so prerendered pages carry their
 * Spanish text. The root bundles only what every page needs (layout, page titles, the messages
 * shared with the API); a feature adds its own namespaces with `addNamespaces` when its module
 * loads, which happens before its route renders, at build time and in the browser alike.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/{layout,pages}.json', { eager: true });

export function buildResources(): Resource {
  const resources: Resource = {};
  for (const language of LANGUAGES) resources[language] = { ...sharedMessages[language] } as Resource[string];
  for (const [file, module] of Object.entries(files)) {
    const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    resources[language] = { ...resources[language], [namespace]: module.default };
  }
  return resources;
}

type TBundle = Record<string, unknown>;

/** Registers a feature's namespaces in both languages (idempotent). */
export function addNamespaces(bundles: Record<string, { es: TBundle; en: TBundle }>): void {
  for (const [namespace, { es, en }] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle('es', namespace)) i18n.addResourceBundle('es', namespace, es);
    if (!i18n.hasResourceBundle('en', namespace)) i18n.addResourceBundle('en', namespace, en);
  }
}

export const LANGUAGE_STORAGE_KEY = 'kc.language';

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: buildResources(),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  defaultNS: 'layout',
  ns: Object.keys(buildResources()[DEFAULT_LANGUAGE] ?? {}),
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export function readStoredLanguage(): TLanguage | undefined {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as TLanguage) : undefined;
  } catch {
    return undefined;
  }
}

/** Switches the language, stores the choice (an essential preference) and updates <html lang>. */
export async function changeLanguage(language: TLanguage): Promise<void> {
  await i18n.changeLanguage(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
  document.documentElement.lang = language;
}

export const currentLanguage = (): TLanguage => (i18n.language === 'en' ? 'en' : 'es');
