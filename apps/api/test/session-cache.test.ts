import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { SessionCache, type TSession } from '../src/lib/session-cache.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { deactivateUser } from '../src/modules/users/repository.ts';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { tokenFor } from './helpers/auth.ts';
import { login, revokeToken } from './helpers/accounts.ts';

const session = (expiresInMs = 3_600_000): TSession => ({
  id: 'u1',
  company_id: '1',
  email: 'a@example.com',
  roles: ['INVESTOR'],
  is_temporal_password: false,
  token_company: '1',
  expires_at: new Date(Date.now() + expiresInMs),
  second_factor_at: null,
  has_second_factor: false,
});

describe('SessionCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a repeated token from memory until its bound, then looks it up again', async () => {
    vi.useFakeTimers();
    const cache = new SessionCache(2000);
    const load = vi.fn(async () => session());
    expect(await cache.resolve('h', load)).toMatchObject({ id: 'u1' });
    expect(await cache.resolve('h', load)).toMatchObject({ id: 'u1' });
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1999);
    await cache.resolve('h', load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2);
    await cache.resolve('h', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never keeps a session past its token expiry', async () => {
    vi.useFakeTimers();
    const cache = new SessionCache(10_000);
    const load = vi.fn(async () => session(500));
    await cache.resolve('h', load);
    vi.advanceTimersByTime(501);
    await cache.resolve('h', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('lets go of expired sessions as new ones arrive: tokens seen once are not kept for ever', async () => {
    vi.useFakeTimers();
    const cache = new SessionCache(2000);
    for (let i = 0; i < 1000; i += 1) await cache.resolve(`once-${i}`, async () => session());
    expect(cache.size).toBe(1000);
    vi.advanceTimersByTime(1000);
    await cache.resolve('later', async () => session());
    expect(cache.size).toBe(1001); // none expired yet
    vi.advanceTimersByTime(1001);
    await cache.resolve('newest', async () => session());
    // The thousand first ones are past their bound; 'later' (1 s younger) and 'newest' are not.
    expect(cache.size).toBe(2);
  });

  it('keeps caching new sessions after more distinct tokens than it holds have come and gone', async () => {
    vi.useFakeTimers();
    const cache = new SessionCache(2000);
    // A long-running process: far more distinct tokens over its life than the cache's bound (50,000).
    for (let i = 0; i < 60_000; i += 1) {
      await cache.resolve(`t-${i}`, async () => session());
      if (i % 1000 === 999) vi.advanceTimersByTime(2500);
    }
    const load = vi.fn(async () => session());
    await cache.resolve('fresh', load);
    await cache.resolve('fresh', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.size).toBeLessThanOrEqual(1001);
  });

  it('does not keep unknown tokens, and keeps nothing with a bound of 0', async () => {
    const cache = new SessionCache(2000);
    const missing = vi.fn(async () => undefined);
    expect(await cache.resolve('x', missing)).toBeUndefined();
    expect(await cache.resolve('x', missing)).toBeUndefined();
    expect(missing).toHaveBeenCalledTimes(2);
    const off = new SessionCache(0);
    const load = vi.fn(async () => session());
    await off.resolve('h', load);
    await off.resolve('h', load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(off.size).toBe(0);
  });

  it('forgets everything on clear, and does not store a lookup that was in flight during a clear', async () => {
    const cache = new SessionCache(2000);
    const load = vi.fn(async () => session());
    await cache.resolve('h', load);
    cache.clear();
    expect(cache.size).toBe(0);
    await cache.resolve('h', load);
    expect(load).toHaveBeenCalledTimes(2);

    let finish: (s: TSession) => void = () => {};
    const slow = cache.resolve('late', () => new Promise<TSession>((resolve) => (finish = resolve)));
    cache.clear(); // a revocation commits while the lookup reads the old state
    finish(session());
    expect(await slow).toMatchObject({ id: 'u1' });
    expect(cache.size).toBe(0);
  });
});

describe.each(DB_KINDS)('session cache and revocation on %s', (kind) => {
  let t: TTestApp;
  let shortBound: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    shortBound = await buildTestApp(kind, { env: { SESSION_CACHE_MS: '300' } });
  });
  afterAll(async () => {
    await t.close();
    await shortBound.close();
  });

  const me = (app: TTestApp, token: string) =>
    app.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}`, 'company-id': '1' } });

  it('serves a cached session without reading access_tokens again', async () => {
    const { token } = await tokenFor(t.db, 'investor@kc.example');
    expect((await me(t, token)).statusCode).toBe(200);
    // Another process deletes the row: this process still knows the session within its bound.
    await t.db.deleteFrom('access_tokens').where('token_hash', '=', hashToken(token)).execute();
    expect((await me(t, token)).statusCode).toBe(200);
  });

  it('refuses a token at once after logout through this process', async () => {
    const { access_token } = (await login(t.app, { username: 'investor@kc.example', password: DEMO_PASSWORD })).json();
    expect((await me(t, access_token)).statusCode).toBe(200);
    const revoke = await revokeToken(t.app, access_token);
    expect(revoke.statusCode).toBe(200);
    expect((await me(t, access_token)).statusCode).toBe(401);
  });

  it('refuses the other sessions at once after a password change, and keeps the current one', async () => {
    const email = 'advisor@kc.example';
    const current = await tokenFor(t.db, email);
    const other = await tokenFor(t.db, email);
    expect((await me(t, other.token)).statusCode).toBe(200);
    const password = DEMO_PASSWORD;
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: { authorization: `Bearer ${current.token}`, 'company-id': '1' },
      payload: { currentPassword: password, newPassword: 'otra-clave-larga-2026', repeatPassword: 'otra-clave-larga-2026' },
    });
    expect(change.statusCode).toBe(200);
    expect((await me(t, other.token)).statusCode).toBe(401);
    expect((await me(t, current.token)).statusCode).toBe(200);
  });

  it('refuses a token at once after the user is deactivated', async () => {
    const { token, userId } = await tokenFor(t.db, 'group.manager@kc.example');
    expect((await me(t, token)).statusCode).toBe(200);
    await deactivateUser(t.db, userId);
    expect((await me(t, token)).statusCode).toBe(401);
  });

  it('applies a revocation made by another process within SESSION_CACHE_MS', async () => {
    const { token } = await tokenFor(shortBound.db, 'investor@kc.example');
    expect((await me(shortBound, token)).statusCode).toBe(200);
    await shortBound.db.updateTable('access_tokens').set({ revoked_at: new Date() }).where('token_hash', '=', hashToken(token)).execute();
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await me(shortBound, token)).statusCode).toBe(401);
  });

  it('still checks the company of a cached token on every request', async () => {
    const { token } = await tokenFor(t.db, 'investor@kc.example');
    expect((await me(t, token)).statusCode).toBe(200);
    const other = await t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}`, 'company-id': '2' } });
    expect(other.statusCode).toBe(401);
  });
});
