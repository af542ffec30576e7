import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_GRANT_TYPE } from '@kc/domain';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { madridDayAndTime } from '../src/lib/security-mail.ts';
import { totpCodeAt } from '../src/modules/strong-auth/totp.ts';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import { login } from './helpers/accounts.ts';
import { SoftwareAuthenticator } from './helpers/webauthn.ts';
import { unzip } from './helpers/zip.ts';

/**
 * The mails that tell a person about a change to how their account is reached
 * (docs/decisions/0045): a new password, a sign-in from a new device or network, a second factor
 * added or removed, new recovery codes, a change of e-mail. Each one is queued in the outbox for
 * the person, in their language, says when (Madrid time) and from where (IP address, browser and
 * system), links to the forgotten-password page and the security page, and carries no secret.
 */
type THeaders = Record<string, string>;

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const NEW_PASSWORD = 'otra-clave-larga-2026';

interface TOutboxMail {
  to_address: string;
  user_id: string | null;
  subject: string;
  text_body: string;
  html_body: string;
}

describe.each(DB_KINDS)('security mails on %s', (kind) => {
  let t: TTestApp;
  let seq = 0;
  let net = 0;
  /** A fresh /24 for each call: each test's logins are new networks unless it reuses one. */
  const nextNetwork = () => {
    net += 1;
    return `198.${18 + (net >> 8)}.${net % 256}`;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t?.close());

  /** A new confirmed investor with the demo password, in the given language. */
  async function person(language: 'es' | 'en' = 'es') {
    seq += 1;
    const email = `seguridad.${kind}.${seq}.${Date.now()}@kc.example`;
    const hash = (await t.db.selectFrom('users').select('password_hash').where('email', '=', 'investor@kc.example').executeTakeFirstOrThrow()).password_hash;
    const row = await t.db
      .insertInto('users')
      .values({ company_id: '1', email, password_hash: hash, first_name: language === 'en' ? 'Emma' : 'Elena', last_name: `Segura ${seq}`, roles: ['INVESTOR'], confirmed_at: new Date(), country_id: 'ES', language })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, email, language };
  }

  const outbox = (userId: string): Promise<TOutboxMail[]> =>
    t.db.selectFrom('mail_outbox').select(['to_address', 'user_id', 'subject', 'text_body', 'html_body']).where('user_id', '=', userId).orderBy('id').execute();
  const withSubject = async (userId: string, subject: string) => (await outbox(userId)).filter((m) => m.subject === subject);
  const signIn = (email: string, remoteAddress: string, userAgent?: string, password = DEMO_PASSWORD) =>
    login(t.app, { username: email, password }, userAgent ? { 'user-agent': userAgent } : {}, remoteAddress);

  /**
   * What every security mail must hold: the person's address and id, the time (Madrid) of the
   * call made between `before` and `after`, the address and device, both help links, no secret.
   */
  function expectSecurityMail(
    mail: TOutboxMail | undefined,
    expected: { to: string; userId: string; language: 'es' | 'en'; address: string; device: string; before: Date; after: Date; secrets: string[]; help?: 'contact' },
  ) {
    expect(mail, 'mail queued').toBeDefined();
    const { text_body: text, html_body: html } = mail!;
    expect(mail!.to_address).toBe(expected.to);
    expect(mail!.user_id).toBe(expected.userId);
    const times = [madridDayAndTime(expected.before), madridDayAndTime(expected.after)];
    const said = times.map(({ day, time }) => (expected.language === 'en' ? `When: ${day} at ${time} Madrid time.` : `Cuándo: el ${day} a las ${time}, hora de Madrid.`));
    expect(said.some((s) => text.includes(s)), `${said.join(' | ')} in ${text}`).toBe(true);
    expect(text).toContain(expected.language === 'en' ? `From: ${expected.device}, IP address ${expected.address}.` : `Desde: ${expected.device}, dirección IP ${expected.address}.`);
    const base = `${t.config.PUBLIC_URL.replace(/\/+$/, '')}/web`;
    if (expected.help === 'contact') {
      // The address is no longer the person's: a reset link would go to the new one, so the way out is to contact us.
      expect(html).toContain(`href="${base}/home/contact-us"`);
    } else {
      expect(text).toContain(`${base}/user/forgot-password`);
      expect(text).toContain(`${base}/account/security`);
      expect(html).toContain(`href="${base}/user/forgot-password"`);
    }
    if (expected.language === 'en') {
      expect(text).toMatch(/^Hello \S+,/);
      expect(text).toContain('If it was you, you do not need to do anything else.');
      expect(text).not.toMatch(/ usted|Hola/);
    } else {
      expect(text).toMatch(/^Hola, \S+:/);
      expect(text).toContain('Si ha sido usted, no tiene que hacer nada más.');
      expect(text).not.toMatch(/\bHello\b|\bIf it was\b/);
    }
    for (const secret of [...expected.secrets, DEMO_PASSWORD, NEW_PASSWORD, CHROME_WINDOWS, SAFARI_IPHONE, FIREFOX_LINUX]) {
      expect(text).not.toContain(secret);
      expect(html).not.toContain(secret);
    }
  }

  describe('a password changed from the account page', () => {
    const change = (h: THeaders, remoteAddress: string, userAgent: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/me/password',
        headers: { ...h, 'user-agent': userAgent },
        remoteAddress,
        payload: { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, repeatPassword: NEW_PASSWORD },
      });

    it('mails the person in Spanish: when, from where, what to do; no password or token', async () => {
      const p = await person('es');
      const h = await authHeaders(t.db, p.email);
      const address = `${nextNetwork()}.7`;
      const before = new Date();
      const res = await change(h, address, CHROME_WINDOWS);
      const after = new Date();
      expect(res.statusCode, res.body).toBe(200);
      const [mail, ...more] = await withSubject(p.id, 'Se ha cambiado la contraseña de su cuenta de KC');
      expect(more).toEqual([]);
      expectSecurityMail(mail, { to: p.email, userId: p.id, language: 'es', address, device: 'Chrome en Windows', before, after, secrets: [h['authorization']!.slice(7)] });
      expect(mail!.text_body).toContain('desde la página de su cuenta');
    });

    it('mails an English-speaking person in English', async () => {
      const p = await person('en');
      const h = await authHeaders(t.db, p.email);
      const address = `${nextNetwork()}.8`;
      const before = new Date();
      expect((await change(h, address, SAFARI_IPHONE)).statusCode).toBe(200);
      const after = new Date();
      const [mail] = await withSubject(p.id, 'The password of your KC account has changed');
      expectSecurityMail(mail, { to: p.email, userId: p.id, language: 'en', address, device: 'Safari on iOS', before, after, secrets: [h['authorization']!.slice(7)] });
    });

    it('mails nothing when the current password is wrong', async () => {
      const p = await person('es');
      const h = await authHeaders(t.db, p.email);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/me/password',
        headers: h,
        remoteAddress: `${nextNetwork()}.9`,
        payload: { currentPassword: 'no-es-mi-clave', newPassword: NEW_PASSWORD, repeatPassword: NEW_PASSWORD },
      });
      expect(res.statusCode).toBe(400);
      expect(await outbox(p.id)).toEqual([]);
    });
  });

  describe('a sign-in from a new device or network', () => {
    const NEW_DEVICE_ES = 'Nuevo inicio de sesión en su cuenta de KC';

    it('records the first device silently, mails nothing for the same device and network, and mails a sign-in from another network', async () => {
      const p = await person('es');
      const home = nextNetwork();
      const first = await signIn(p.email, `${home}.10`, CHROME_WINDOWS);
      expect(first.statusCode, first.body).toBe(200);
      // The account's first device: nothing to tell.
      expect(await outbox(p.id)).toEqual([]);
      const devices = await t.db.selectFrom('known_devices').selectAll().where('user_id', '=', p.id).execute();
      expect(devices).toHaveLength(1);
      expect(devices[0]).toMatchObject({ browser: 'Chrome', os: 'Windows', company_id: '1' });
      expect(devices[0]!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(devices)).not.toContain(home);

      // The same browser on the same network (another address of the line): known.
      expect((await signIn(p.email, `${home}.10`, CHROME_WINDOWS)).statusCode).toBe(200);
      expect((await signIn(p.email, `${home}.99`, CHROME_WINDOWS)).statusCode).toBe(200);
      expect(await outbox(p.id)).toEqual([]);
      expect(await t.db.selectFrom('known_devices').select('fingerprint').where('user_id', '=', p.id).execute()).toHaveLength(1);

      // A failed sign-in from elsewhere: nothing recorded, nothing mailed.
      const away = `${nextNetwork()}.20`;
      expect((await signIn(p.email, away, CHROME_WINDOWS, 'no-es-mi-clave')).statusCode).toBe(400);
      expect(await outbox(p.id)).toEqual([]);

      // The right password from that other network: mailed, once.
      const before = new Date();
      const other = await signIn(p.email, away, CHROME_WINDOWS);
      const after = new Date();
      expect(other.statusCode).toBe(200);
      const mails = await outbox(p.id);
      expect(mails.map((m) => m.subject)).toEqual([NEW_DEVICE_ES]);
      expectSecurityMail(mails[0], { to: p.email, userId: p.id, language: 'es', address: away, device: 'Chrome en Windows', before, after, secrets: [other.json().access_token] });

      // Again from there: known now.
      expect((await signIn(p.email, away, CHROME_WINDOWS)).statusCode).toBe(200);
      // Another browser on the home network: a new device.
      expect((await signIn(p.email, `${home}.10`, FIREFOX_LINUX)).statusCode).toBe(200);
      expect((await outbox(p.id)).map((m) => m.subject)).toEqual([NEW_DEVICE_ES, NEW_DEVICE_ES]);
      expect((await outbox(p.id))[1]!.text_body).toContain(`Desde: Firefox en Linux, dirección IP ${home}.10.`);
    });

    it('tells an English-speaking person in English, and reads IPv6 networks by their /64', async () => {
      const p = await person('en');
      expect((await signIn(p.email, '2001:db8:aa:1::10', SAFARI_IPHONE)).statusCode).toBe(200);
      expect((await signIn(p.email, '2001:db8:aa:1:ffff::20', SAFARI_IPHONE)).statusCode).toBe(200);
      expect(await outbox(p.id)).toEqual([]);
      const before = new Date();
      expect((await signIn(p.email, '2001:db8:bb:2::30', SAFARI_IPHONE)).statusCode).toBe(200);
      const after = new Date();
      const mails = await outbox(p.id);
      expect(mails.map((m) => m.subject)).toEqual(['New sign-in to your KC account']);
      expectSecurityMail(mails[0], { to: p.email, userId: p.id, language: 'en', address: '2001:db8:bb:2::30', device: 'Safari on iOS', before, after, secrets: [] });
    });

    it('tells of the completion of the second step (mfa grant) from a new network, and nothing for the password step alone', async () => {
      const p = await person('es');
      const h = await authHeaders(t.db, p.email);
      const setup = await t.app.inject({ method: 'POST', url: '/api/strong-auth/totp/setup', headers: h });
      const secret = new URL(setup.json().otpauthUri).searchParams.get('secret')!;
      const confirmed = await t.app.inject({ method: 'POST', url: '/api/strong-auth/totp/confirm', headers: h, payload: { code: totpCodeAt(secret, new Date()) } });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const codes: string[] = confirmed.json().recoveryCodes;
      const mfa = async (remoteAddress: string, code: string) => {
        const first = await signIn(p.email, remoteAddress, CHROME_WINDOWS);
        expect(first.json().error).toBe('mfa_required');
        return t.app.inject({
          method: 'POST',
          url: '/oauth/token',
          remoteAddress,
          headers: { 'company-id': '1', 'content-type': 'application/x-www-form-urlencoded', 'user-agent': CHROME_WINDOWS },
          payload: new URLSearchParams({ grant_type: MFA_GRANT_TYPE, client_id: 'kc-mobile', client_secret: 'kc-mobile-secret', mfa_token: first.json().mfa_token, recovery_code: code }).toString(),
        });
      };
      const home = `${nextNetwork()}.1`;
      expect((await mfa(home, codes[0]!)).statusCode).toBe(200);
      // The password step alone, from elsewhere: no session, no device, no mail.
      expect((await signIn(p.email, `${nextNetwork()}.1`, CHROME_WINDOWS)).json().error).toBe('mfa_required');
      const away = `${nextNetwork()}.2`;
      const before = new Date();
      const done = await mfa(away, codes[1]!);
      const after = new Date();
      expect(done.statusCode, done.body).toBe(200);
      const [mail, ...more] = await withSubject(p.id, 'Nuevo inicio de sesión en su cuenta de KC');
      expect(more).toEqual([]);
      expectSecurityMail(mail, { to: p.email, userId: p.id, language: 'es', address: away, device: 'Chrome en Windows', before, after, secrets: [...codes, secret, done.json().access_token] });
      // The recovery code's own mail says when and from where too, and never the code.
      const used = await withSubject(p.id, 'Se ha usado un código de recuperación de su cuenta de KC');
      expect(used).toHaveLength(2);
      expectSecurityMail(used[1], { to: p.email, userId: p.id, language: 'es', address: away, device: 'Chrome en Windows', before, after, secrets: [...codes, secret] });
    });
  });

  describe('second factors and recovery codes', () => {
    const call = (method: 'POST' | 'DELETE', url: string, h: THeaders, remoteAddress: string, payload?: object) =>
      t.app.inject({ method, url, headers: { ...h, 'user-agent': CHROME_WINDOWS }, remoteAddress, ...(payload ? { payload } : {}) });

    it('tells of an authenticator app added and removed and of new recovery codes, never a secret or a code', async () => {
      const p = await person('es');
      const h = await authHeaders(t.db, p.email);
      const address = `${nextNetwork()}.3`;
      const setup = await call('POST', '/api/strong-auth/totp/setup', h, address);
      const secret = new URL(setup.json().otpauthUri).searchParams.get('secret')!;
      let before = new Date();
      const confirmed = await call('POST', '/api/strong-auth/totp/confirm', h, address, { code: totpCodeAt(secret, new Date()) });
      let after = new Date();
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const first: string[] = confirmed.json().recoveryCodes;
      const [enrolled] = await withSubject(p.id, 'Ha activado la verificación en dos pasos en KC');
      expectSecurityMail(enrolled, { to: p.email, userId: p.id, language: 'es', address, device: 'Chrome en Windows', before, after, secrets: [secret, ...first] });

      before = new Date();
      const regenerated = await call('POST', '/api/strong-auth/recovery-codes', h, address);
      after = new Date();
      expect(regenerated.statusCode, regenerated.body).toBe(200);
      const fresh: string[] = regenerated.json().recoveryCodes;
      const [codesMail, ...more] = await withSubject(p.id, 'Se han generado nuevos códigos de recuperación de su cuenta de KC');
      expect(more).toEqual([]);
      expectSecurityMail(codesMail, { to: p.email, userId: p.id, language: 'es', address, device: 'Chrome en Windows', before, after, secrets: [secret, ...first, ...fresh] });
      expect(codesMail!.text_body).toContain('Los anteriores, usados o no, han dejado de servir.');

      before = new Date();
      expect((await call('DELETE', '/api/strong-auth/totp', h, address)).statusCode).toBe(204);
      after = new Date();
      const [removed] = await withSubject(p.id, 'Se ha eliminado un segundo factor de su cuenta de KC');
      expectSecurityMail(removed, { to: p.email, userId: p.id, language: 'es', address, device: 'Chrome en Windows', before, after, secrets: [secret, ...first, ...fresh] });
    });

    it('tells an English-speaking person of a passkey added and removed, in English', async () => {
      const p = await person('en');
      const h = await authHeaders(t.db, p.email);
      const address = `${nextNetwork()}.4`;
      const authenticator = new SoftwareAuthenticator(t.config.WEBAUTHN_ORIGINS[0]!);
      const options = await call('POST', '/api/strong-auth/passkeys/registration/options', h, address);
      expect(options.statusCode).toBe(200);
      let before = new Date();
      const added = await call('POST', '/api/strong-auth/passkeys/registration', h, address, { name: 'My phone', response: authenticator.createCredential(options.json()) });
      let after = new Date();
      expect(added.statusCode, added.body).toBe(201);
      const codes: string[] = added.json().recoveryCodes;
      const [enrolled] = await withSubject(p.id, 'You have turned on two-step verification on KC');
      expectSecurityMail(enrolled, { to: p.email, userId: p.id, language: 'en', address, device: 'Chrome on Windows', before, after, secrets: codes });

      before = new Date();
      expect((await call('DELETE', `/api/strong-auth/passkeys/${added.json().passkey.id}`, h, address)).statusCode).toBe(204);
      after = new Date();
      const [removed] = await withSubject(p.id, 'A second factor was removed from your KC account');
      expectSecurityMail(removed, { to: p.email, userId: p.id, language: 'en', address, device: 'Chrome on Windows', before, after, secrets: codes });
    });
  });

  describe('an e-mail change', () => {
    it('tells the old address when it is asked and when it is confirmed (when, from where, what to do); the new one gets its link', async () => {
      const p = await person('es');
      const h = await authHeaders(t.db, p.email);
      const newEmail = `nuevo.${seq}.${Date.now()}@kc.example`;
      const address = `${nextNetwork()}.5`;
      let before = new Date();
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/users/me/email',
        headers: { ...h, 'user-agent': FIREFOX_LINUX },
        remoteAddress: address,
        payload: { newEmail, currentPassword: DEMO_PASSWORD },
      });
      let after = new Date();
      expect(asked.statusCode, asked.body).toBe(202);
      const link = (await outbox(p.id)).find((m) => m.to_address === newEmail);
      expect(link?.subject).toBe('Confirme su nuevo correo electrónico en KC');
      const token = /#token=([A-Za-z0-9_-]+)/.exec(link!.text_body)![1]!;
      const [notice] = await withSubject(p.id, 'Se ha solicitado cambiar el correo electrónico de su cuenta de KC');
      expectSecurityMail(notice, { to: p.email, userId: p.id, language: 'es', address, device: 'Firefox en Linux', before, after, secrets: [token] });
      expect(notice!.text_body).toContain(newEmail);

      const opened = `${nextNetwork()}.6`;
      before = new Date();
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/users/email-change/confirm',
        headers: { 'company-id': '1', 'user-agent': SAFARI_IPHONE },
        remoteAddress: opened,
        payload: { token },
      });
      after = new Date();
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const [told] = await withSubject(p.id, 'El correo electrónico de su cuenta de KC ha cambiado');
      expectSecurityMail(told, { to: p.email, userId: p.id, language: 'es', address: opened, device: 'Safari en iOS', before, after, secrets: [token], help: 'contact' });
    });
  });

  describe('personal data', () => {
    it('exports the devices signed in from (families and dates, never the address or the hash) and erases them', async () => {
      const p = await person('es');
      const address = `${nextNetwork()}.11`;
      const session = await signIn(p.email, address, CHROME_WINDOWS);
      expect(session.statusCode).toBe(200);
      const h = { authorization: `Bearer ${session.json().access_token}`, 'company-id': '1' };
      const [device] = await t.db.selectFrom('known_devices').selectAll().where('user_id', '=', p.id).execute();
      const res = await t.app.inject({ method: 'GET', url: '/api/privacy/export', headers: h, remoteAddress: address });
      expect(res.statusCode).toBe(200);
      const files = await unzip(res.rawPayload);
      expect(JSON.parse(files.get('known-devices.json')!)).toEqual([
        { browser: 'Chrome', system: 'Windows', firstSignInAt: expect.any(String), lastSignInAt: expect.any(String) },
      ]);
      for (const text of files.values()) expect(text).not.toContain(device!.fingerprint);
      expect(files.get('known-devices.json')).not.toContain(address);

      expect((await t.app.inject({ method: 'POST', url: '/api/privacy/erasure', headers: h, remoteAddress: address })).statusCode).toBe(202);
      await t.app.mailer.drain();
      const mail = [...t.sentMails].reverse().find((m) => m.to === p.email && /supresión/i.test(m.subject))!;
      const erasure = /#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
      expect((await t.app.inject({ method: 'POST', url: '/api/privacy/erasure/confirm', headers: { 'company-id': '1' }, payload: { token: erasure } })).statusCode).toBe(200);
      expect(await t.db.selectFrom('known_devices').selectAll().where('user_id', '=', p.id).execute()).toEqual([]);
    });
  });
});
