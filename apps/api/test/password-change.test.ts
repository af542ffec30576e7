import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { verifySecret } from '../src/lib/password.ts';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import { login } from './helpers/accounts.ts';

type THeaders = Record<string, string>;
const NEW_PASSWORD = 'otra-clave-larga-2026';

/**
 * The password change after the security review: the current password goes through the login
 * limiter as the e-mail change's does (a wrong one counts as a failed login; while blocked, 429
 * emailChangeTooManyAttempts even with the right password, nothing changed), and a change leaves
 * an audit entry `user.passwordChanged` with no password in it.
 */
describe.each(DB_KINDS)('password change on %s', (kind) => {
  let t: TTestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t?.close());

  /** A new confirmed investor with the demo password and a session (recent step-up). */
  async function person() {
    seq += 1;
    const email = `clave.${kind}.${seq}.${Date.now()}@kc.example`;
    const hash = (await t.db.selectFrom('users').select('password_hash').where('email', '=', 'investor@kc.example').executeTakeFirstOrThrow()).password_hash;
    const row = await t.db
      .insertInto('users')
      .values({ company_id: '1', email, password_hash: hash, first_name: 'Clara', last_name: `Clave ${seq}`, roles: ['INVESTOR'], confirmed_at: new Date(), country_id: 'ES', language: 'es' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, email, h: await authHeaders(t.db, email), other: await authHeaders(t.db, email) };
  }
  const change = (h: THeaders, currentPassword: string, remoteAddress: string, extra: THeaders = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: { ...h, ...extra },
      remoteAddress,
      payload: { currentPassword, newPassword: NEW_PASSWORD, repeatPassword: NEW_PASSWORD },
    });
  const state = async (id: string) => {
    const user = await t.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow();
    const live = await t.db.selectFrom('access_tokens').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', id).where('revoked_at', 'is', null).executeTakeFirstOrThrow();
    const audit = await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).execute();
    return { hash: user.password_hash, liveSessions: Number(live.n), audit: audit.map((a) => a.action) };
  };

  it('counts wrong current passwords in the login limiter: after 10, 429 even with the right one, in both languages, and nothing changes', async () => {
    const p = await person();
    const before = await state(p.id);
    const from = '10.31.0.1';
    for (let i = 0; i < 10; i += 1) {
      const res = await change(p.h, 'no-es-mi-clave', from);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'currentPasswordWrong', errors: [{ field: 'currentPassword' }] });
    }
    const blocked = await change(p.h, DEMO_PASSWORD, from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 429, code: 'emailChangeTooManyAttempts', title: 'Demasiados intentos' });
    expect(blocked.json().detail).toMatch(/^Demasiados intentos con una contraseña incorrecta\. Vuelva a intentarlo dentro de \d+ minutos\.$/);
    const blockedEn = await change(p.h, DEMO_PASSWORD, from, { 'accept-language': 'en' });
    expect(blockedEn.statusCode).toBe(429);
    expect(blockedEn.json().detail).toMatch(/^Too many attempts with a wrong password\. Please try again in \d+ minutes\.$/);
    // The same counters as the login: the login of that account from that address is blocked too.
    expect((await login(t.app, { username: p.email, password: DEMO_PASSWORD }, {}, from)).statusCode).toBe(429);
    const after = await state(p.id);
    expect(after).toEqual(before);
    expect(await verifySecret(after.hash, DEMO_PASSWORD)).toBe(true);
    // From another address the owner still can.
    expect((await change(p.h, DEMO_PASSWORD, '10.31.0.2')).statusCode).toBe(200);
  });

  it('records user.passwordChanged (actor, the person, other sessions closed) with no password in it', async () => {
    const p = await person();
    const res = await change(p.h, DEMO_PASSWORD, '10.31.1.1');
    expect(res.statusCode, res.body).toBe(200);
    const entries = await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', p.id).where('action', '=', 'user.passwordChanged').execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_id: p.id, entity_type: 'user', company_id: '1', ip_address: '10.31.1.1', before: null, after: { revokedSessions: 1 } });
    const now = await state(p.id);
    // The payload names no password field and holds neither password nor a hash of one.
    const payload = JSON.stringify({ before: entries[0]!.before, after: entries[0]!.after });
    for (const secret of [DEMO_PASSWORD, NEW_PASSWORD, now.hash, 'assword', '$argon2']) expect(payload).not.toContain(secret);
    expect(JSON.stringify(entries)).not.toContain(NEW_PASSWORD);
    expect(now.liveSessions).toBe(1);
    expect(await verifySecret(now.hash, NEW_PASSWORD)).toBe(true);
    expect((await t.app.inject({ url: '/api/users/me', headers: p.other })).statusCode).toBe(401);
  });
});
