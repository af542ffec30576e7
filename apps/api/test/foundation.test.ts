import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSecurityHeaders, isApiUrl, securityHeaders } from '../src/plugins/security.ts';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';

describe.each(DB_KINDS)('foundation on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t.close());

  it('answers health and readiness', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('sends the API security headers on every API answer, and only those', async () => {
    const expected = {
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    };
    // A success, a problem from a hook, an unknown route, and the OAuth endpoint outside /api.
    for (const res of [
      await t.app.inject('/api/health'),
      await t.app.inject('/api/company'),
      await t.app.inject('/api/nope'),
      await t.app.inject({ method: 'POST', url: '/oauth/token' }),
    ]) {
      expect(res.headers).toMatchObject(expected);
      for (const pageOnly of ['referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection', 'x-dns-prefetch-control']) {
        expect(res.headers[pageOnly], pageOnly).toBeUndefined();
      }
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const production = apiSecurityHeaders(true);
    expect(production['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(production).toMatchObject(expected);
  });

  it('sends the full document set (helmet 8 defaults) on everything else', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' data:;" +
        "font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/', '/web/', '/somewhere']) {
      const res = await t.app.inject(url);
      expect(res.headers, url).toMatchObject(expected);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    // The API's HTML docs are a page: the document set, CSP included (Swagger UI's own refused its styles).
    for (const url of ['/api/docs/', '/api/docs/static/index.html']) expect((await t.app.inject(url)).headers, url).toMatchObject(expected);
    const production = securityHeaders(true);
    expect(production['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(production).toMatchObject(expected);
  });

  it('tells API URLs from the rest', () => {
    for (const url of ['/api/dashboard/NEW', '/api/health?x=1', '/oauth/token']) expect(isApiUrl(url), url).toBe(true);
    for (const url of ['/', '/web/dashboard', '/api/docs/', '/api/docs/json', '/apis', '/oauthx']) expect(isApiUrl(url), url).toBe(false);
  });

  it('refuses a tenant route without company-id, in the request language', async () => {
    const es = await t.app.inject({ url: '/api/company' });
    expect(es.statusCode).toBe(400);
    expect(es.headers['content-type']).toContain('application/problem+json');
    expect(es.json()).toMatchObject({ status: 400, code: 'companyMissing', title: 'Falta la empresa' });
    const en = await t.app.inject({ url: '/api/company', headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(en.json()).toMatchObject({ code: 'companyMissing', title: 'Company missing' });
    expect(en.json().detail).toBe('The company-id header is required for this operation.');
  });

  it('refuses an unknown company', async () => {
    const res = await t.app.inject({ url: '/api/company', headers: { 'company-id': '999' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'companyUnknown', detail: 'La empresa «999» no existe.' });
  });

  it('answers a known company with its public profile only', async () => {
    const one = await t.app.inject({ url: '/api/company', headers: { 'company-id': '1' } });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ id: '1', name: 'KC' });
    const two = await t.app.inject({ url: '/api/company', headers: { 'company-id': '2' } });
    expect(two.json()).toEqual({ id: '2', name: 'Other Savings Co.' });
  });

  it('answers unknown API routes with a problem, not internals', async () => {
    const res = await t.app.inject({ url: '/api/nope', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ type: 'https://kc.example/problems/routeNotFound', status: 404, title: 'Not found' });
  });

  it('refuses an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/company',
      headers: { 'company-id': '1', 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(70 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payloadTooLarge' });
  });

  it('answers malformed JSON with a 400 problem, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'company-id': '1', 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'malformedBody', detail: 'The request body cannot be read.' });
  });

  it('answers a URL the router cannot read with a problem in the request language, not Fastify\'s own JSON', async () => {
    // Found by the fuzzer: a path that is not valid percent-encoding, or a path parameter longer
    // than the router's limit, got Fastify's {error, code: "FST_ERR_…", message} with the path.
    const bad = await t.app.inject({ url: '/api/contracts/%', headers: { 'company-id': '1', 'accept-language': 'en' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(bad.json()).toMatchObject({ code: 'malformedUrl', status: 400, title: 'Invalid URL', detail: 'The request URL is not valid.' });
    expect(bad.body).not.toMatch(/FST_|not a valid url component/);
    const long = await t.app.inject({ url: `/api/lookup/cities/${'a'.repeat(200)}`, headers: { 'company-id': '1' } });
    expect(long.statusCode).toBe(414);
    expect(long.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(long.json()).toMatchObject({ code: 'urlTooLong', status: 414, title: 'URL demasiado larga' });
    expect(long.body).not.toMatch(/FST_|max param length/);
  });

  it('serves the OpenAPI document generated from the routes, and its reference UI', async () => {
    const doc = await t.app.inject('/api/openapi.json');
    expect(doc.statusCode).toBe(200);
    const body = doc.json();
    expect(body.openapi).toMatch(/^3\./);
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/ready', '/api/company']));
    const ui = await t.app.inject('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('compresses large answers', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('seeds idempotently', async () => {
    const { seedDemo } = await import('../src/db/seed/demo.ts');
    const before = await t.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    await seedDemo(t.db, { baseYear: 2020 });
    const after = await t.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(Number(after.n)).toBeGreaterThanOrEqual(10);
  });
});
