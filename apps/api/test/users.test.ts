import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { updateUserRoles } from '../src/modules/users/service.ts';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders, enrolTestTotp, tokenFor } from './helpers/auth.ts';
import { login } from './helpers/accounts.ts';

type THeaders = Record<string, string>;

/** The one-time link (userId, token) in a mail's text. */
function passwordLinkOf(text: string, kind: 'set-password' | 'reset-password'): { userId: string; token: string } {
  const match = new RegExp(`(https?://\\S+/web/user/${kind}\\?\\S+)`).exec(text);
  if (!match) throw new Error(`No ${kind} link in: ${text}`);
  const url = new URL(match[1]!);
  return { userId: url.searchParams.get('userId')!, token: url.searchParams.get('token')! };
}

describe.each(DB_KINDS)('user administration (%s)', (kind) => {
  let t: TTestApp;
  let admin: THeaders;
  let manager: THeaders;
  let investor: THeaders;
  let ids: Record<string, string>;
  let counter = 0;

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: THeaders, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const auditOf = (entityId: string) =>
    t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).orderBy('id', 'asc').execute();
  const userRow = (id: string) =>
    t.db.selectFrom('users').select(['roles', 'is_active', 'is_deleted', 'is_temporal_password', 'password_hash']).where('id', '=', id).executeTakeFirstOrThrow();
  const lastMailTo = async (to: string) => {
    await t.app.mailer.drain();
    const mail = [...t.sentMails].reverse().find((m) => m.to === to);
    if (!mail) throw new Error(`no mail to ${to}`);
    return mail;
  };
  /** A fresh user of company 1 (confirmed, with the demo password) to act on. */
  async function makeUser(roles: string[] = ['INVESTOR']): Promise<{ id: string; email: string }> {
    counter += 1;
    const email = `target.${kind}.${counter}@kc.example`;
    const hash = await t.db.selectFrom('users').select('password_hash').where('email', '=', 'investor@kc.example').executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto('users')
      .values({ company_id: '1', email, password_hash: hash.password_hash, first_name: 'Núria', last_name: `Ñúñez ${counter}`, roles, confirmed_at: new Date(), dni: `X${counter}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, email };
  }

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await authHeaders(t.db, 'admin@kc.example');
    manager = await authHeaders(t.db, 'company.manager@kc.example');
    investor = await authHeaders(t.db, 'investor@kc.example');
    const users = await t.db.selectFrom('users').select(['id', 'email']).execute();
    ids = Object.fromEntries(users.map((u) => [u.email, u.id]));
  });
  afterAll(async () => t?.close());

  it('counts a search exactly up to 1,000 matches; beyond, says the total is capped and pages reach the first 1,000', async () => {
    await t.db
      .insertInto('users')
      .values(
        Array.from({ length: 1003 }, (_, i) => ({
          company_id: '1',
          email: `capped.${kind}.${i}@kc.example`,
          password_hash: 'x',
          first_name: 'Zebedeo',
          last_name: `Quíntuplo ${String(i).padStart(4, '0')}`,
          roles: ['INVESTOR'],
          created_at: new Date(Date.UTC(2020, 0, 1) + i * 60_000),
        })),
      )
      .execute();
    const first = (await inject('GET', '/api/users?q=quintuplo&size=20', admin)).json();
    expect(first).toMatchObject({ totalElements: 1000, totalCapped: true, totalPages: 50, numberOfElements: 20, first: true, last: false });
    // Newest first: the last one inserted leads.
    expect(first.content[0].lastName).toBe('Quíntuplo 1002');
    const lastReachable = (await inject('GET', '/api/users?q=quintuplo&size=20&page=49', admin)).json();
    expect(lastReachable).toMatchObject({ totalCapped: true, numberOfElements: 20, last: true });
    expect(lastReachable.content.at(-1).lastName).toBe('Quíntuplo 0003');
    const beyond = (await inject('GET', '/api/users?q=quintuplo&size=20&page=50', admin)).json();
    expect(beyond).toMatchObject({ totalElements: 1000, totalCapped: true, numberOfElements: 0, content: [] });
    // Under the limit the total is exact and not capped.
    const narrow = (await inject('GET', '/api/users?q=quintuplo%20100&size=20', admin)).json();
    expect(narrow).toMatchObject({ totalElements: 3, totalCapped: false, numberOfElements: 3 });
    expect((narrow.content as { lastName: string }[]).map((u) => u.lastName).sort()).toEqual(['Quíntuplo 1000', 'Quíntuplo 1001', 'Quíntuplo 1002']);
    const none = (await inject('GET', '/api/users?q=quintuplo%209999', admin)).json();
    expect(none).toMatchObject({ totalElements: 0, totalCapped: false, empty: true });
  });

  describe('GET /api/users', () => {
    it('answers the User shape in the paged envelope, newest first by default', async () => {
      const res = await inject('GET', '/api/users?size=2', admin);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page).toMatchObject({ size: 2, number: 0, numberOfElements: 2, first: true });
      expect(Object.keys(page.content[0]).sort()).toEqual(
        ['id', 'email', 'firstName', 'lastName', 'phone', 'createdAt', 'lastModifiedAt', 'lastLogonAt', 'isDeleted', 'isActive', 'isTemporalPassword', 'country', 'city', 'dni', 'postalCode', 'roles', 'blockedAt'].sort(),
      );
      const all = (await inject('GET', '/api/users?size=100', admin)).json().content as { createdAt: string }[];
      const created = all.map((u) => u.createdAt);
      expect(created).toEqual([...created].sort().reverse());
    });

    it('searches names, e-mail and DNI ignoring accents and case', async () => {
      const target = await makeUser();
      const search = async (q: string) =>
        ((await inject('GET', `/api/users?q=${encodeURIComponent(q)}`, admin)).json().content as { id: string }[]).map((u) => u.id);
      expect(await search('NURIA')).toContain(target.id);
      expect(await search('nunez')).toContain(target.id);
      expect(await search('ÑÚÑEZ')).toContain(target.id);
      expect(await search(target.email.slice(0, 14).toUpperCase())).toContain(target.id);
      expect(await search('inés inversora')).toEqual([ids['investor@kc.example']]);
      expect(await search('ines')).toContain(ids['investor@kc.example']);
      // LIKE's wildcards match themselves.
      expect(await search('%')).toEqual([]);
      expect(await search('_')).toEqual([]);
      // Never another company's people.
      expect(await search('olivia')).toEqual([]);
    });

    it('filters by role, state, temporary password and creation date, and sorts', async () => {
      const advisors = (await inject('GET', '/api/users?role=ADVISOR', admin)).json().content as { roles: string[] }[];
      expect(advisors.length).toBeGreaterThan(0);
      expect(advisors.every((u) => u.roles.includes('ADVISOR'))).toBe(true);
      const inactive = await makeUser();
      await t.db.updateTable('users').set({ is_active: false, is_deleted: true, is_temporal_password: true }).where('id', '=', inactive.id).execute();
      for (const filter of ['active=false', 'deleted=true', 'temporaryPassword=true']) {
        const found = (await inject('GET', `/api/users?${filter}`, admin)).json().content as { id: string }[];
        expect(found.map((u) => u.id), filter).toContain(inactive.id);
        expect(found.map((u) => u.id), filter).not.toContain(ids['admin@kc.example']);
      }
      const today = new Date().toISOString().slice(0, 10);
      const todays = (await inject('GET', `/api/users?createdFrom=${today}&createdTo=${today}&size=100`, admin)).json();
      expect(todays.totalElements).toBeGreaterThan(0);
      expect((await inject('GET', '/api/users?createdTo=2000-01-01', admin)).json().totalElements).toBe(0);
      const byName = (await inject('GET', '/api/users?sort=lastName,asc&size=100', admin)).json().content as { lastName: string }[];
      const names = byName.map((u) => u.lastName);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });

    it.each([
      ['an unknown sort field', 'sort=password'],
      ['an unknown role', 'role=KING'],
      ['a boolean that is not one', 'active=yes'],
      ['a date that is not one', 'createdFrom=2026-02-30'],
      ['a range that ends before it starts', 'createdFrom=2026-02-02&createdTo=2026-02-01'],
      ['a page size of 0', 'size=0'],
      ['a search longer than 100 characters', `q=${'a'.repeat(101)}`],
    ])('refuses %s with a clear 400', async (_label, query) => {
      const res = await inject('GET', `/api/users?${query}`, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', title: 'Datos no válidos' });
      expect(res.json().errors.length).toBeGreaterThan(0);
    });
  });

  describe('GET /api/users/{id}', () => {
    it('shows every field, open sessions (never a token), contract counts and the links', async () => {
      const session = await tokenFor(t.db, 'investor@kc.example');
      const res = await inject('GET', `/api/users/${ids['investor@kc.example']}`, admin);
      expect(res.statusCode).toBe(200);
      const user = res.json();
      expect(user).toMatchObject({
        email: 'investor@kc.example',
        investorType: 'PERSON',
        advisor: { id: ids['advisor@kc.example'], email: 'advisor@kc.example' },
        contracts: { counts: { ALL: expect.any(Number) }, searchPath: `/api/users/${ids['investor@kc.example']}/contracts/search` },
        auditPath: `/api/audit?entityType=user&entityId=${ids['investor@kc.example']}`,
      });
      expect(user.contracts.counts.ALL).toBeGreaterThan(0);
      expect(user.sessions.length).toBeGreaterThan(0);
      expect(Object.keys(user.sessions[0]).sort()).toEqual(['clientId', 'createdAt', 'expiresAt']);
      expect(res.body).not.toContain(session.token);
      expect(user.grantableRoles).toContain('ADMIN');
      expect((await inject('GET', `/api/users/${ids['investor@kc.example']}`, manager)).json().grantableRoles).not.toContain('ADMIN');
    });

    it('answers 404 for an unknown id, an id that is not a UUID, and another company', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', ids['investor@other.example']!]) {
        const res = await inject('GET', `/api/users/${id}`, admin);
        expect(res.statusCode, id).toBe(404);
        expect(res.json().code).toBe('userNotFound');
      }
    });
  });

  describe('POST /api/users', () => {
    const body = (overrides: Record<string, unknown> = {}) => {
      counter += 1;
      return { email: `new.advisor.${kind}.${counter}@kc.example`, firstName: 'Álvaro', lastName: 'Asesor', roles: ['ADVISOR'], language: 'en', ...overrides };
    };

    it('creates an advisor who sets a password through a one-time link, then logs in', async () => {
      const input = body();
      const res = await inject('POST', '/api/users', admin, input);
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({ email: input.email, roles: ['ADVISOR'], isTemporalPassword: true, isActive: true, confirmedAt: null });
      // The mail, in the new user's language, with the link; the token is stored only as a hash.
      const mail = await lastMailTo(input.email);
      expect(mail.subject).toBe('Your KC account is ready: choose your password');
      const link = passwordLinkOf(mail.text, 'set-password');
      expect(link.userId).toBe(created.id);
      const stored = await t.db.selectFrom('password_tokens').select(['token_hash', 'purpose']).where('user_id', '=', created.id).execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.token_hash).not.toContain(link.token);
      // Nobody can log in before the password is set.
      expect((await login(t.app, { username: input.email, password: DEMO_PASSWORD })).statusCode).toBe(400);
      // The audit entry, with who and from where, and no secret.
      const [entry] = await auditOf(created.id);
      expect(entry).toMatchObject({ action: 'user.create', actor_id: ids['admin@kc.example'], entity_type: 'user', before: null });
      // Ids only: the person's address and names are read through the id (decision 0047).
      expect(entry!.after).toEqual({ roles: ['ADVISOR'], isActive: true, isDeleted: false, isTemporalPassword: true });
      expect(JSON.stringify(entry)).not.toContain('hash');

      const check = await inject('POST', '/api/users/password/check', { 'company-id': '1' }, link);
      expect(check.statusCode).toBe(200);
      expect(check.json()).toMatchObject({ purpose: 'SET', email: input.email });
      const set = await inject('POST', '/api/users/password', { 'company-id': '1' }, { ...link, newPassword: 'mi-clave-nueva-2026', repeatPassword: 'mi-clave-nueva-2026' });
      expect(set.statusCode).toBe(200);
      const logged = await login(t.app, { username: input.email, password: 'mi-clave-nueva-2026' });
      expect(logged.statusCode).toBe(200);
      const headers = { authorization: `Bearer ${logged.json().access_token}`, 'company-id': '1' };
      expect((await inject('GET', '/api/users/identity', headers)).json()).toMatchObject({ roles: ['ADVISOR'], isTemporalPassword: false });
      const after = (await inject('GET', `/api/users/${created.id}`, admin)).json();
      expect(after.isTemporalPassword).toBe(false);
      expect(after.confirmedAt).not.toBeNull();
      expect(after.lastLogonAt).not.toBeNull();
      // The link works once.
      const again = await inject('POST', '/api/users/password', { 'company-id': '1' }, { ...link, newPassword: 'otra-clave-nueva-2026', repeatPassword: 'otra-clave-nueva-2026' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('passwordLinkUsed');
    });

    it.each([
      ['no e-mail', { email: undefined }, 'email'],
      ['a malformed e-mail', { email: 'not-an-email' }, 'email'],
      ['no first name', { firstName: '  ' }, 'firstName'],
      ['no roles', { roles: [] }, 'roles'],
      ['an unknown role', { roles: ['KING'] }, 'roles.0'],
      ['a repeated role', { roles: ['ADVISOR', 'ADVISOR'] }, 'roles'],
      ['an unknown language', { language: 'fr' }, 'language'],
    ])('refuses %s with a field error and stores nothing', async (_label, overrides, field) => {
      const input = body(overrides);
      const before = await t.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const res = await inject('POST', '/api/users', admin, input);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      const after = await t.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    });

    it('refuses an e-mail already in use (any case) and a company manager creating an ADMIN; nothing is stored or mailed', async () => {
      const mailsBefore = (await t.db.selectFrom('mail_outbox').select('id').execute()).length;
      const taken = await inject('POST', '/api/users', admin, body({ email: 'ADVISOR@kc.example' }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('emailTaken');
      const input = body({ roles: ['ADMIN'] });
      const escalation = await inject('POST', '/api/users', manager, input);
      expect(escalation.statusCode).toBe(403);
      expect(escalation.json().code).toBe('roleNotGrantable');
      expect(await t.db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst()).toBeUndefined();
      expect((await t.db.selectFrom('mail_outbox').select('id').execute()).length).toBe(mailsBefore);
      // A company manager may create an advisor.
      expect((await inject('POST', '/api/users', manager, body())).statusCode).toBe(201);
    });
  });

  describe('PUT /api/users/{id}/roles', () => {
    it('replaces the roles and audits before and after', async () => {
      const target = await makeUser(['INVESTOR']);
      const res = await inject('PUT', `/api/users/${target.id}/roles`, admin, { roles: ['ADVISOR', 'INVESTOR'] });
      expect(res.statusCode).toBe(200);
      expect(res.json().roles).toEqual(['ADVISOR', 'INVESTOR']);
      const [entry] = await auditOf(target.id);
      expect(entry).toMatchObject({ action: 'user.updateRoles', actor_id: ids['admin@kc.example'], ip_address: expect.any(String) });
      expect(entry!.before).toMatchObject({ roles: ['INVESTOR'] });
      expect(entry!.after).toMatchObject({ roles: ['ADVISOR', 'INVESTOR'] });
    });

    it('applies new roles to the user\'s open session at once (this instance)', async () => {
      const target = await makeUser(['INVESTOR']);
      const headers = await authHeaders(t.db, target.email);
      expect((await inject('GET', '/api/users', headers)).statusCode).toBe(403);
      expect((await inject('PUT', `/api/users/${target.id}/roles`, admin, { roles: ['COMPANY_MANAGER'] })).statusCode).toBe(200);
      // Staff now: the back office waits for a second factor (issue 18), then opens.
      const gated = await inject('GET', '/api/users', headers);
      expect([gated.statusCode, gated.json().code]).toEqual([403, 'enrolmentRequired']);
      await enrolTestTotp(t.db, target.id, '1');
      expect((await inject('GET', '/api/users', headers)).statusCode).toBe(200);
      expect((await inject('PUT', `/api/users/${target.id}/roles`, admin, { roles: ['INVESTOR'] })).statusCode).toBe(200);
      const refused = await inject('GET', '/api/users', { ...headers, 'accept-language': 'en' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'forbidden', detail: 'You are not allowed to perform this operation.' });
    });

    it('refuses changing one\'s own roles, a company manager granting ADMIN or acting on an ADMIN; nothing changes', async () => {
      const self = await inject('PUT', `/api/users/${ids['company.manager@kc.example']}/roles`, manager, { roles: ['COMPANY_MANAGER', 'ADVISOR'] });
      expect(self.statusCode).toBe(403);
      expect(self.json().code).toBe('userSelfAction');
      const adminSelf = await inject('PUT', `/api/users/${ids['admin@kc.example']}/roles`, admin, { roles: ['ADVISOR'] });
      expect(adminSelf.json().code).toBe('userSelfAction');
      const target = await makeUser(['ADVISOR']);
      const grant = await inject('PUT', `/api/users/${target.id}/roles`, manager, { roles: ['ADVISOR', 'ADMIN'] });
      expect(grant.statusCode).toBe(403);
      expect(grant.json().code).toBe('roleNotGrantable');
      const onAdmin = await inject('PUT', `/api/users/${ids['admin@kc.example']}/roles`, manager, { roles: ['ADVISOR'] });
      expect(onAdmin.statusCode).toBe(403);
      expect(onAdmin.json().code).toBe('userAdminOnly');
      expect((await userRow(target.id)).roles).toEqual(['ADVISOR']);
      expect((await userRow(ids['admin@kc.example']!)).roles).toEqual(['ADMIN']);
      expect((await userRow(ids['company.manager@kc.example']!)).roles).toEqual(['COMPANY_MANAGER']);
      expect(await auditOf(target.id)).toEqual([]);
    });

    it.each([
      ['no roles', { roles: [] }],
      ['an unknown role', { roles: ['ROOT'] }],
      ['no body field', {}],
    ])('refuses %s with a 400 and changes nothing', async (_label, payload) => {
      const target = await makeUser(['AGENT']);
      const res = await inject('PUT', `/api/users/${target.id}/roles`, admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation');
      expect((await userRow(target.id)).roles).toEqual(['AGENT']);
    });

    it("never demotes the company's last active ADMIN", async () => {
      // Another ADMIN (not in the database, so not counted) tries to demote the only one.
      const ghost = { id: '00000000-0000-4000-8000-00000000abcd', companyId: '1', email: 'ghost@kc.example', roles: ['ADMIN'], isTemporalPassword: false, hasSecondFactor: true, secondFactorAt: null };
      const audit = { companyId: '1', actorId: null, ipAddress: '127.0.0.1' };
      await expect(updateUserRoles(t.app, ghost, ids['admin@kc.example']!, ['INVESTOR'], audit)).rejects.toMatchObject({ status: 409, code: 'lastActiveAdmin' });
      expect((await userRow(ids['admin@kc.example']!)).roles).toEqual(['ADMIN']);
    });

    it('lets only one of two concurrent demotions of the last two admins through', async () => {
      const second = await makeUser(['ADMIN']);
      const secondHeaders = await authHeaders(t.db, second.email);
      const [a, b] = await Promise.all([
        inject('PUT', `/api/users/${second.id}/roles`, admin, { roles: ['ADVISOR'] }),
        inject('PUT', `/api/users/${ids['admin@kc.example']}/roles`, secondHeaders, { roles: ['ADVISOR'] }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('lastActiveAdmin');
      const admins = await t.db.selectFrom('users').select('id').where('company_id', '=', '1').where(sql<boolean>`'ADMIN' = ANY(roles)`).where('is_active', '=', true).execute();
      expect(admins).toHaveLength(1);
      // Restore: whoever is left restores the other.
      const left = admins[0]!.id === second.id ? secondHeaders : admin;
      const demoted = admins[0]!.id === second.id ? ids['admin@kc.example']! : second.id;
      expect((await inject('PUT', `/api/users/${demoted}/roles`, left, { roles: ['ADMIN'] })).statusCode).toBe(200);
      if (demoted === ids['admin@kc.example']) admin = await authHeaders(t.db, 'admin@kc.example');
    });
  });

  describe('deactivate, reactivate, delete', () => {
    it('deactivation revokes every token at once and refuses the login; reactivation lets the user back in', async () => {
      const target = await makeUser();
      const headers = await authHeaders(t.db, target.email);
      expect((await inject('GET', '/api/users/me', headers)).statusCode).toBe(200);
      const res = await inject('POST', `/api/users/${target.id}/deactivate`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ isActive: false, sessions: [] });
      expect((await inject('GET', '/api/users/me', headers)).statusCode).toBe(401);
      const tokens = await t.db.selectFrom('access_tokens').select('revoked_at').where('user_id', '=', target.id).execute();
      expect(tokens.every((row) => row.revoked_at !== null)).toBe(true);
      const refused = await login(t.app, { username: target.email, password: DEMO_PASSWORD });
      expect(refused.json().error_description).toBe('Su cuenta está desactivada. Póngase en contacto con nosotros.');
      const again = await inject('POST', `/api/users/${target.id}/deactivate`, admin);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('userAlreadyInactive');

      const back = await inject('POST', `/api/users/${target.id}/reactivate`, manager);
      expect(back.statusCode).toBe(200);
      expect(back.json().isActive).toBe(true);
      expect((await login(t.app, { username: target.email, password: DEMO_PASSWORD })).statusCode).toBe(200);
      expect((await auditOf(target.id)).map((e) => e.action)).toEqual(['user.deactivate', 'user.reactivate']);
      expect((await inject('POST', `/api/users/${target.id}/reactivate`, admin)).json().code).toBe('userAlreadyActive');
    });

    it('refuses deactivating or deleting oneself, and a company manager acting on an ADMIN', async () => {
      for (const action of ['deactivate', 'delete'] as const) {
        const res =
          action === 'delete'
            ? await inject('DELETE', `/api/users/${ids['admin@kc.example']}`, admin)
            : await inject('POST', `/api/users/${ids['admin@kc.example']}/deactivate`, admin);
        expect(res.statusCode, action).toBe(403);
        expect(res.json().code).toBe('userSelfAction');
        const byManager =
          action === 'delete'
            ? await inject('DELETE', `/api/users/${ids['admin@kc.example']}`, manager)
            : await inject('POST', `/api/users/${ids['admin@kc.example']}/deactivate`, manager);
        expect(byManager.json().code).toBe('userAdminOnly');
      }
      expect(await userRow(ids['admin@kc.example']!)).toMatchObject({ is_active: true, is_deleted: false });
    });

    it('soft delete keeps the record, revokes tokens and refuses the login', async () => {
      const target = await makeUser();
      const headers = await authHeaders(t.db, target.email);
      const res = await inject('DELETE', `/api/users/${target.id}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ isDeleted: true, email: target.email });
      expect((await inject('GET', '/api/users/me', headers)).statusCode).toBe(401);
      expect((await login(t.app, { username: target.email, password: DEMO_PASSWORD })).json().error).toBe('invalid_grant');
      const again = await inject('DELETE', `/api/users/${target.id}`, admin);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('userDeleted');
      const roles = await inject('PUT', `/api/users/${target.id}/roles`, admin, { roles: ['ADVISOR'] });
      expect(roles.json().code).toBe('userDeleted');
      expect((await auditOf(target.id)).map((e) => e.action)).toEqual(['user.delete']);
    });

    it('applies a deactivation made through another instance within SESSION_CACHE_MS', async () => {
      if (!t.openSibling) return;
      const sibling = await t.openSibling();
      try {
        const target = await makeUser();
        const headers = await authHeaders(t.db, target.email);
        // The sibling caches the session.
        expect((await sibling.app.inject({ url: '/api/users/me', headers })).statusCode).toBe(200);
        const started = Date.now();
        expect((await inject('POST', `/api/users/${target.id}/deactivate`, admin)).statusCode).toBe(200);
        await expect.poll(async () => (await sibling.app.inject({ url: '/api/users/me', headers })).statusCode, { timeout: t.config.SESSION_CACHE_MS + 1500, interval: 100 }).toBe(401);
        expect(Date.now() - started).toBeLessThanOrEqual(t.config.SESSION_CACHE_MS + 1500);
      } finally {
        await sibling.close();
      }
    });
  });

  describe('notices to the company\'s administrators and to the user', () => {
    const itemsOf = (userId: string) =>
      t.db.selectFrom('notifications').select(['message_key', 'params', 'kind', 'subject_id']).where('user_id', '=', userId).orderBy('created_at', 'asc').execute();

    it('tells the other active admins (not the one who acted) of a user created or deactivated, in their language', async () => {
      const before = (await itemsOf(ids['admin@kc.example']!)).length;
      const created = await inject('POST', '/api/users', manager, { email: `notice.${kind}@kc.example`, firstName: 'Inés', lastName: 'Prieto', roles: ['ADVISOR'] });
      expect(created.statusCode).toBe(201);
      const id = created.json().id as string;
      let items = await itemsOf(ids['admin@kc.example']!);
      expect(items).toHaveLength(before + 1);
      expect(items.at(-1)).toMatchObject({ message_key: 'userCreated', kind: 'notification', subject_id: id });
      const inbox = await inject('GET', '/api/notifications', { ...admin, 'accept-language': 'en' });
      expect(inbox.json().content[0].title).toBe(`User Inés Prieto (notice.${kind}@kc.example) has been created`);
      expect(inbox.json().content[0].links).toEqual([{ label: 'View the user', link: `/user/${id}` }]);
      // The acting manager is not told of their own action; the admin acting is not either.
      expect(await itemsOf(ids['company.manager@kc.example']!)).toEqual([]);
      expect((await inject('POST', `/api/users/${id}/deactivate`, admin)).statusCode).toBe(200);
      items = await itemsOf(ids['admin@kc.example']!);
      expect(items.map((i) => i.message_key).slice(-1)).toEqual(['userCreated']);
      expect((await inject('POST', `/api/users/${id}/reactivate`, admin)).statusCode).toBe(200);
      expect((await inject('POST', `/api/users/${id}/deactivate`, manager)).statusCode).toBe(200);
      items = await itemsOf(ids['admin@kc.example']!);
      expect(items.at(-1)).toMatchObject({ message_key: 'userDeactivated', subject_id: id });
      expect(await itemsOf(ids['company.manager@kc.example']!)).toEqual([]);
    });

    it('tells a user whose password was reset through a link, but not when an invitation sets the first one', async () => {
      const target = await makeUser();
      expect((await inject('POST', `/api/users/${target.id}/password-reset`, manager)).statusCode).toBe(200);
      const link = passwordLinkOf((await lastMailTo(target.email)).text, 'reset-password');
      expect((await inject('POST', '/api/users/password', { 'company-id': '1' }, { ...link, newPassword: 'reinicio-seguro-2026', repeatPassword: 'reinicio-seguro-2026' })).statusCode).toBe(200);
      expect((await itemsOf(target.id)).map((i) => i.message_key)).toEqual(['passwordChanged']);

      const invited = await inject('POST', '/api/users', admin, { email: `invited.${kind}@kc.example`, firstName: 'Olga', lastName: 'Ruiz', roles: ['AGENT'] });
      const invitation = passwordLinkOf((await lastMailTo(`invited.${kind}@kc.example`)).text, 'set-password');
      expect((await inject('POST', '/api/users/password', { 'company-id': '1' }, { ...invitation, newPassword: 'primera-clave-2026', repeatPassword: 'primera-clave-2026' })).statusCode).toBe(200);
      expect(await itemsOf(invited.json().id)).toEqual([]);
    });
  });

  describe('password links', () => {
    it('staff send a reset link; using it sets the password and closes every session', async () => {
      const target = await makeUser();
      const headers = await authHeaders(t.db, target.email);
      const res = await inject('POST', `/api/users/${target.id}/password-reset`, manager);
      expect(res.statusCode).toBe(200);
      const mail = await lastMailTo(target.email);
      expect(mail.subject).toBe('Restablezca su contraseña de KC');
      const link = passwordLinkOf(mail.text, 'reset-password');
      expect((await inject('POST', '/api/users/password/check', { 'company-id': '1' }, link)).json().purpose).toBe('RESET');
      const ok = await inject('POST', '/api/users/password', { 'company-id': '1' }, { ...link, newPassword: 'reinicio-seguro-2026', repeatPassword: 'reinicio-seguro-2026' });
      expect(ok.statusCode).toBe(200);
      expect((await inject('GET', '/api/users/me', headers)).statusCode).toBe(401);
      expect((await login(t.app, { username: target.email, password: 'reinicio-seguro-2026' })).statusCode).toBe(200);
      expect((await auditOf(target.id)).map((e) => e.action)).toEqual(['user.sendPasswordReset']);
    });

    it('sends a new invitation (a SET link) to a created user who never chose a password, voiding the first', async () => {
      counter += 1;
      const email = `invited.${kind}.${counter}@kc.example`;
      const created = (await inject('POST', '/api/users', admin, { email, firstName: 'Irene', lastName: 'Invitada', roles: ['AGENT'] })).json();
      const first = passwordLinkOf((await lastMailTo(email)).text, 'set-password');
      expect((await inject('POST', `/api/users/${created.id}/password-reset`, admin)).statusCode).toBe(200);
      const mail = await lastMailTo(email);
      expect(mail.subject).toBe('Su cuenta de KC está lista: elija su contraseña');
      const second = passwordLinkOf(mail.text, 'set-password');
      expect(second.token).not.toBe(first.token);
      expect((await inject('POST', '/api/users/password/check', { 'company-id': '1' }, first)).json().code).toBe('passwordLinkUsed');
      expect((await inject('POST', '/api/users/password/check', { 'company-id': '1' }, second)).json().purpose).toBe('SET');
      expect((await auditOf(created.id)).map((e) => [e.action, e.after])).toEqual([
        ['user.create', expect.objectContaining({ roles: created.roles })],
        ['user.sendPasswordReset', { purpose: 'SET' }],
      ]);
    });

    it('refuses a wrong, expired or mismatched use of a link, and changes nothing', async () => {
      const target = await makeUser();
      await inject('POST', `/api/users/${target.id}/password-reset`, admin);
      const link = passwordLinkOf((await lastMailTo(target.email)).text, 'reset-password');
      const before = await userRow(target.id);
      const post = (payload: unknown) => inject('POST', '/api/users/password', { 'company-id': '1' }, payload);
      const mismatch = await post({ ...link, newPassword: 'una-clave-larga-2026', repeatPassword: 'otra-clave-larga-2026' });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().errors).toEqual([{ field: 'repeatPassword', message: 'Las contraseñas no coinciden' }]);
      const short = await post({ ...link, newPassword: 'corta', repeatPassword: 'corta' });
      expect(short.statusCode).toBe(400);
      const wrong = await post({ ...link, token: 'not-the-token', newPassword: 'una-clave-larga-2026', repeatPassword: 'una-clave-larga-2026' });
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().code).toBe('passwordLinkInvalid');
      const otherCompany = await inject('POST', '/api/users/password', { 'company-id': '2' }, { ...link, newPassword: 'una-clave-larga-2026', repeatPassword: 'una-clave-larga-2026' });
      expect(otherCompany.statusCode).toBe(404);
      expect((await userRow(target.id)).password_hash).toBe(before.password_hash);
      // Still usable after the failures; then expired.
      expect((await inject('POST', '/api/users/password/check', { 'company-id': '1' }, link)).statusCode).toBe(200);
      await t.db.updateTable('password_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', target.id).execute();
      const expired = await post({ ...link, newPassword: 'una-clave-larga-2026', repeatPassword: 'una-clave-larga-2026' });
      expect(expired.statusCode).toBe(410);
      expect(expired.json().code).toBe('passwordLinkExpired');
      expect((await userRow(target.id)).password_hash).toBe(before.password_hash);
    });

    it('forgot password answers the same whether or not the e-mail exists, and mails only a real account', async () => {
      const target = await makeUser();
      const ask = (email: string, address: string) =>
        t.app.inject({ method: 'POST', url: '/api/users/password-reset', remoteAddress: address, headers: { 'company-id': '1' }, payload: { email } });
      const known = await ask(target.email.toUpperCase(), '10.9.0.1');
      const unknown = await ask('nobody.here@kc.example', '10.9.0.1');
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      await t.app.mailer.drain();
      expect(t.sentMails.some((m) => m.to === 'nobody.here@kc.example')).toBe(false);
      expect(passwordLinkOf((await lastMailTo(target.email)).text, 'reset-password').userId).toBe(target.id);
      const invalid = await ask('not-an-email', '10.9.0.1');
      expect(invalid.statusCode).toBe(400);
    });

    it('limits forgot-password requests per address (429) and, silently, per account', async () => {
      const target = await makeUser();
      const ask = (address: string) =>
        t.app.inject({ method: 'POST', url: '/api/users/password-reset', remoteAddress: address, headers: { 'company-id': '1' }, payload: { email: target.email } });
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) statuses.push((await ask('10.9.9.9')).statusCode);
      expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
      expect(statuses[10]).toBe(429);
      const links = await t.db.selectFrom('password_tokens').select('token_hash').where('user_id', '=', target.id).execute();
      expect(links).toHaveLength(3);
    });
  });

  describe('the audit log', () => {
    it('ADMIN reads it newest first with filters; a company manager may not', async () => {
      const target = await makeUser();
      await inject('POST', `/api/users/${target.id}/deactivate`, admin);
      await inject('POST', `/api/users/${target.id}/reactivate`, admin);
      const res = await inject('GET', `/api/audit?entityId=${target.id}`, admin);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.totalElements).toBe(2);
      expect(page.content.map((e: { action: string }) => e.action)).toEqual(['user.reactivate', 'user.deactivate']);
      expect(page.content[0]).toMatchObject({
        entityType: 'user',
        entityId: target.id,
        actor: { id: ids['admin@kc.example'], email: 'admin@kc.example' },
        before: { isActive: false },
        after: { isActive: true },
      });
      const filtered = await inject('GET', `/api/audit?entityId=${target.id}&action=user.deactivate`, admin);
      expect(filtered.json().totalElements).toBe(1);
      const byActor = await inject('GET', `/api/audit?actorId=${ids['admin@kc.example']}&entityType=user&size=1`, admin);
      expect(byActor.json()).toMatchObject({ size: 1, numberOfElements: 1 });
      const today = new Date().toISOString().slice(0, 10);
      expect((await inject('GET', `/api/audit?entityId=${target.id}&from=${today}&to=${today}`, admin)).json().totalElements).toBe(2);
      expect((await inject('GET', `/api/audit?entityId=${target.id}&to=2000-01-01`, admin)).json().totalElements).toBe(0);
      expect((await inject('GET', `/api/audit?entityId=${target.id}&from=0001-01-01&to=2024-02-29`, admin)).json().totalElements).toBe(0);
      expect((await inject('GET', '/api/audit', manager)).statusCode).toBe(403);
      for (const bad of ['action=user.fly', 'entityType=planet', 'from=yesterday', 'size=-1', 'to=0008-01-60', 'from=2024-02-30', 'to=0000-01-01', 'from=0001-01-01T00:00+01:00']) {
        expect((await inject('GET', `/api/audit?${bad}`, admin)).statusCode, bad).toBe(400);
      }
    });

    it('records a contract state change made by staff, not one made by the customer', async () => {
      const contracts = await t.db.selectFrom('contracts').select(['id', 'state']).where('user_id', '=', ids['investor@kc.example']!).execute();
      const fresh = contracts.find((c) => c.state === 'NEW')!;
      const active = contracts.find((c) => c.state === 'ACTIVE')!;
      const advisor = await authHeaders(t.db, 'advisor@kc.example');
      expect((await inject('POST', `/api/contracts/${active.id}/suspend`, advisor, { reason: 'Recibo devuelto' })).statusCode).toBe(200);
      expect((await inject('POST', `/api/contracts/${fresh.id}/archive`, investor)).statusCode).toBe(200);
      const [entry] = await auditOf(active.id);
      expect(entry).toMatchObject({ action: 'contract.suspend', entity_type: 'contract', actor_id: ids['advisor@kc.example'] });
      expect(entry!.before).toEqual({ state: 'ACTIVE', userId: ids['investor@kc.example'] });
      // The reason stays in the contract's history (which the erasure reaches), not in the log.
      expect(entry!.after).toEqual({ state: 'STANDBY', userId: ids['investor@kc.example'], reasonGiven: true });
      expect(await auditOf(fresh.id)).toEqual([]);
    });

    it('refuses UPDATE, DELETE and TRUNCATE even from SQL', async () => {
      const target = await makeUser();
      await inject('POST', `/api/users/${target.id}/deactivate`, admin);
      await expect(t.db.updateTable('audit_log').set({ action: 'forged' }).where('entity_id', '=', target.id).execute()).rejects.toThrow(/append-only/);
      await expect(t.db.deleteFrom('audit_log').where('entity_id', '=', target.id).execute()).rejects.toThrow(/append-only/);
      await expect(sql`TRUNCATE audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
      expect((await auditOf(target.id)).map((e) => e.action)).toEqual(['user.deactivate']);
    });
  });

  it('lists the active administrators of a company (for notices), never another company\'s', async () => {
    const { listActiveAdmins } = await import('../src/modules/users/service.ts');
    const admins = await listActiveAdmins(t.db, '1');
    expect(admins.map((a) => a.email)).toContain('admin@kc.example');
    expect(admins.every((a) => a.email.endsWith('@kc.example'))).toBe(true);
    expect(await listActiveAdmins(t.db, '2')).toEqual([]);
  });

  it('registers an investor without investorType as a PERSON', async () => {
    const { registration, register } = await import('./helpers/accounts.ts');
    const { investorType: _, ...body } = registration();
    const res = await register(t.app, body);
    expect(res.statusCode).toBe(201);
    const row = await t.db.selectFrom('users').select('investor_type').where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row.investor_type).toBe('PERSON');
  });
});
