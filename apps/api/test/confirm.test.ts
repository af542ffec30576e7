import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { confirmationLinkOf, login, register, registration } from './helpers/accounts.ts';
import { hashSecret } from '../src/lib/password.ts';

describe.each(DB_KINDS)('sign-up confirmation on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t.close());

  /** Registers and returns the link of the mail it sent. */
  async function signUp(overrides: Record<string, unknown> = {}, language = 'es') {
    const body = registration(overrides);
    const res = await register(t.app, body, language);
    expect(res.statusCode).toBe(201);
    t.sentMails.length = 0;
    await t.app.mailer.drain();
    const mail = t.sentMails.find((m) => m.to === body['email'])!;
    return { ...confirmationLinkOf(mail.text), email: String(body['email']), password: String(body['password']) };
  }

  const confirm = (userId: string, token: string, company = '1', language = 'es') =>
    t.app.inject({
      method: 'POST',
      url: `/api/users/confirm-sign-up/${encodeURIComponent(userId)}/${encodeURIComponent(token)}/${company}`,
      headers: { 'company-id': company, 'accept-language': language },
    });

  it('confirms once, assigns the investor the least busy advisor, mails both, and the account can log in', async () => {
    const link = await signUp();
    expect((await login(t.app, { username: link.email, password: link.password })).json().error_description).toContain('no está confirmada');
    const res = await confirm(link.userId, link.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: link.userId, confirmed: true, advisor: { firstName: 'Alba', lastName: 'Asesora', email: 'advisor@kc.example' } });
    const user = await t.db.selectFrom('users as u').innerJoin('users as a', 'a.id', 'u.advisor_id').select(['u.confirmed_at', 'a.email']).where('u.id', '=', link.userId).executeTakeFirstOrThrow();
    expect(user.confirmed_at).not.toBeNull();
    expect(user.email).toBe('advisor@kc.example');

    t.sentMails.length = 0;
    await t.app.mailer.drain();
    const toPerson = t.sentMails.find((m) => m.to === link.email)!;
    expect(toPerson.subject).toBe('Su cuenta de KC está confirmada');
    expect(toPerson.text).toContain('Su asesor financiero es Alba Asesora (advisor@kc.example)');
    expect(toPerson.html).toContain('Iniciar sesión');
    const toAdvisor = t.sentMails.find((m) => m.to === 'advisor@kc.example')!;
    expect(toAdvisor.subject).toBe('Se le ha asignado un nuevo cliente');
    expect(toAdvisor.text).toContain(link.email);

    expect((await login(t.app, { username: link.email, password: link.password })).statusCode).toBe(200);
  });

  it('says so when the link is used again', async () => {
    const link = await signUp();
    expect((await confirm(link.userId, link.token)).statusCode).toBe(200);
    const again = await confirm(link.userId, link.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'signUpLinkUsed', detail: 'Este enlace de confirmación ya se utilizó: su cuenta está confirmada. Inicie sesión.' });
  });

  it('says so when the link has expired (7 days), and the account stays unconfirmed', async () => {
    const link = await signUp();
    await t.db.updateTable('sign_up_confirmations').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', link.userId).execute();
    const res = await confirm(link.userId, link.token, '1', 'en');
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ code: 'signUpLinkExpired', detail: 'The confirmation link has expired (it is valid for 7 days). Please register again or contact us.' });
    const user = await t.db.selectFrom('users').select('confirmed_at').where('id', '=', link.userId).executeTakeFirstOrThrow();
    expect(user.confirmed_at).toBeNull();
  });

  it('refuses a wrong token, a wrong user, a malformed id and another company as an invalid link', async () => {
    const link = await signUp();
    for (const res of [
      await confirm(link.userId, `${link.token}x`),
      await confirm('00000000-0000-4000-8000-000000000000', link.token),
      await confirm('not-a-uuid', link.token),
      await confirm(link.userId, link.token, '2'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'signUpLinkInvalid' });
    }
    expect((await confirm(link.userId, link.token)).statusCode).toBe(200);
  });

  it('balances investors among advisors by their active clients', async () => {
    const second = await t.db
      .insertInto('users')
      .values({
        company_id: '1',
        email: 'second.advisor@kc.example',
        password_hash: await hashSecret('x-password-long'),
        first_name: 'Bruno',
        last_name: 'Asesor',
        roles: ['ADVISOR'],
        confirmed_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = await t.db.selectFrom('users').select('id').where('email', '=', 'advisor@kc.example').executeTakeFirstOrThrow();
    const clients = async (id: string) =>
      Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('advisor_id', '=', id).where('is_active', '=', true).executeTakeFirstOrThrow()).n);
    const assigned: string[] = [];
    for (let i = 0; i < 4; i++) {
      const link = await signUp();
      const res = await confirm(link.userId, link.token);
      assigned.push(res.json().advisor.email);
    }
    // The new advisor (no clients) catches up first.
    expect(assigned[0]).toBe('second.advisor@kc.example');
    expect(Math.abs((await clients(first.id)) - (await clients(second.id)))).toBeLessThanOrEqual(1);
  });

  it('confirms a non-investor without an advisor', async () => {
    const link = await signUp({ role: 'AGENT' }, 'en');
    const res = await confirm(link.userId, link.token);
    expect(res.json()).toEqual({ id: link.userId, confirmed: true, advisor: null });
    t.sentMails.length = 0;
    await t.app.mailer.drain();
    expect(t.sentMails.map((m) => [m.to, m.subject])).toEqual([[link.email, 'Your KC account is confirmed']]);
  });
});
