import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZTokenResponse } from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { login, revokeToken } from './helpers/accounts.ts';
import { deactivateUser } from '../src/modules/users/repository.ts';
import { hashSecret } from '../src/lib/password.ts';
import { clientAddressKey, loginKeys } from '../src/modules/oauth/login-limiter.ts';

const PASSWORD = 'demo-password-2026';

describe('login limiter keys', () => {
  it('name an IPv4 client by its address and an IPv6 client by its /64 network', () => {
    expect(clientAddressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('never keep the e-mail in clear, and tell pair, address and account apart', () => {
    const keys = loginKeys('1', 'Someone@Example.com', '192.0.2.7');
    expect(JSON.stringify(keys)).not.toMatch(/someone|example/i);
    expect(keys.pair).toMatch(/^login:pair:[0-9a-f]{32}:192\.0\.2\.7$/);
    expect(keys.address).toBe('login:address:192.0.2.7');
    expect(keys.account).toMatch(/^login:account:[0-9a-f]{32}$/);
    expect(loginKeys('1', ' someone@example.com ', '192.0.2.8').account).toBe(keys.account);
    expect(loginKeys('2', 'someone@example.com', '192.0.2.7').account).not.toBe(keys.account);
  });
});

describe.each(DB_KINDS)('oauth on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t.close());

  const identity = (token: string, company = '1') =>
    t.app.inject({ url: '/api/users/identity', headers: { authorization: `Bearer ${token}`, 'company-id': company } });

  async function freshUser(email: string, changes: { confirmed?: boolean; active?: boolean } = {}) {
    await t.db
      .insertInto('users')
      .values({
        company_id: '1',
        email,
        password_hash: await hashSecret(PASSWORD),
        first_name: 'Prueba',
        last_name: 'Usuario',
        roles: ['INVESTOR'],
        confirmed_at: changes.confirmed === false ? null : new Date(),
        is_active: changes.active ?? true,
      })
      .execute();
  }

  it('issues a bearer token for the right password, with no-store, and identity answers for it', async () => {
    const res = await login(t.app, { username: 'investor@kc.example', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toContain('application/json');
    const body = ZTokenResponse.parse(res.json());
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(Buffer.from(body.access_token, 'base64url').length).toBeGreaterThanOrEqual(16);
    // Only the hash is stored.
    const stored = await t.db.selectFrom('access_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(body.access_token);

    const who = await identity(body.access_token);
    expect(who.statusCode).toBe(200);
    const user = await t.db.selectFrom('users').select('id').where('email', '=', 'investor@kc.example').executeTakeFirstOrThrow();
    expect(who.json()).toEqual({ id: user.id, username: 'investor@kc.example', roles: ['INVESTOR'], isTemporalPassword: false });
  });

  it('accepts the e-mail in any case', async () => {
    const res = await login(t.app, { username: 'Advisor@KC.example', password: PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a token of company 1 on company 2, and a call without a token', async () => {
    const { access_token } = (await login(t.app, { username: 'admin@kc.example', password: PASSWORD })).json();
    expect((await identity(access_token, '2')).statusCode).toBe(401);
    const none = await t.app.inject({ url: '/api/users/identity', headers: { 'company-id': '1' } });
    expect(none.statusCode).toBe(401);
  });

  it('answers a wrong password and an unknown e-mail alike, in the request language', async () => {
    const wrong = await login(t.app, { username: 'owner@kc.example', password: 'not-the-password' }, {}, '10.1.0.1');
    const unknown = await login(t.app, { username: 'nobody@kc.example', password: 'not-the-password' }, {}, '10.1.0.2');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'Correo electrónico o contraseña incorrectos.' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.headers['cache-control']).toBe('no-store');
    const en = await login(t.app, { username: 'nobody@kc.example', password: 'x' }, { 'accept-language': 'en' }, '10.1.0.3');
    expect(en.json()).toEqual({ error: 'invalid_grant', error_description: 'Wrong e-mail address or password.' });
  });

  it('takes about the same time for an unknown e-mail and a wrong password', async () => {
    // Interleaved, compared by median, so that load on the machine hits both sides alike.
    const once = async (username: string, address: string) => {
      const started = performance.now();
      await login(t.app, { username, password: 'wrong-password' }, {}, address);
      return performance.now() - started;
    };
    await once('nobody@kc.example', '10.2.0.1'); // warm-up (decoy hash)
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 8; i++) {
      wrong.push(await once('supplier@kc.example', `10.2.1.${i}`));
      unknown.push(await once(`ghost${i}@kc.example`, `10.2.2.${i}`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(unknown) / median(wrong);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });

  it('refuses a wrong client, a missing field, a wrong grant type and a missing company with RFC 6749 errors', async () => {
    const badClient = await login(t.app, { username: 'admin@kc.example', password: PASSWORD, client_secret: 'nope' });
    expect(badClient.statusCode).toBe(401);
    expect(badClient.json()).toEqual({ error: 'invalid_client', error_description: 'La aplicación cliente no está autorizada para iniciar sesión.' });
    const unknownClient = await login(t.app, { username: 'admin@kc.example', password: PASSWORD, client_id: 'other' });
    expect(unknownClient.json().error).toBe('invalid_client');
    const grant = await login(t.app, { username: 'admin@kc.example', password: PASSWORD, grant_type: 'client_credentials' });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().error).toBe('unsupported_grant_type');
    const noPassword = await login(t.app, { username: 'admin@kc.example' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({ error: 'invalid_request', error_description: 'Falta el dato obligatorio «password».' });
    const noCompany = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&client_id=kc-mobile&client_secret=kc-mobile-secret&username=a%40b.c&password=x',
    });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().error).toBe('invalid_request');
    expect(noCompany.json().error_description).toContain('company-id');
    const otherCompany = await login(t.app, { username: 'investor@kc.example', password: PASSWORD }, { 'company-id': '2' });
    expect(otherCompany.json().error).toBe('invalid_grant');
    const json = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'company-id': '1', 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ error: 'invalid_request' });
    expect(json.json().type).toBeUndefined();
  });

  it('answers a NUL character in a field with invalid_request, never a 500, and records nothing', async () => {
    // Found by the fuzzer: PostgreSQL refuses text with a NUL character (SQLSTATE 22021), which
    // became a 500 server_error.
    const counters = async () => (await t.db.selectFrom('rate_limits').select('key').execute()).length;
    const tokens = async () => (await t.db.selectFrom('access_tokens').select('token_hash').execute()).length;
    const before = { counters: await counters(), tokens: await tokens() };
    const fieldSets: Record<string, string>[] = [{ client_id: 'kc\u0000mobile' }, { username: 'admin\u0000@kc.example' }];
    for (const fields of fieldSets) {
      const res = await login(t.app, { username: 'admin@kc.example', password: PASSWORD, ...fields }, { 'accept-language': 'en' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_request', error_description: 'The login request is incomplete or malformed.' });
    }
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      headers: { 'company-id': '1', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: 'x', client_id: 'abc\u0000def', client_secret: 'kc-mobile-secret' }).toString(),
    });
    expect(revoke.statusCode).toBe(400);
    expect(revoke.json().error).toBe('invalid_request');
    expect({ counters: await counters(), tokens: await tokens() }).toEqual(before);
    expect(t.logs.join('')).not.toContain('oauth request failed');
  });

  it('refuses an unconfirmed and an inactive account with their own description, only after the right password', async () => {
    await freshUser('unconfirmed@example.com', { confirmed: false });
    await freshUser('inactive@example.com', { active: false });
    const unconfirmed = await login(t.app, { username: 'unconfirmed@example.com', password: PASSWORD });
    expect(unconfirmed.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Su cuenta aún no está confirmada. Abra el enlace del correo de confirmación que le enviamos.',
    });
    const inactive = await login(t.app, { username: 'inactive@example.com', password: PASSWORD }, { 'accept-language': 'en' });
    expect(inactive.json()).toEqual({ error: 'invalid_grant', error_description: 'Your account is deactivated. Please contact us.' });
    const guess = await login(t.app, { username: 'unconfirmed@example.com', password: 'wrong-password' }, {}, '10.3.0.1');
    expect(guess.json().error_description).toBe('Correo electrónico o contraseña incorrectos.');
  });

  it('revokes a token at logout: it then gets 401', async () => {
    const { access_token } = (await login(t.app, { username: 'agent@kc.example', password: PASSWORD })).json();
    expect((await identity(access_token)).statusCode).toBe(200);
    const revoke = await revokeToken(t.app, access_token);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.headers['cache-control']).toBe('no-store');
    const after = await identity(access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('gives 401 for an expired token', async () => {
    const { access_token } = (await login(t.app, { username: 'team.manager@kc.example', password: PASSWORD })).json();
    await t.db.updateTable('access_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('revoked_at', 'is', null).execute();
    expect((await identity(access_token)).statusCode).toBe(401);
  });

  it('revokes every token of an account when it is deactivated', async () => {
    await freshUser('to-deactivate@example.com');
    const { access_token } = (await login(t.app, { username: 'to-deactivate@example.com', password: PASSWORD })).json();
    expect((await identity(access_token)).statusCode).toBe(200);
    const user = await t.db.selectFrom('users').select('id').where('email', '=', 'to-deactivate@example.com').executeTakeFirstOrThrow();
    await deactivateUser(t.db, user.id);
    expect((await identity(access_token)).statusCode).toBe(401);
    const tokens = await t.db.selectFrom('access_tokens').select('revoked_at').where('user_id', '=', user.id).execute();
    expect(tokens.every((r) => r.revoked_at !== null)).toBe(true);
  });

  it('limits failures of one account from one address with 429 and Retry-After; the window ending lifts it', async () => {
    const account = 'group.manager@kc.example';
    for (let i = 0; i < 10; i++) {
      const res = await login(t.app, { username: account, password: `wrong-${i}` }, {}, '10.4.0.1');
      expect(res.statusCode).toBe(400);
    }
    const blocked = await login(t.app, { username: account, password: PASSWORD }, {}, '10.4.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(blocked.headers['cache-control']).toBe('no-store');
    expect(blocked.json().error_description).toMatch(/^Demasiados intentos fallidos de inicio de sesión. Vuelva a intentarlo dentro de \d+ minutos.$/);
    // The window ends: the account may log in again from that address.
    await t.db.updateTable('rate_limits').set({ window_start: new Date(Date.now() - 16 * 60 * 1000) }).where('key', 'like', 'login:pair:%').execute();
    const again = await login(t.app, { username: account, password: PASSWORD }, {}, '10.4.0.1');
    expect(again.statusCode).toBe(200);
  });

  it('an attacker failing again and again from one address does not stop the user logging in from another', async () => {
    const account = 'team.manager@kc.example';
    const attacker = '10.9.0.66';
    const answers: number[] = [];
    for (let i = 0; i < 15; i++) answers.push((await login(t.app, { username: account, password: `guess-${i}` }, {}, attacker)).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(answers.slice(10)).toEqual(Array(5).fill(429));
    // The attacker stays blocked, even with the right password…
    expect((await login(t.app, { username: account, password: PASSWORD }, {}, attacker)).statusCode).toBe(429);
    // …while the user, from their own address, logs in (and a typo of theirs is a plain 400).
    expect((await login(t.app, { username: account, password: 'a-typo' }, {}, '10.9.1.7')).statusCode).toBe(400);
    expect((await login(t.app, { username: account, password: PASSWORD }, {}, '10.9.1.7')).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 network as one client', async () => {
    await freshUser('ipv6-user@example.com');
    for (let i = 1; i <= 10; i++) {
      const res = await login(t.app, { username: 'ipv6-user@example.com', password: 'wrong' }, {}, `2001:db8:1:2::${i.toString(16)}`);
      expect(res.statusCode).toBe(400);
    }
    const sameNetwork = await login(t.app, { username: 'ipv6-user@example.com', password: PASSWORD }, {}, '2001:db8:1:2:ffff::1');
    expect(sameNetwork.statusCode).toBe(429);
    const otherNetwork = await login(t.app, { username: 'ipv6-user@example.com', password: PASSWORD }, {}, '2001:db8:1:3::1');
    expect(otherNetwork.statusCode).toBe(200);
  });

  it('a successful login clears the counter of its account and address', async () => {
    const account = 'company.manager@kc.example';
    for (let i = 0; i < 9; i++) expect((await login(t.app, { username: account, password: 'wrong' }, {}, '10.5.0.1')).statusCode).toBe(400);
    expect((await login(t.app, { username: account, password: PASSWORD }, {}, '10.5.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(t.app, { username: account, password: 'wrong' }, {}, '10.5.0.1')).statusCode).toBe(400);
    expect((await login(t.app, { username: account, password: PASSWORD }, {}, '10.5.0.1')).statusCode).toBe(200);
  });

  it('stops distributed guessing of one account at the account-wide ceiling of 100 failures', async () => {
    await freshUser('many-guessers@example.com');
    // 100 guessers, one failure each: no (account, address) counter comes near its limit.
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => login(t.app, { username: 'many-guessers@example.com', password: `guess-${batch}-${i}` }, {}, `10.8.${batch}.${i}`)),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(400));
    }
    const blocked = await login(t.app, { username: 'many-guessers@example.com', password: PASSWORD }, { 'accept-language': 'en' }, '10.8.200.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(blocked.json()).toEqual({ error: 'invalid_request', error_description: expect.stringMatching(/^Too many failed login attempts\. Please try again in \d+ minutes\.$/) });
    // Other accounts, from the same addresses, are not affected.
    expect((await login(t.app, { username: 'agent@kc.example', password: PASSWORD }, {}, '10.8.0.0')).statusCode).toBe(200);
    // The ceiling's window ends: the account may log in again.
    await t.db.updateTable('rate_limits').set({ window_start: new Date(Date.now() - 16 * 60 * 1000) }).where('key', 'like', 'login:account:%').execute();
    expect((await login(t.app, { username: 'many-guessers@example.com', password: PASSWORD }, {}, '10.8.200.1')).statusCode).toBe(200);
  });

  it('limits failures per address, whatever the e-mails', async () => {
    for (let i = 0; i < 50; i++) await login(t.app, { username: `guess${i}@example.com`, password: 'wrong' }, {}, '10.6.0.1');
    const blocked = await login(t.app, { username: 'admin@kc.example', password: PASSWORD }, {}, '10.6.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await login(t.app, { username: 'admin@kc.example', password: PASSWORD }, {}, '10.6.0.2')).statusCode).toBe(200);
  });
});

describe('oauth login limits in Redis', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { env: { REDIS_URL: process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379' } });
  });
  afterAll(async () => t.close());

  // Redis outlives the test database: every run uses new accounts and addresses.
  const unique = () => crypto.randomUUID().slice(0, 8);
  const randomAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  async function freshUser(): Promise<string> {
    const email = `redis-${unique()}@example.com`;
    await t.db
      .insertInto('users')
      .values({ company_id: '1', email, password_hash: await hashSecret(PASSWORD), first_name: 'Prueba', last_name: 'Redis', roles: ['INVESTOR'], confirmed_at: new Date(), is_active: true })
      .execute();
    return email;
  }

  it('counts failures in Redis (nothing in rate_limits) and blocks with Retry-After', async () => {
    const account = `redis-${crypto.randomUUID()}@kc.example`;
    const address = randomAddress();
    for (let i = 0; i < 10; i++) expect((await login(t.app, { username: account, password: 'wrong' }, {}, address)).statusCode).toBe(400);
    const blocked = await login(t.app, { username: account, password: 'wrong' }, {}, address);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await t.db.selectFrom('rate_limits').selectAll().where('key', 'like', 'login:%').execute();
    expect(rows).toEqual([]);
  });

  it('an attacker from one address does not stop the user from another; success clears only its own counter', async () => {
    const account = await freshUser();
    const attacker = randomAddress();
    for (let i = 0; i < 12; i++) await login(t.app, { username: account, password: `guess-${i}` }, {}, attacker);
    const blocked = await login(t.app, { username: account, password: PASSWORD }, {}, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const user = randomAddress();
    for (let i = 0; i < 9; i++) expect((await login(t.app, { username: account, password: 'typo' }, {}, user)).statusCode).toBe(400);
    expect((await login(t.app, { username: account, password: PASSWORD }, {}, user)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(t.app, { username: account, password: 'typo' }, {}, user)).statusCode).toBe(400);
    expect((await login(t.app, { username: account, password: PASSWORD }, {}, user)).statusCode).toBe(200);
    // The attacker's counter was not cleared by the user's logins.
    expect((await login(t.app, { username: account, password: PASSWORD }, {}, attacker)).statusCode).toBe(429);
  });

  it('trips the account-wide ceiling across 100 addresses', async () => {
    const account = await freshUser();
    const prefix = `10.${Math.floor(Math.random() * 250)}`;
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => login(t.app, { username: account, password: 'guess' }, {}, `${prefix}.${batch}.${i}`)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(400));
    }
    const blocked = await login(t.app, { username: account, password: PASSWORD }, {}, randomAddress());
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
  });
});
