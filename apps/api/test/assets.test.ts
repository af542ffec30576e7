import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import { DEMO_ASSETS, seedAssets } from '../src/db/seed/assets.ts';

const NOWHERE = '00000000-0000-4000-8000-000000000000';

const home = (overrides: Record<string, unknown> = {}) => ({
  kind: 'HOME',
  title: 'Piso en Gràcia',
  description: 'Piso de dos dormitorios en Gràcia, reformado, alquilado con contrato de cinco años.',
  address: 'Carrer de Verdi, 12, 2.º 1.ª, 08012',
  city: 'Barcelona',
  province: 'Barcelona',
  country: 'España',
  builtArea: '68.4',
  rooms: 2,
  bathrooms: 1,
  acquisitionDate: '2021-05-10',
  acquisitionPrice: '265000',
  valuation: '289500.00',
  valuationDate: '2025-06-30',
  monthlyRent: '1380.00',
  occupancy: 'RENTED',
  energyRating: 'C',
  photos: [{ url: '/web/img/assets/vivienda-valencia.svg', altEs: 'Fachada del edificio', altEn: 'Front of the building', caption: 'Fachada' }],
  ...overrides,
});

const plantation = (overrides: Record<string, unknown> = {}) => ({
  kind: 'PLANTATION',
  title: 'Plantación de paulownia en Ourense',
  description: 'Finca de seis hectáreas en la ribera del Miño plantada con paulownia en 2022.',
  location: 'Parcela 45, polígono 3',
  city: 'Ribadavia',
  province: 'Ourense',
  country: 'España',
  hectares: '6.25',
  treesPlanted: 4375,
  plantingDate: '2022-03-01',
  expectedHarvestYear: 2029,
  acquisitionDate: '2021-12-01',
  acquisitionPrice: '45000.00',
  valuation: '52000.00',
  valuationDate: '2025-06-30',
  expectedTimberVolume: '1500',
  certification: 'PEFC',
  photos: [{ url: '/web/img/assets/paulownia-lugo.svg', altEs: 'Paulownias jóvenes', altEn: 'Young paulownia trees', caption: '' }],
  ...overrides,
});

/**
 * Properties and plantations behind KC (issue 15, part assets) through the real server: ADMIN
 * creates, edits, publishes and withdraws (audited); everyone sees only what is published, with
 * exact figures; bad input is refused with a clear error and stores nothing; another company's
 * ids are 404.
 */
