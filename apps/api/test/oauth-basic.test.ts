import type { AddressInfo } from 'node:net';
import { ResourceOwnerPassword } from 'simple-oauth2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';

const INVESTOR = 'investor@kc.example';
const PASSWORD = 'demo-password-2026';
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe.each(DB_KINDS)('OAuth client authentication with HTTP Basic on %s', (kind) => {
  let t: TTestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t.close());

  const clientOf = (secret = 'kc-mobile-secret') =>
    new ResourceOwnerPassword({
      client: { id: 'kc-mobile', secret },
      auth: { tokenHost: base, tokenPath: '/oauth/token', revokePath: '/oauth/revoke' },
      http: { headers: { 'company-id': '1' } },
    });

  const identity = (token: string) => fetch(`${base}/api/users/identity`, { headers: { 'company-id': '1', authorization: `Bearer ${token}` } });

  it('lets a standard client (simple-oauth2, default settings) log in, call the API and log out', async () => {
    const accessToken = await clientOf().getToken({ username: INVESTOR, password: PASSWORD });
    const token = String(accessToken.token['access_token']);
    expect(accessToken.token).toMatchObject({ token_type: 'bearer', expires_in: expect.any(Number) });
    const res = await identity(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ username: INVESTOR, roles: ['INVESTOR'] });
    await accessToken.revoke('access_token');
    expect((await identity(token)).status).toBe(401);
  });

  it('answers a wrong Basic secret with 401 invalid_client and WWW-Authenticate: Basic', async () => {
    const failure = await clientOf('wrong-secret')
      .getToken({ username: INVESTOR, password: PASSWORD })
      .catch((error: unknown) => error as { output?: { statusCode: number; payload: unknown; headers: Record<string, string> }; data?: { payload: unknown } });
    expect(failure).toMatchObject({ output: { statusCode: 401 } });
    const res = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'company-id': '1', 'content-type': 'application/x-www-form-urlencoded', authorization: basic('kc-mobile', 'wrong') },
      body: new URLSearchParams({ grant_type: 'password', username: INVESTOR, password: PASSWORD }).toString(),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
    expect(await res.json()).toMatchObject({ error: 'invalid_client' });
    for (const header of ['Basic', 'Basic not-base64!', `Basic ${Buffer.from('no-colon').toString('base64')}`]) {
      const bad = await fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'company-id': '1', 'content-type': 'application/x-www-form-urlencoded', authorization: header },
        body: new URLSearchParams({ grant_type: 'password', username: INVESTOR, password: PASSWORD }).toString(),
      });
      expect(bad.status, header).toBe(401);
      expect(bad.headers.get('www-authenticate'), header).toMatch(/^Basic /);
      expect(await bad.json(), header).toMatchObject({ error: 'invalid_client' });
    }
  });

  it('refuses a client that authenticates both with Basic and in the body (invalid_request), on both endpoints', async () => {
    for (const [path, fields] of [
      ['/oauth/token', { grant_type: 'password', username: INVESTOR, password: PASSWORD }],
      ['/oauth/revoke', { token: 'whatever' }],
    ] as const) {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'company-id': '1', 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', authorization: basic('kc-mobile', 'kc-mobile-secret') },
        body: new URLSearchParams({ ...fields, client_id: 'kc-mobile', client_secret: 'kc-mobile-secret' }).toString(),
      });
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('two ways') });
    }
  });

  it('still accepts the client secret in the body, and revokes with Basic (RFC 7009)', async () => {
    const res = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'company-id': '1', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', client_id: 'kc-mobile', client_secret: 'kc-mobile-secret', username: INVESTOR, password: PASSWORD }).toString(),
    });
    expect(res.status).toBe(200);
    const { access_token: token } = (await res.json()) as { access_token: string };
    const wrong = await fetch(`${base}/oauth/revoke`, {
      method: 'POST',
      headers: { 'company-id': '1', 'content-type': 'application/x-www-form-urlencoded', authorization: basic('kc-mobile', 'nope') },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic /);
    expect((await identity(token)).status).toBe(200);
    const revoke = await fetch(`${base}/oauth/revoke`, {
      method: 'POST',
      headers: { 'company-id': '1', 'content-type': 'application/x-www-form-urlencoded', authorization: basic('kc-mobile', 'kc-mobile-secret') },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(revoke.status).toBe(200);
    expect((await identity(token)).status).toBe(401);
  });
});
