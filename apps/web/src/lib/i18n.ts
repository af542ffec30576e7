import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@kc/domain/i18n/language.ts';

/**
 * i18next, initialised synchronously (stack-notes, gotcha 7) so prerendered pages carry their
 * Spanish text. Spanish, the default, ships with the code that shows it; English arrives on
 * demand (a small chunk per namespace) when the visitor chooses it, so Spanish readers never
 * download it. The root bundles only what every page needs (layout, page titles); a feature adds its namespaces with `addNamespaces` when its module
 * loads, which happens before its route renders, at build time and in the browser alike.
 */
const spanishFiles = import.meta.glob<{ default: TBundle }>('../locales/es/{layout,pages}.json', { eager: true });
const englishFiles = import.meta.glob<{ default: TBundle }>('../locales/en/{layout,pages}.json');

type TBundle = Record<string, unknown>;
/** English texts: the bundle itself, or how to fetch it. */
type TEnglish = TBundle | (() => Promise<{ default: TBundle }>);

const namespaceOf = (file: string) => /\/([\w-]+)\.json$/.exec(file)?.[1] ?? file;

/** English namespaces known but not loaded yet. */
const pendingEnglish = new Map<string, () => Promise<{ default: TBundle }>>();
for (const [file, load] of Object.entries(englishFiles)) pendingEnglish.set(namespaceOf(file), load);

/** The root's own namespaces, in Spanish. */
const rootSpanish: Resource[string] = Object.fromEntries(Object.entries(spanishFiles).map(([file, module]) => [namespaceOf(file), module.default]));

async function loadEnglish(namespace: string): Promise<void> {
  const load = pendingEnglish.get(namespace);
  if (!load) return;
  pendingEnglish.delete(namespace);
  try {
    const module = await load();
    if (!i18n.hasResourceBundle('en', namespace)) i18n.addResourceBundle('en', namespace, module.default);
  } catch (error) {
    // Offline or a failed chunk: the Spanish text stays (fallback) and the next switch retries.
    pendingEnglish.set(namespace, load);
    throw error;
  }
}

/** Loads every English namespace registered so far (before switching to English). */
export function loadAllEnglish(): Promise<void> {
  return Promise.all([...pendingEnglish.keys()].map(loadEnglish)).then(() => undefined);
}

/** Registers a feature's namespaces (idempotent); English loads at once if it is the language. */
export function addNamespaces(bundles: Record<string, { es: TBundle; en: TEnglish }>): void {
  for (const [namespace, { es, en }] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle('es', namespace)) i18n.addResourceBundle('es', namespace, es);
    if (i18n.hasResourceBundle('en', namespace) || pendingEnglish.has(namespace)) continue;
    if (typeof en === 'function') {
      pendingEnglish.set(namespace, en);
      if (i18n.language === 'en') void loadEnglish(namespace).catch(() => undefined);
    } else {
      i18n.addResourceBundle('en', namespace, en);
    }
  }
}

export const LANGUAGE_STORAGE_KEY = 'kc.language';

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { es: rootSpanish, en: {} },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  defaultNS: 'layout',
  ns: Object.keys(rootSpanish),
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  // A namespace's English texts may arrive after its screen rendered: render again then.
  react: { bindI18nStore: 'added' },
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
  if (language === 'en') await loadAllEnglish();
  await i18n.changeLanguage(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
  document.documentElement.lang = language;
}

export const currentLanguage = (): TLanguage => (i18n.language === 'en' ? 'en' : 'es');
