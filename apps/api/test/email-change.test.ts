import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/lib/tokens.ts';
import { forgetSessions } from '../src/lib/session-cache.ts';
import { totpCodeAt } from '../src/modules/strong-auth/totp.ts';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { TEST_TOTP_SECRET, authHeaders, enrolTestTotp } from './helpers/auth.ts';
import { confirmationLinkOf, login, register, registration } from './helpers/accounts.ts';
import { unzip } from './helpers/zip.ts';
import { hideLinkSecrets } from '../src/modules/privacy/export-sections.ts';

/**
 * Changing one's own e-mail (issue 18; docs/decisions/0037): the request needs the password (a
 * wrong one counts in the login limiter) and a step-up when the person has a second factor; it
 * mails a one-time link (60 minutes, hash only) to the new address and a notice to the old one.
 * Nothing changes until the link is opened; then the address changes, the other sessions end, the
 * change is audited and the old address told. Every refusal changes nothing.
 */
const PASSWORD = 'una-clave-larga-2026';
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
let dniSeq = 50_000_000 + Math.floor(Math.random() * 1_000_000);
const uniqueDni = () => {
  dniSeq += 1;
  return `${dniSeq}${DNI_LETTERS[dniSeq % 23]}`;
};
type THeaders = Record<string, string>;