describe.each(DB_KINDS)('assets on %s', (kind) => {
  let t: TTestApp;
  const h: Record<string, Record<string, string>> = {};
  const count = async (table: 'assets' | 'audit_log') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => ({ assets: await count('assets'), audit: await count('audit_log') });
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, who = 'admin@kc.example') =>
    t.app.inject({ method, url, headers: h[who], ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const publicGet = (url: string, company = '1') => t.app.inject({ url, headers: { 'company-id': company, 'accept-language': 'es' } });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    for (const email of ['admin@kc.example', 'company.manager@kc.example', 'advisor@kc.example', 'investor@kc.example']) {
      h[email] = await authHeaders(t.db, email);
    }
    await t.db
      .insertInto('users')
      .values({ company_id: '2', email: 'admin@other.example', password_hash: 'x', first_name: 'Otra', last_name: 'Admin', roles: ['ADMIN'], confirmed_at: new Date(), country_id: 'ES', language: 'es' })
      .execute();
    h['other.admin'] = await authHeaders(t.db, 'admin@other.example');
  });
  afterAll(async () => t?.close());

  it('seeds five published demo assets and a draft, with exact figures, and seeding again adds nothing', async () => {
    const res = await publicGet('/api/assets');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.apartmentList.map((a: { title: string }) => a.title)).toEqual(['Piso en Ruzafa', 'Casa adosada en Dos Hermanas', 'Piso en el barrio de Delicias']);
    expect(body.plantationList).toHaveLength(2);
    expect(body.productoInversion).toEqual({
      homes: 3,
      rentedHomes: 2,
      rentedPercent: '66.6',
      monthlyRent: '2130.00',
      plantations: 2,
      hectares: '20.7000',
      trees: 14490,
      homesValuation: '590300.00',
      plantationsValuation: '210150.00',
      totalValuation: '800450.00',
    });
    expect(JSON.stringify(body)).not.toContain('Teatinos');
    const before = await counts();
    await seedAssets(t.db);
    expect(await counts()).toEqual(before);
    expect(DEMO_ASSETS.filter((a) => a.status === 'DRAFT')).toHaveLength(1);
    // Another company has none of them.
    expect((await publicGet('/api/assets', '2')).json().apartmentList).toEqual([]);
  });

  it('lets ADMIN create a draft (audited) that nobody else sees, edit it, publish it, and withdraw it', async () => {
    const before = await counts();
    const created = await admin('POST', '/api/admin/assets', home());
    expect(created.statusCode).toBe(201);
    const asset = created.json();
    expect(asset).toMatchObject({ status: 'DRAFT', kind: 'HOME', builtArea: '68.40', acquisitionPrice: '265000.00', hectares: null, publishedAt: null });
    expect(await counts()).toEqual({ assets: before.assets + 1, audit: before.audit + 1 });
    const entry = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'asset.create').where('entity_id', '=', asset.id).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ entity_type: 'asset', company_id: '1' });

    // A draft is not public, and not listed.
    expect((await publicGet(`/api/assets/${asset.id}`)).statusCode).toBe(404);
    expect(JSON.stringify((await publicGet('/api/assets')).json())).not.toContain('Piso en Gràcia');

    const edited = await admin('PUT', `/api/admin/assets/${asset.id}`, home({ monthlyRent: '1400', title: 'Piso en la Vila de Gràcia' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ monthlyRent: '1400.00', title: 'Piso en la Vila de Gràcia', status: 'DRAFT' });
    const update = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'asset.update').where('entity_id', '=', asset.id).executeTakeFirstOrThrow();
    expect(update.before).toMatchObject({ monthlyRent: '1380.00' });
    expect(update.after).toMatchObject({ monthlyRent: '1400.00' });

    const published = await admin('POST', `/api/admin/assets/${asset.id}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json().status).toBe('PUBLISHED');
    expect(published.json().publishedAt).not.toBeNull();
    const detail = await publicGet(`/api/assets/${asset.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ title: 'Piso en la Vila de Gràcia', photos: home().photos });
    const list = (await publicGet('/api/assets')).json();
    expect(list.productoInversion).toMatchObject({ homes: 4, rentedHomes: 3, rentedPercent: '75.0', monthlyRent: '3530.00', totalValuation: '1089950.00' });
    // Logged-in investors see the same.
    expect((await t.app.inject({ url: `/api/assets/${asset.id}`, headers: h['investor@kc.example'] })).statusCode).toBe(200);

    const twice = await admin('POST', `/api/admin/assets/${asset.id}/publish`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('assetAlreadyPublished');

    const withdrawn = await admin('POST', `/api/admin/assets/${asset.id}/withdraw`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'WITHDRAWN' });
    expect((await publicGet(`/api/assets/${asset.id}`)).statusCode).toBe(404);
    expect((await admin('POST', `/api/admin/assets/${asset.id}/withdraw`)).json().code).toBe('assetNotPublished');
    const actions = await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', asset.id).orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['asset.create', 'asset.update', 'asset.publish', 'asset.withdraw']);

    const list2 = await admin('GET', '/api/admin/assets?status=WITHDRAWN&kind=HOME&q=gr%C3%A0cia');
    expect(list2.statusCode).toBe(200);
    expect(list2.json()).toMatchObject({ total: 1, assets: [{ id: asset.id }] });
    expect((await admin('GET', '/api/admin/assets?status=DRAFT')).json().assets.map((a: { title: string }) => a.title)).toEqual(['Apartamento en Teatinos']);
  });

  it('creates a plantation with exact decimals, and never turns it into a home', async () => {
    const res = await admin('POST', '/api/admin/assets', plantation({ address: 'ignored', rooms: 3 }));
    expect(res.statusCode).toBe(201);
    const asset = res.json();
    expect(asset).toMatchObject({ kind: 'PLANTATION', hectares: '6.2500', expectedTimberVolume: '1500.00', treesPlanted: 4375, address: null, rooms: null });
    const before = await counts();
    const change = await admin('PUT', `/api/admin/assets/${asset.id}`, home());
    expect(change.statusCode).toBe(409);
    expect(change.json().code).toBe('assetKindChange');
    expect(await counts()).toEqual(before);
  });

  it('refuses publishing an asset without photos', async () => {
    const created = (await admin('POST', '/api/admin/assets', home({ photos: [] }))).json();
    const res = await admin('POST', `/api/admin/assets/${created.id}/publish`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('assetPublishIncomplete');
    expect((await admin('GET', `/api/admin/assets/${created.id}`)).json().status).toBe('DRAFT');
  });

  it.each([
    [home({ acquisitionPrice: '10.005' }), 'acquisitionPrice', 'Indique un importe en euros mayor que cero, con dos decimales como máximo (por ejemplo, 245000.00)'],
    [home({ acquisitionPrice: 265000 }), 'acquisitionPrice', 'Indique un importe en euros mayor que cero, con dos decimales como máximo (por ejemplo, 245000.00)'],
    [home({ valuation: '0' }), 'valuation', 'Indique un importe en euros mayor que cero, con dos decimales como máximo (por ejemplo, 245000.00)'],
    [home({ builtArea: '-3' }), 'builtArea', 'Indique la superficie en m² mayor que cero, con dos decimales como máximo (por ejemplo, 84.50)'],
    [home({ rooms: 2.5 }), 'rooms', 'Indique un número entero entre 0 y 50'],
    [home({ occupancy: 'SOLD' }), 'occupancy', 'Indique si la vivienda está alquilada o vacía'],
    [home({ energyRating: 'H' }), 'energyRating', 'Elija la calificación energética (de A a G)'],
    [home({ occupancy: 'VACANT' }), 'monthlyRent', 'Una vivienda vacía no tiene renta mensual: indique 0'],
    [home({ address: undefined }), 'address', 'Escriba entre 3 y 200 caracteres'],
    [home({ valuationDate: '2020-01-01' }), 'valuationDate', 'La fecha de la tasación no puede ser anterior a la de adquisición'],
    [home({ acquisitionDate: '2999-01-01', valuationDate: '2999-02-01' }), 'acquisitionDate', 'La fecha no puede ser posterior a hoy'],
    [home({ photos: [{ url: 'javascript:alert(1)', altEs: 'Fachada', altEn: 'Front', caption: '' }] }), 'photos.0.url', 'Indique la dirección de la imagen en este sitio: una ruta que empieza por / (por ejemplo, /web/img/assets/fachada.jpg)'],
    [home({ photos: [{ url: '/web/a.svg', altEs: '', altEn: 'Front', caption: '' }] }), 'photos.0.altEs', 'Escriba entre 3 y 200 caracteres'],
    [home({ kind: 'CASTLE' }), 'kind', 'Elija el tipo de activo'],
    [plantation({ hectares: '1.23456' }), 'hectares', 'Indique las hectáreas, mayor que cero, con cuatro decimales como máximo (por ejemplo, 12.5000)'],
    [plantation({ expectedHarvestYear: 2020 }), 'expectedHarvestYear', 'El año de corta previsto no puede ser anterior al año de plantación'],
    [plantation({ treesPlanted: 0 }), 'treesPlanted', 'Indique un número entero entre 1 y 10000000'],
    [plantation({ plantingDate: '2022-02-30' }), 'plantingDate', 'Indique una fecha válida (AAAA-MM-DD)'],
  ])('refuses bad input %# with a clear message on its field, and stores nothing', async (payload, field, message) => {
    const before = await counts();
    const res = await admin('POST', '/api/admin/assets', payload);
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { field: string; message: string }[];
    expect(errors, JSON.stringify(errors)).toContainEqual({ field, message });
    expect(await counts()).toEqual(before);
  });

  it('refuses text with a NUL character or a lone surrogate without storing anything (a 400, never a 5xx)', async () => {
    const before = await counts();
    for (const payload of [home({ title: 'Piso\u0000 en Gràcia' }), home({ photos: [{ url: '/web/a.svg', altEs: 'Fachada \u0000', altEn: 'Front', caption: '' }] })]) {
      const res = await admin('POST', '/api/admin/assets', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('invalidValue');
    }
    expect(await counts()).toEqual(before);
    const surrogate = await admin('POST', '/api/admin/assets', home({ description: 'Piso \ud800 de dos dormitorios en Gràcia, reformado.' }));
    expect(surrogate.statusCode, surrogate.body).toBe(400);
    expect(surrogate.json()).toMatchObject({ code: 'invalidText', errors: [expect.objectContaining({ field: 'description' })] });
    expect(await counts()).toEqual(before);
  });

  it('lets ADMIN upload a JPEG, PNG or WebP photo (by its bytes, audited), served publicly with its type; anything else is refused', async () => {
    // A 1 × 1 PNG.
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const before = await count('audit_log');
    const res = await admin('POST', '/api/admin/assets/images', { data: png });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({ contentType: 'image/png', size: 70, url: `/api/asset-images/1/${image.id}` });
    expect(await count('audit_log')).toBe(before + 1);
    const served = await t.app.inject({ url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(Buffer.from(png, 'base64'))).toBe(true);
    // The address is usable as a photo of an asset.
    const created = await admin('POST', '/api/admin/assets', home({ photos: [{ url: image.url, altEs: 'Salón', altEn: 'Living room', caption: '' }] }));
    expect(created.statusCode).toBe(201);
    // Another company's address, an unknown id: 404.
    expect((await t.app.inject({ url: `/api/asset-images/2/${image.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/asset-images/1/${NOWHERE}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/asset-images/1/x' })).statusCode).toBe(404);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64');
    for (const [data, message] of [
      [svg, 'Elija una imagen JPEG, PNG o WebP'],
      ['not base64!', 'Elija una imagen JPEG, PNG o WebP'],
      ['', 'Elija una imagen JPEG, PNG o WebP'],
    ] as const) {
      const bad = await admin('POST', '/api/admin/assets/images', { data });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toContainEqual({ field: 'data', message });
    }
    const big = Buffer.alloc(2 * 1024 * 1024 + 3, 0xff).toString('base64');
    expect((await admin('POST', '/api/admin/assets/images', { data: big })).statusCode).toBe(400);
    expect((await admin('POST', '/api/admin/assets/images', { data: png }, 'company.manager@kc.example')).statusCode).toBe(403);
    expect(await count('audit_log')).toBe(before + 2);
  });

  it('lets only ADMIN manage assets; another company sees 404 for our ids', async () => {
    const draft = (await admin('GET', '/api/admin/assets?status=DRAFT')).json().assets[0];
    for (const who of ['company.manager@kc.example', 'advisor@kc.example', 'investor@kc.example']) {
      expect((await admin('POST', '/api/admin/assets', home(), who)).statusCode, who).toBe(403);
      expect((await admin('POST', `/api/admin/assets/${draft.id}/publish`, undefined, who)).statusCode, who).toBe(403);
      expect((await admin('GET', '/api/admin/assets', undefined, who)).statusCode, who).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/assets', headers: { 'company-id': '1' }, payload: home() })).statusCode).toBe(401);

    const before = await counts();
    const published = (await publicGet('/api/assets')).json().apartmentList[0];
    for (const id of [draft.id, published.id]) {
      expect((await admin('GET', `/api/admin/assets/${id}`, undefined, 'other.admin')).statusCode).toBe(404);
      expect((await admin('PUT', `/api/admin/assets/${id}`, home(), 'other.admin')).statusCode).toBe(404);
      expect((await admin('POST', `/api/admin/assets/${id}/publish`, undefined, 'other.admin')).statusCode).toBe(404);
      expect((await admin('POST', `/api/admin/assets/${id}/withdraw`, undefined, 'other.admin')).statusCode).toBe(404);
      expect((await publicGet(`/api/assets/${id}`, '2')).statusCode).toBe(404);
    }
    expect((await admin('GET', '/api/admin/assets', undefined, 'other.admin')).json()).toEqual({ assets: [], total: 0 });
    expect((await publicGet('/api/assets/not-a-uuid')).statusCode).toBe(404);
    expect((await publicGet(`/api/assets/${NOWHERE}`)).json().code).toBe('assetNotFound');
    expect(await counts()).toEqual(before);
    expect((await admin('GET', `/api/admin/assets/${draft.id}`)).json().status).toBe('DRAFT');
  });

  it('guards the row in the database too: a home without its fields or a vacant home with rent is refused', async () => {
    const columns = { company_id: '1', kind: 'HOME' as const, title: 'Sin campos', description: 'Una vivienda sin sus campos obligatorios.', city: 'X', province: 'X', country: 'X', acquisition_date: '2020-01-01', acquisition_price: '1.00', valuation: '1.00', valuation_date: '2020-01-01', photos: '[]' };
    await expect(t.db.insertInto('assets').values(columns).execute()).rejects.toThrow(/check/i);
    await expect(
      t.db
        .insertInto('assets')
        .values({ ...columns, address: 'Calle 1', built_area: '50', rooms: 1, bathrooms: 1, monthly_rent: '500', occupancy: 'VACANT', energy_rating: 'A' })
        .execute(),
    ).rejects.toThrow(/check/i);
  });
});
