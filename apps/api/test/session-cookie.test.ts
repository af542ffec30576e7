import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCookieTokenResponse } from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { login } from './helpers/accounts.ts';
import { tokenFor } from './helpers/auth.ts';
import { hashToken } from '../src/lib/tokens.ts';

const PASSWORD = 'demo-password-2026';
const COOKIE = '__Host-kc_session';

/** The attributes of a Set-Cookie header, by lower-case name (the pair itself under `name`/`value`). */
function parseSetCookie(header: string | string[] | undefined): { name: string; value: string; attributes: Record<string, string | true> } {
  const line = Array.isArray(header) ? header[0]! : header!;
  const [pair, ...rest] = line.split(';').map((part) => part.trim());
  const at = pair!.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq < 0) attributes[part.toLowerCase()] = true;
    else attributes[part.slice(0, eq).toLowerCase()] = part.slice(eq + 1);
  }
  return { name: pair!.slice(0, at), value: pair!.slice(at + 1), attributes };
}

describe.each(DB_KINDS)('the web app session cookie on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t.close());

  /** A cookie login of the investor: the cookie's token and the answer's CSRF token. */
  async function cookieLogin(extra: Record<string, string> = {}) {
    const res = await login(t.app, { username: 'investor@kc.example', password: PASSWORD, session: 'cookie', ...extra });
    expect(res.statusCode).toBe(200);
    const cookie = parseSetCookie(res.headers['set-cookie']);
    const body = ZCookieTokenResponse.parse(res.json());
    return { res, cookie, token: cookie.value, csrf: body.csrf_token };
  }

  const withCookie = (token: string, headers: Record<string, string> = {}) => ({ cookie: `other=1; ${COOKIE}=${token}`, 'company-id': '1', ...headers });
  const tickets = async () => (await t.db.selectFrom('notification_stream_tickets').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
  const streamTicket = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/notifications/stream-ticket', headers });

  it('sets the token as an HttpOnly, Secure, SameSite=Strict cookie on / and keeps it out of the answer', async () => {
    const { res, cookie, token, csrf } = await cookieLogin();
    expect(cookie.name).toBe(COOKIE);
    expect(cookie.attributes).toMatchObject({ httponly: true, secure: true, samesite: 'Strict', path: '/' });
    expect(cookie.attributes).not.toHaveProperty('domain');
    // Not remembered: the cookie ends with the browser.
    expect(cookie.attributes).not.toHaveProperty('max-age');
    expect(cookie.attributes).not.toHaveProperty('expires');
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<Record<string, unknown>>();
    expect(body).not.toHaveProperty('access_token');
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'api' });
    expect(res.body).not.toContain(token);
    expect(csrf).not.toContain(token);
    // The cookie is a real session: only its hash is stored.
    const stored = await t.db.selectFrom('access_tokens').select('token_hash').where('token_hash', '=', hashToken(token)).executeTakeFirst();
    expect(stored).toBeDefined();
  });

  it('keeps a remembered session for the token lifetime, and refuses an unknown session kind', async () => {
    const { cookie } = await cookieLogin({ remember: 'true' });
    expect(cookie.attributes['max-age']).toBe('3600');
    const odd = await login(t.app, { username: 'investor@kc.example', password: PASSWORD, session: 'jar' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toMatchObject({ error: 'invalid_request' });
    expect(odd.headers['set-cookie']).toBeUndefined();
  });

  it('answers a GET with the cookie alone, and gives a cookie session its CSRF token with the identity', async () => {
    const { token, csrf } = await cookieLogin();
    const who = await t.app.inject({ url: '/api/users/identity', headers: withCookie(token) });
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ username: 'investor@kc.example', roles: ['INVESTOR'], csrfToken: csrf });
    // A bearer client gets no CSRF token: it needs none.
    const bearer = await t.app.inject({ url: '/api/users/identity', headers: { authorization: `Bearer ${token}`, 'company-id': '1' } });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.json()).not.toHaveProperty('csrfToken');
  });

  it('refuses a state-changing call of a cookie session without its CSRF token (403, nothing done), in the caller language', async () => {
    const { token, csrf } = await cookieLogin();
    const before = await tickets();
    const missing = await streamTicket(withCookie(token, { 'accept-language': 'es' }));
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ code: 'csrfTokenInvalid', detail: expect.stringContaining('Recargue la página') });
    const wrong = await streamTicket(withCookie(token, { 'x-csrf-token': `${csrf.slice(0, -2)}xx`, 'accept-language': 'en' }));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'csrfTokenInvalid', detail: expect.stringContaining('Reload the page') });
    // Another session's CSRF token is no proof for this one.
    const other = await cookieLogin();
    expect((await streamTicket(withCookie(token, { 'x-csrf-token': other.csrf }))).statusCode).toBe(403);
    // A browser that says the call comes from another site is refused even with the right token.
    expect((await streamTicket(withCookie(token, { 'x-csrf-token': csrf, origin: 'https://evil.example' }))).statusCode).toBe(403);
    expect((await streamTicket(withCookie(token, { 'x-csrf-token': csrf, 'sec-fetch-site': 'cross-site' }))).statusCode).toBe(403);
    expect(await tickets()).toBe(before);

    const right = await streamTicket(withCookie(token, { 'x-csrf-token': csrf, 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' }));
    expect(right.statusCode).toBe(200);
    expect(Number(await tickets())).toBe(Number(before) + 1);
  });

  it('asks no CSRF token of a bearer client, and prefers the bearer header when both come', async () => {
    const { token } = await cookieLogin();
    const advisor = await tokenFor(t.db, 'advisor@kc.example');
    const bearerOnly = await streamTicket({ authorization: `Bearer ${advisor.token}`, 'company-id': '1' });
    expect(bearerOnly.statusCode).toBe(200);
    const both = await streamTicket(withCookie(token, { authorization: `Bearer ${advisor.token}` }));
    expect(both.statusCode).toBe(200);
    const who = await t.app.inject({ url: '/api/users/identity', headers: withCookie(token, { authorization: `Bearer ${advisor.token}` }) });
    expect(who.json()).toMatchObject({ id: advisor.userId });
    // A broken header is not saved by the cookie.
    const broken = await t.app.inject({ url: '/api/users/identity', headers: withCookie(token, { authorization: 'Basic abc' }) });
    expect(broken.statusCode).toBe(401);
  });

  it('refuses the cookie with another company-id, as it refuses the bearer', async () => {
    const { token, csrf } = await cookieLogin();
    await t.db.insertInto('companies').values({ id: 'other-co', name: 'Otra', contact_email: 'otra@kc.example' }).onConflict((oc) => oc.doNothing()).execute();
    const identityIn = (headers: Record<string, string>) => t.app.inject({ url: '/api/users/identity', headers });
    expect((await identityIn({ authorization: `Bearer ${token}`, 'company-id': 'other-co' })).statusCode).toBe(401);
    expect((await identityIn(withCookie(token, { 'company-id': 'other-co' }))).statusCode).toBe(401);
    expect((await streamTicket(withCookie(token, { 'company-id': 'other-co', 'x-csrf-token': csrf }))).statusCode).toBe(401);
    expect((await identityIn(withCookie(token))).statusCode).toBe(200);
  });

  it('logs out: the revocation needs the CSRF token, revokes the session and removes the cookie', async () => {
    const { token, csrf } = await cookieLogin();
    const revoke = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/oauth/revoke',
        headers: { ...withCookie(token, headers), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ client_id: 'kc-mobile', client_secret: 'kc-mobile-secret' }).toString(),
      });
    const refused = await revoke({ 'accept-language': 'en' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'invalid_request', code: 'csrfTokenInvalid', error_description: expect.stringContaining('Reload the page') });
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect((await t.app.inject({ url: '/api/users/identity', headers: withCookie(token) })).statusCode).toBe(200);

    const done = await revoke({ 'x-csrf-token': csrf });
    expect(done.statusCode).toBe(200);
    const cleared = parseSetCookie(done.headers['set-cookie']);
    expect(cleared).toMatchObject({ name: COOKIE, value: '' });
    expect(cleared.attributes).toMatchObject({ 'max-age': '0', path: '/', secure: true, httponly: true });
    const row = await t.db.selectFrom('access_tokens').select('revoked_at').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    expect((await t.app.inject({ url: '/api/users/identity', headers: withCookie(token) })).statusCode).toBe(401);
    // A dead session is 401 before any CSRF question, so the web app signs in again.
    expect((await streamTicket(withCookie(token))).statusCode).toBe(401);
  });
});