describe.each(DB_KINDS)('e-mail change on %s', (kind) => {
  let t: TTestApp;
  let seq = 0;
  let address = 0;
  /** A fresh client address per test, so that the login limiter's counters of one test do not block another. */
  const nextAddress = () => {
    address += 1;
    return `10.77.${Math.floor(address / 200)}.${address % 200}`;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t.close());

  /** A new, confirmed investor (no second factor) with a session. */
  async function signUp(language = 'es') {
    seq += 1;
    const email = `cambio.${seq}.${Date.now()}@example.com`;
    const res = await register(t.app, registration({ email, dni: uniqueDni(), password: PASSWORD, repeatPassword: PASSWORD }), language);
    expect(res.statusCode, res.body).toBe(201);
    await t.app.mailer.drain();
    const link = confirmationLinkOf(t.sentMails.find((m) => m.to === email)!.text);
    expect((await t.app.inject({ method: 'POST', url: `/api/users/confirm-sign-up/${link.userId}/${link.token}/1`, headers: { 'company-id': '1' } })).statusCode).toBe(200);
    return { id: link.userId, email, headers: await authHeaders(t.db, email) };
  }

  const ask = (headers: THeaders, payload: unknown, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/users/me/email', headers, remoteAddress, payload: payload as object });
  const confirm = (token: string, headers: THeaders = { 'company-id': '1' }) =>
    t.app.inject({ method: 'POST', url: '/api/users/email-change/confirm', headers, payload: { token } });
  const emailOf = async (id: string) => (await t.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
  const changesOf = (id: string) => t.db.selectFrom('email_changes').selectAll().where('user_id', '=', id).orderBy('created_at').execute();
  const mailsTo = async (to: string) => {
    await t.app.mailer.drain();
    return t.sentMails.filter((m) => m.to === to);
  };
  const auditOf = (id: string, action: string) =>
    t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', id).where('action', '=', action as never).execute();
  const parsed = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : (value as Record<string, unknown>));
  /** The token of the confirmation link mailed to `to` (the latest). */
  async function linkTokenTo(to: string): Promise<string> {
    const mails = await mailsTo(to);
    const match = /\/web\/account\/email\/confirm#token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '');
    if (!match) throw new Error(`No e-mail change link mailed to ${to}`);
    return match[1]!;
  }
  /** The person's state that a refusal must leave as it was. */
  const snapshot = async (id: string) => ({
    email: await emailOf(id),
    changes: (await changesOf(id)).map((c) => ({ id: c.id, state: c.state })),
    liveSessions: Number(
      (await t.db.selectFrom('access_tokens').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', id).where('revoked_at', 'is', null).executeTakeFirstOrThrow()).n,
    ),
  });

  it('asks (202), mails the link to the new address and a notice to the old one, and changes nothing until the link is opened', async () => {
    const p = await signUp();
    const other = await authHeaders(t.db, p.email);
    const newEmail = `  Nuevo.${seq}.${Date.now()}@Example.COM `;
    const expected = newEmail.trim().toLowerCase();
    const res = await ask(p.headers, { newEmail, currentPassword: PASSWORD });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json();
    expect(body.newEmail).toBe(expected);
    expect(new Date(body.expiresAt).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(new Date(body.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    // Nothing has changed yet: same address, the old login works, the new one does not, every session lives.
    expect(await emailOf(p.id)).toBe(p.email);
    expect((await login(t.app, { username: p.email, password: PASSWORD }, {}, nextAddress())).statusCode).toBe(200);
    expect((await login(t.app, { username: expected, password: PASSWORD }, {}, nextAddress())).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: other })).statusCode).toBe(200);

    // Only the token's SHA-256 is stored.
    const token = await linkTokenTo(expected);
    const [row] = await changesOf(p.id);
    expect(row).toMatchObject({ new_email: expected, state: 'PENDING', token_hash: hashToken(token), confirmed_at: null });
    expect(JSON.stringify(row)).not.toContain(token);
    const notice = (await mailsTo(p.email)).find((m) => m.subject === 'Se ha solicitado cambiar el correo electrónico de su cuenta de KC')!;
    expect(notice).toBeDefined();
    expect(notice.text).toContain(expected);
    expect(notice.text).toContain('/web/user/forgot-password');
    expect(notice.text).not.toContain(token);
    const [requested] = await auditOf(p.id, 'user.emailChangeRequested');
    // Ids only: the new address is the request's (which an erasure deletes).
    expect(parsed(requested!.after)).toEqual({ requestId: row!.id, expiresAt: body.expiresAt });
    expect(JSON.stringify(requested)).not.toContain(token);

    // The link: the address changes, every other session ends, the change is audited and the old address told.
    const done = await confirm(token, p.headers);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers['cache-control']).toBe('no-store');
    expect(done.json()).toEqual({ email: expected, sessionKept: true });
    expect(await emailOf(p.id)).toBe(expected);
    expect((await changesOf(p.id))[0]).toMatchObject({ state: 'CONFIRMED' });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: other })).statusCode).toBe(401);
    const mine = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: p.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().email).toBe(expected);
    const [changed] = await auditOf(p.id, 'user.emailChanged');
    expect(changed).toMatchObject({ actor_id: p.id });
    expect(changed!.before).toBeNull();
    expect(parsed(changed!.after)).toEqual({ emailChanged: true, requestId: row!.id, revokedSessions: expect.any(Number) });
    expect(JSON.stringify([requested, changed])).not.toMatch(new RegExp(`${p.email}|${expected}`, 'i'));
    const told = (await mailsTo(p.email)).find((m) => m.subject === 'El correo electrónico de su cuenta de KC ha cambiado')!;
    expect(told).toBeDefined();
    expect(told.text).toContain(expected);
    // That mail is still the person's, though their address is no longer the one it went to (decision 0027).
    const toldRow = await t.db.selectFrom('mail_outbox').select('user_id').where('to_address', '=', p.email).where('subject', '=', told.subject).executeTakeFirstOrThrow();
    expect(toldRow.user_id).toBe(p.id);

    // The new address signs in; the old one no longer does.
    expect((await login(t.app, { username: expected, password: PASSWORD }, {}, nextAddress())).statusCode).toBe(200);
    expect((await login(t.app, { username: p.email, password: PASSWORD }, {}, nextAddress())).statusCode).toBe(400);

    // The link works once.
    const again = await confirm(token);
    expect([again.statusCode, again.json().code]).toEqual([409, 'emailChangeLinkUsed']);
  });

  it('ends every session of the person when the link is opened where they are not signed in', async () => {
    const p = await signUp('en');
    const wanted = `solo.${seq}@example.org`;
    const res = await ask(p.headers, { newEmail: wanted, currentPassword: PASSWORD });
    expect(res.statusCode).toBe(202);
    const token = await linkTokenTo(wanted);
    expect((await mailsTo(wanted)).at(-1)!.subject).toBe('Confirm your new e-mail address for KC');
    // Another person's session on the confirming browser does not count as theirs.
    const stranger = await signUp();
    const done = await confirm(token, stranger.headers);
    expect(done.json()).toEqual({ email: wanted, sessionKept: false });
    expect((await snapshot(p.id)).liveSessions).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: p.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: stranger.headers })).statusCode).toBe(200);
    expect((await mailsTo(p.email)).map((m) => m.subject)).toContain('The e-mail address of your KC account has changed');
  });

  it('refuses bad input on its fields (400) and changes nothing', async () => {
    const p = await signUp();
    const before = await snapshot(p.id);
    // The messages come in the caller's language (Spanish by default).
    const cases: [unknown, string, string][] = [
      [{ currentPassword: PASSWORD }, 'newEmail', 'Requerido'],
      [{ newEmail: '   ', currentPassword: PASSWORD }, 'newEmail', 'Requerido'],
      [{ newEmail: 'no-es-un-correo', currentPassword: PASSWORD }, 'newEmail', 'Invalid email'],
      [{ newEmail: `${'a'.repeat(250)}@example.com`, currentPassword: PASSWORD }, 'newEmail', '254'],
      [{ newEmail: 42, currentPassword: PASSWORD }, 'newEmail', 'válido'],
      [{ newEmail: 'bien@example.com' }, 'currentPassword', 'Requerido'],
      [{ newEmail: 'bien@example.com', currentPassword: 'x'.repeat(129) }, 'currentPassword', '128'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await ask(p.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const problem = res.json();
      expect(problem.errors.find((e: { field: string }) => e.field === field)?.message ?? '', JSON.stringify(problem)).toContain(message);
    }
    expect((await ask(p.headers, { newEmail: 'bien@example.com', currentPassword: PASSWORD, extra: 1 })).statusCode).toBe(400);
    // The current address, in other case: nothing to change.
    const same = await ask(p.headers, { newEmail: p.email.toUpperCase(), currentPassword: PASSWORD });
    expect([same.statusCode, same.json().code, same.json().errors[0].field]).toEqual([400, 'emailChangeSame', 'newEmail']);
    expect(await snapshot(p.id)).toEqual(before);
    expect(await mailsTo('bien@example.com')).toEqual([]);
  });

  it('refuses a wrong password on its field and counts it as a failed login (then 429, and the login from there too)', async () => {
    const p = await signUp();
    const before = await snapshot(p.id);
    const from = nextAddress();
    for (let i = 0; i < 10; i += 1) {
      const res = await ask(p.headers, { newEmail: `intento.${seq}@example.com`, currentPassword: 'no-es-la-clave' }, from);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'currentPasswordWrong', errors: [{ field: 'currentPassword' }] });
    }
    // The login limiter (10 failures for one account from one address) blocks even the right password…
    const blocked = await ask(p.headers, { newEmail: `intento.${seq}@example.com`, currentPassword: PASSWORD }, from);
    expect([blocked.statusCode, blocked.json().code]).toEqual([429, 'emailChangeTooManyAttempts']);
    // …and the login of that account from that address, as wrong passwords at the login would.
    expect((await login(t.app, { username: p.email, password: PASSWORD }, {}, from)).statusCode).toBe(429);
    expect(await snapshot(p.id)).toEqual(before);
    expect(await mailsTo(`intento.${seq}@example.com`)).toEqual([]);
    // From elsewhere the owner still can.
    expect((await ask(p.headers, { newEmail: `intento.${seq}@example.com`, currentPassword: PASSWORD })).statusCode).toBe(202);
  });

  it('refuses an address another account of the company has (409 on newEmail, as sign-up says), not one of another company', async () => {
    const p = await signUp();
    const before = await snapshot(p.id);
    for (const taken of ['advisor@kc.example', 'ADVISOR@kc.example']) {
      const res = await ask(p.headers, { newEmail: taken, currentPassword: PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'emailChangeTaken', errors: [{ field: 'newEmail', message: 'Ya existe una cuenta con este correo electrónico. Elija otro' }] });
    }
    expect(await snapshot(p.id)).toEqual(before);
    expect((await mailsTo('advisor@kc.example')).filter((m) => m.text.includes('#token='))).toEqual([]);
    // Another company's person is another account: the address is free here.
    expect((await ask(p.headers, { newEmail: 'investor@other.example', currentPassword: PASSWORD })).statusCode).toBe(202);
  });

  it('re-checks the address on confirmation: taken meanwhile → 409 and nothing changes', async () => {
    const p = await signUp();
    const rival = await signUp();
    const wanted = `disputado.${seq}@example.com`;
    expect((await ask(p.headers, { newEmail: wanted, currentPassword: PASSWORD })).statusCode).toBe(202);
    const token = await linkTokenTo(wanted);
    expect((await ask(rival.headers, { newEmail: wanted, currentPassword: PASSWORD })).statusCode).toBe(202);
    expect((await confirm(await linkTokenTo(wanted))).statusCode).toBe(200);
    const before = await snapshot(p.id);
    const res = await confirm(token);
    expect([res.statusCode, res.json().code]).toEqual([409, 'emailChangeTaken']);
    expect(await snapshot(p.id)).toEqual(before);
  });

  it('refuses an expired, a replaced, an unknown, a malformed and another company’s link, changing nothing', async () => {
    const p = await signUp();
    expect((await ask(p.headers, { newEmail: `primero.${seq}@example.com`, currentPassword: PASSWORD })).statusCode).toBe(202);
    const first = await linkTokenTo(`primero.${seq}@example.com`);
    expect((await ask(p.headers, { newEmail: `segundo.${seq}@example.com`, currentPassword: PASSWORD })).statusCode).toBe(202);
    const second = await linkTokenTo(`segundo.${seq}@example.com`);
    const before = await snapshot(p.id);

    const replaced = await confirm(first);
    expect([replaced.statusCode, replaced.json().code]).toEqual([410, 'emailChangeLinkReplaced']);
    const elsewhere = await confirm(second, { 'company-id': '2' });
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([404, 'emailChangeLinkInvalid']);
    const unknown = await confirm('A'.repeat(43));
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'emailChangeLinkInvalid']);
    expect((await confirm('corto')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/email-change/confirm', headers: { 'company-id': '1' }, payload: {} })).statusCode).toBe(400);

    // At exactly 60 minutes the link no longer works.
    await t.db.updateTable('email_changes').set({ expires_at: new Date(Date.now() - 1) }).where('token_hash', '=', hashToken(second)).execute();
    const expired = await confirm(second);
    expect([expired.statusCode, expired.json().code]).toEqual([410, 'emailChangeLinkExpired']);
    expect(expired.json().detail).toContain('60');
    expect(await snapshot(p.id)).toEqual(before);
  });

  it('a new password cancels the pending change (its link answers 410)', async () => {
    const p = await signUp();
    expect((await ask(p.headers, { newEmail: `cancelado.${seq}@example.com`, currentPassword: PASSWORD })).statusCode).toBe(202);
    const token = await linkTokenTo(`cancelado.${seq}@example.com`);
    const next = 'otra-clave-larga-2026';
    const changed = await t.app.inject({ method: 'POST', url: '/api/users/me/password', headers: p.headers, payload: { currentPassword: PASSWORD, newPassword: next, repeatPassword: next } });
    expect(changed.statusCode).toBe(200);
    const res = await confirm(token);
    expect([res.statusCode, res.json().code]).toEqual([410, 'emailChangeLinkReplaced']);
    expect(await emailOf(p.id)).toBe(p.email);
  });

  it('needs a step-up when the person has a second factor (403, nothing changed), not before', async () => {
    const p = await signUp();
    await enrolTestTotp(t.db, p.id, '1');
    const stale = await authHeaders(t.db, p.email, { stepUp: false });
    const before = await snapshot(p.id);
    const refused = await ask(stale, { newEmail: `paso.${seq}@example.com`, currentPassword: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'stepUpRequired', action: 'changeEmail' });
    expect(await snapshot(p.id)).toEqual(before);
    expect(await mailsTo(`paso.${seq}@example.com`)).toEqual([]);

    const stepUp = await t.app.inject({ method: 'POST', url: '/api/strong-auth/step-up', headers: stale, payload: { code: totpCodeAt(TEST_TOTP_SECRET, new Date()) } });
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    forgetSessions(t.db);
    expect((await ask(stale, { newEmail: `paso.${seq}@example.com`, currentPassword: PASSWORD })).statusCode).toBe(202);
  });

  it('refuses a caller without a session (401)', async () => {
    const res = await ask({ 'company-id': '1' }, { newEmail: 'nadie@example.com', currentPassword: PASSWORD });
    expect(res.statusCode).toBe(401);
  });

  it('limits the requests of one person (429 after 5 in an hour)', async () => {
    const p = await signUp();
    for (let i = 0; i < 5; i += 1) expect((await ask(p.headers, { newEmail: `muchos.${seq}.${i}@example.com`, currentPassword: PASSWORD })).statusCode).toBe(202);
    const res = await ask(p.headers, { newEmail: `muchos.${seq}.x@example.com`, currentPassword: PASSWORD });
    expect([res.statusCode, res.json().code]).toEqual([429, 'emailChangeRateLimited']);
    expect((await changesOf(p.id)).filter((c) => c.state === 'PENDING')).toHaveLength(1);
  });

  it('is personal data: the export lists the requests (never the token) and an erasure deletes them', async () => {
    const p = await signUp();
    const wanted = `exportado.${seq}@example.com`;
    expect((await ask(p.headers, { newEmail: wanted, currentPassword: PASSWORD })).statusCode).toBe(202);
    const token = await linkTokenTo(wanted);
    const res = await t.app.inject({ method: 'GET', url: '/api/privacy/export', headers: p.headers });
    expect(res.statusCode).toBe(200);
    const files = await unzip(res.rawPayload);
    const rows = JSON.parse(files.get('email-changes.json')!) as Record<string, unknown>[];
    expect(rows).toEqual([expect.objectContaining({ newEmail: wanted, state: 'PENDING', confirmedAt: null })]);
    expect(files.get('email-changes.csv')).toContain(wanted);
    for (const text of files.values()) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(hashToken(token));
    }

    expect((await t.app.inject({ method: 'POST', url: '/api/privacy/erasure', headers: p.headers })).statusCode).toBe(202);
    await t.app.mailer.drain();
    const mail = [...t.sentMails].reverse().find((m) => m.to === p.email && /supresión/i.test(m.subject))!;
    const erasure = /#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect((await t.app.inject({ method: 'POST', url: '/api/privacy/erasure/confirm', headers: { 'company-id': '1' }, payload: { token: erasure } })).statusCode).toBe(200);
    expect(await changesOf(p.id)).toEqual([]);
    expect((await confirm(token)).statusCode).toBe(404);
  });

  it('hides the token of a link in a fragment (this link, the erasure’s) in the exported mails', () => {
    const text = 'Confirmar: https://kc.example/web/account/email/confirm#token=abcDEF123_-x y más';
    expect(hideLinkSecrets(text, 'es')).toBe('Confirmar: https://kc.example/web/account/email/confirm#token=[oculto] y más');
  });
});
