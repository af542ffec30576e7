import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { MFA_GRANT_TYPE, RECOVERY_CODE_COUNT, STEP_UP_WINDOW_MS } from '@kc/domain';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { hashClientSecret } from '../src/lib/client-secret.ts';
import { forgetSessions } from '../src/lib/session-cache.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { totpCodeAt } from '../src/modules/strong-auth/totp.ts';
import { findTokenUser } from '../src/modules/oauth/service.ts';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders, enrolTestTotp } from './helpers/auth.ts';
import { login } from './helpers/accounts.ts';

/**
 * Strong authentication on the server (issue 18, decision 0032): TOTP enrolment (secret
 * encrypted at rest, window ±1, replay refused), recovery codes (hashed, once each), step-up,
 * the login's second step (mfa_required, the mfa grant), wrong codes limited like wrong
 * passwords, the staff gate, audit entries and mails. The clock is pinned (Date only) so that a
 * code's time step is known.
 */
type THeaders = Record<string, string>;

describe.each(DB_KINDS)('strong authentication on %s', (kind) => {
  let t: TTestApp;
  let counter = 0;
  /** The middle of a 30-second step near the real time (rate-limit windows are kept by the database's clock). */
  const T0 = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
  const at = (offsetMs: number) => new Date(T0 + offsetMs);
  const setClock = (offsetMs: number) => vi.setSystemTime(at(offsetMs));

  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setClock(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const inject = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, headers: THeaders, payload?: unknown, remoteAddress = '10.9.0.1') =>
    t.app.inject({ method, url, headers, remoteAddress, ...(payload === undefined ? {} : { payload: payload as object }) });

  /** A new confirmed user of company 1 with the demo password. */
  async function newUser(roles: string[] = ['INVESTOR'], language = 'es'): Promise<{ id: string; email: string }> {
    counter += 1;
    const email = `strong.${kind}.${counter}@kc.example`;
    const hash = await t.db.selectFrom('users').select('password_hash').where('email', '=', 'investor@kc.example').executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto('users')
      .values({ company_id: '1', email, password_hash: hash.password_hash, first_name: 'Nerea', last_name: `Segura ${counter}`, roles, confirmed_at: new Date(), language })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, email };
  }

  /** Enrols an authenticator app through the API at the current (pinned) time; its secret read from the otpauth URI. */
  async function enrol(headers: THeaders): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await inject('POST', '/api/strong-auth/totp/setup', headers);
    expect(setup.statusCode).toBe(200);
    const secret = new URL(setup.json().otpauthUri).searchParams.get('secret')!;
    const confirm = await inject('POST', '/api/strong-auth/totp/confirm', headers, { code: totpCodeAt(secret, new Date()) });
    expect(confirm.statusCode).toBe(200);
    return { secret, recoveryCodes: confirm.json().recoveryCodes };
  }

  const auditOf = (userId: string) =>
    t.db.selectFrom('audit_log').select(['action', 'actor_id', 'after']).where('entity_id', '=', userId).orderBy('id').execute();
  const mailsTo = (email: string) => t.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', email).orderBy('created_at').execute();
  const stampOf = async (headers: THeaders) =>
    (await t.db.selectFrom('access_tokens').select('second_factor_at').where('token_hash', '=', hashToken(headers['authorization']!.slice(7))).executeTakeFirstOrThrow())
      .second_factor_at;
  /** Moves a session's last second-factor use back (the cache forgotten, as another instance would within SESSION_CACHE_MS). */
  async function backdateStamp(headers: THeaders, ms: number) {
    await t.db
      .updateTable('access_tokens')
      .set({ second_factor_at: new Date(Date.now() - ms) })
      .where('token_hash', '=', hashToken(headers['authorization']!.slice(7)))
      .execute();
    forgetSessions(t.db);
  }

  describe('enrolment', () => {
    it('enrols an authenticator app: secret encrypted at rest, wrong code refused, ten recovery codes shown once and stored hashed, audited and mailed', async () => {
      const user = await newUser();
      const h = await authHeaders(t.db, user.email);
      const before = (await inject('GET', '/api/strong-auth', h)).json();
      expect(before).toEqual({
        totp: { enrolled: false, enrolledAt: null },
        passkeys: [],
        recoveryCodesLeft: 0,
        enrolmentRequired: false,
        hasSecondFactor: false,
        secondFactorAt: expect.any(String),
      });

      const setup = await inject('POST', '/api/strong-auth/totp/setup', h);
      expect(setup.statusCode).toBe(200);
      const { manualKey, otpauthUri, qrSvg } = setup.json();
      const uri = new URL(otpauthUri);
      const secret = uri.searchParams.get('secret')!;
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.host).toBe('totp');
      expect(decodeURIComponent(uri.pathname)).toBe(`/KC:${user.email}`);
      expect(Object.fromEntries(uri.searchParams)).toMatchObject({ issuer: 'KC', algorithm: 'SHA1', digits: '6', period: '30' });
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(manualKey.replace(/ /g, '')).toBe(secret);
      expect(manualKey).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
      expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

      // At rest: ciphertext only, bound to the user.
      const pending = await t.db.selectFrom('user_totp').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(pending.enrolled_at).toBeNull();
      expect(pending.pending_secret_encrypted).toMatch(/^v1\./);
      expect(JSON.stringify(pending)).not.toContain(secret);

      // A wrong code (and a malformed one) enrols nothing.
      for (const code of [totpCodeAt(secret, at(-120_000)), 'abc']) {
        const wrong = await inject('POST', '/api/strong-auth/totp/confirm', { ...h, 'accept-language': 'en' }, { code });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json()).toMatchObject({ code: 'invalidCode', detail: expect.stringContaining('not correct') });
      }
      expect((await t.db.selectFrom('user_totp').select('enrolled_at').where('user_id', '=', user.id).executeTakeFirstOrThrow()).enrolled_at).toBeNull();
      expect((await inject('POST', '/api/strong-auth/totp/confirm', h, {})).statusCode).toBe(400);

      const confirm = await inject('POST', '/api/strong-auth/totp/confirm', h, { code: totpCodeAt(secret, new Date()) });
      expect(confirm.statusCode).toBe(200);
      const codes: string[] = confirm.json().recoveryCodes;
      expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
      expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
      for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);

      const row = await t.db.selectFrom('user_totp').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.enrolled_at).not.toBeNull();
      expect(row.pending_secret_encrypted).toBeNull();
      expect(row.secret_encrypted).toBe(pending.pending_secret_encrypted);
      const stored = await t.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', user.id).execute();
      expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
      const dump = JSON.stringify(stored);
      for (const code of codes) {
        expect(dump).not.toContain(code);
        expect(dump).not.toContain(code.replace('-', ''));
      }

      const after = (await inject('GET', '/api/strong-auth', h)).json();
      expect(after).toMatchObject({ totp: { enrolled: true, enrolledAt: at(0).toISOString() }, recoveryCodesLeft: 10, hasSecondFactor: true, secondFactorAt: at(0).toISOString() });
      expect((await auditOf(user.id)).map((e) => e.action)).toEqual(['user.secondFactorFailed', 'user.secondFactorFailed', 'user.secondFactorEnrolled']);
      const mails = await mailsTo(user.email);
      expect(mails.map((m) => m.subject)).toEqual(['Ha activado la verificación en dos pasos en KC']);
    });

    it('refuses a confirmation without a pending setup, or one older than 15 minutes', async () => {
      const user = await newUser();
      const h = await authHeaders(t.db, user.email);
      expect((await inject('POST', '/api/strong-auth/totp/confirm', h, { code: '123456' })).json()).toMatchObject({ code: 'totpSetupMissing' });
      const setup = await inject('POST', '/api/strong-auth/totp/setup', h);
      const secret = new URL(setup.json().otpauthUri).searchParams.get('secret')!;
      setClock(15 * 60_000 + 30_000);
      const late = await inject('POST', '/api/strong-auth/totp/confirm', h, { code: totpCodeAt(secret, new Date()) });
      expect([late.statusCode, late.json().code]).toEqual([409, 'totpSetupMissing']);
      expect(await t.db.selectFrom('user_totp').select('enrolled_at').where('user_id', '=', user.id).where('enrolled_at', 'is not', null).executeTakeFirst()).toBeUndefined();
    });

    it('a second setup by a user who has a factor needs a step-up, and confirming it keeps the recovery codes', async () => {
      const user = await newUser();
      const h = await authHeaders(t.db, user.email);
      const first = await enrol(h);
      await backdateStamp(h, STEP_UP_WINDOW_MS);
      const refused = await inject('POST', '/api/strong-auth/totp/setup', h);
      expect([refused.statusCode, refused.json().code, refused.json().action]).toEqual([403, 'stepUpRequired', 'addSecondFactor']);
      await backdateStamp(h, 0);
      setClock(30_000);
      const again = await enrol(h);
      expect(again.recoveryCodes).toEqual([]);
      expect((await inject('GET', '/api/strong-auth', h)).json().recoveryCodesLeft).toBe(10);
      // The old app's codes no longer work; the new one's do.
      setClock(60_000);
      const old = await inject('POST', '/api/strong-auth/step-up', h, { code: totpCodeAt(first.secret, new Date()) });
      expect(old.statusCode).toBe(400);
      expect((await inject('POST', '/api/strong-auth/step-up', h, { code: totpCodeAt(again.secret, new Date()) })).statusCode).toBe(200);
      expect((await inject('POST', '/api/strong-auth/step-up', h, { recoveryCode: first.recoveryCodes[0]! })).statusCode).toBe(200);
    });
  });

  describe('step-up', () => {
    it('accepts a code of the step before and after, refuses two steps away, and never the same step twice', async () => {
      const user = await newUser();
      const h = await authHeaders(t.db, user.email);
      const { secret } = await enrol(h);
      const stepUp = (code: string) => inject('POST', '/api/strong-auth/step-up', h, { code });

      setClock(5 * 60_000);
      for (const offset of [-60_000, 60_000]) {
        const far = await stepUp(totpCodeAt(secret, at(5 * 60_000 + offset)));
        expect([far.statusCode, far.json().code]).toEqual([400, 'invalidCode']);
      }
      const before = await stepUp(totpCodeAt(secret, at(5 * 60_000 - 30_000)));
      expect(before.statusCode).toBe(200);
      expect(before.json()).toEqual({ secondFactorAt: at(5 * 60_000).toISOString() });
      expect(new Date((await stampOf(h))!).toISOString()).toBe(at(5 * 60_000).toISOString());
      const after = await stepUp(totpCodeAt(secret, at(5 * 60_000 + 30_000)));
      expect(after.statusCode).toBe(200);
      // The current step is older than the last one used: refused; so is the same code again.
      expect((await stepUp(totpCodeAt(secret, at(5 * 60_000)))).statusCode).toBe(400);
      expect((await stepUp(totpCodeAt(secret, at(5 * 60_000 + 30_000)))).statusCode).toBe(400);
      setClock(6 * 60_000);
      expect((await stepUp(` ${totpCodeAt(secret, new Date()).replace(/(\d{3})/, '$1 ')} `)).statusCode).toBe(200);
      const actions = (await auditOf(user.id)).map((e) => e.action);
      expect(actions.filter((a) => a === 'user.secondFactorUsed')).toHaveLength(3);
      expect(actions.filter((a) => a === 'user.secondFactorFailed')).toHaveLength(4);
    });

    it('takes each recovery code once, whatever its case and dashes, tells the person by mail, and new codes void the old ones', async () => {
      const user = await newUser(['INVESTOR'], 'en');
      const h = await authHeaders(t.db, user.email);
      const { recoveryCodes } = await enrol(h);
      const [first, second] = recoveryCodes as [string, string];
      const typed = first.toLowerCase().replace('-', ' ');
      const ok = await inject('POST', '/api/strong-auth/step-up', h, { recoveryCode: typed });
      expect(ok.statusCode).toBe(200);
      const reused = await inject('POST', '/api/strong-auth/step-up', h, { recoveryCode: first });
      expect([reused.statusCode, reused.json().code]).toEqual([400, 'invalidCode']);
      expect((await inject('GET', '/api/strong-auth', h)).json().recoveryCodesLeft).toBe(9);
      const mail = (await mailsTo(user.email)).find((m) => m.subject === 'A recovery code of your KC account was used');
      expect(mail?.text_body).toContain('You have 9 unused codes left');
      expect((await auditOf(user.id)).some((e) => e.action === 'user.recoveryCodeUsed')).toBe(true);

      // New codes need a step-up; then the earlier ones stop working.
      await backdateStamp(h, STEP_UP_WINDOW_MS + 1);
      const refused = await inject('POST', '/api/strong-auth/recovery-codes', h);
      expect([refused.statusCode, refused.json().action]).toEqual([403, 'regenerateRecoveryCodes']);
      await backdateStamp(h, 1000);
      const fresh = await inject('POST', '/api/strong-auth/recovery-codes', h);
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().recoveryCodes).toHaveLength(10);
      expect((await inject('POST', '/api/strong-auth/step-up', h, { recoveryCode: second })).statusCode).toBe(400);
      expect((await inject('POST', '/api/strong-auth/step-up', h, { recoveryCode: fresh.json().recoveryCodes[3] })).statusCode).toBe(200);
      expect((await auditOf(user.id)).some((e) => e.action === 'user.recoveryCodesRegenerated')).toBe(true);
    });

    it('refuses bad bodies, a user without a factor, and a passkey answer to no challenge (invalidCode)', async () => {
      const user = await newUser();
      const h = await authHeaders(t.db, user.email);
      expect((await inject('POST', '/api/strong-auth/step-up', h, { code: '123456' })).json()).toMatchObject({ code: 'secondFactorMissing' });
      expect((await inject('POST', '/api/strong-auth/recovery-codes', h)).json()).toMatchObject({ code: 'secondFactorMissing' });
      await enrol(h);
      for (const body of [{}, { code: '123456', recoveryCode: 'AAAAA-AAAAA' }, { code: 123456 }, { passkey: { challengeId: '' } }]) {
        const res = await inject('POST', '/api/strong-auth/step-up', h, body);
        expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([400, 'validation']);
      }
      const passkey = await inject('POST', '/api/strong-auth/step-up', h, { passkey: { challengeId: 'c1', response: { id: 'x' } } });
      expect([passkey.statusCode, passkey.json().code]).toEqual([400, 'invalidCode']);
    });

    it('counts wrong codes as wrong passwords: ten from one address block the step-up and the login there (429)', async () => {
      const user = await newUser();
      const h = await authHeaders(t.db, user.email);
      const { secret } = await enrol(h);
      setClock(30_000);
      const address = '10.77.0.1';
      for (let i = 0; i < 10; i += 1) {
        const wrong = await inject('POST', '/api/strong-auth/step-up', h, { code: String(100000 + i) }, address);
        expect(wrong.statusCode).toBe(400);
      }
      const blocked = await inject('POST', '/api/strong-auth/step-up', h, { code: totpCodeAt(secret, new Date()) }, address);
      expect([blocked.statusCode, blocked.json().code]).toEqual([429, 'tooManyAttempts']);
      const loginThere = await login(t.app, { username: user.email, password: DEMO_PASSWORD }, {}, address);
      expect([loginThere.statusCode, loginThere.json().error]).toEqual([429, 'invalid_request']);
      // From elsewhere the owner still gets in.
      expect((await inject('POST', '/api/strong-auth/step-up', h, { code: totpCodeAt(secret, new Date()) }, '10.77.0.2')).statusCode).toBe(200);
    });
  });

  describe('the login second step', () => {
    const second = (fields: Record<string, string>, remoteAddress = '10.8.0.1', headers: THeaders = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        remoteAddress,
        headers: { 'company-id': '1', 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ grant_type: MFA_GRANT_TYPE, client_id: 'kc-mobile', client_secret: 'kc-mobile-secret', ...fields }).toString(),
      });

    it('answers mfa_required to the right password, then a token stamped with the second factor for a right code; the mfa_token works once', async () => {
      const user = await newUser();
      const h = await authHeaders(t.db, user.email);
      const { secret } = await enrol(h);
      const first = await login(t.app, { username: user.email, password: DEMO_PASSWORD }, { 'accept-language': 'en' }, '10.8.0.1');
      expect(first.statusCode).toBe(400);
      expect(first.headers['cache-control']).toBe('no-store');
      const body = first.json();
      expect(body).toEqual({ error: 'mfa_required', error_description: expect.stringContaining('authenticator app'), mfa_token: expect.any(String), factors: ['totp', 'recovery_code'] });
      // Stored hashed only.
      const stored = await t.db.selectFrom('mfa_tokens').selectAll().where('user_id', '=', user.id).execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.token_hash).toBe(hashToken(body.mfa_token));
      expect(JSON.stringify(stored)).not.toContain(body.mfa_token);

      setClock(30_000);
      const wrong = await second({ mfa_token: body.mfa_token, otp: '000000' });
      expect([wrong.statusCode, wrong.json().error]).toEqual([400, 'invalid_grant']);
      const ok = await second({ mfa_token: body.mfa_token, otp: totpCodeAt(secret, new Date()) });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
      const session = await t.db.selectFrom('access_tokens').select('second_factor_at').where('token_hash', '=', hashToken(ok.json().access_token)).executeTakeFirstOrThrow();
      expect(new Date(session.second_factor_at!).toISOString()).toBe(at(30_000).toISOString());
      const who = await inject('GET', '/api/strong-auth', { authorization: `Bearer ${ok.json().access_token}`, 'company-id': '1' });
      expect(who.json()).toMatchObject({ hasSecondFactor: true, secondFactorAt: at(30_000).toISOString() });

      setClock(60_000);
      const reused = await second({ mfa_token: body.mfa_token, otp: totpCodeAt(secret, new Date()) }, '10.8.0.1', { 'accept-language': 'en' });
      expect(reused.json()).toEqual({ error: 'invalid_grant', error_description: expect.stringContaining('expired or was already completed') });
      const actions = (await auditOf(user.id)).map((e) => e.action);
      expect(actions.slice(-2)).toEqual(['user.secondFactorFailed', 'user.secondFactorUsed']);
    });

    it('accepts a recovery code; refuses an expired mfa_token, another client, another company, no proof or two proofs', async () => {
      const user = await newUser();
      const h = await authHeaders(t.db, user.email);
      const { secret, recoveryCodes } = await enrol(h);
      const mfaToken = async () => (await login(t.app, { username: user.email, password: DEMO_PASSWORD }, {}, '10.8.0.2')).json().mfa_token as string;

      const withCode = await second({ mfa_token: await mfaToken(), recovery_code: recoveryCodes[0]! }, '10.8.0.2');
      expect(withCode.statusCode).toBe(200);

      const token = await mfaToken();
      for (const fields of [{ mfa_token: token }, { mfa_token: token, otp: '123456', recovery_code: recoveryCodes[1]! }, { otp: '123456' }] as Record<string, string>[]) {
        const res = await second(fields, '10.8.0.2');
        expect([res.statusCode, res.json().error], JSON.stringify(fields)).toEqual([400, 'invalid_request']);
      }
      const otherCompany = await second({ mfa_token: token, otp: totpCodeAt(secret, at(30_000)) }, '10.8.0.2', { 'company-id': '2' });
      expect([otherCompany.statusCode, otherCompany.json().error]).toEqual([400, 'invalid_grant']);
      await t.db.insertInto('oauth_clients').values({ id: `other-${kind}`, secret_hash: hashClientSecret('other-secret'), client_type: 'mobile' }).execute();
      const otherClient = await second({ mfa_token: token, otp: totpCodeAt(secret, new Date()), client_id: `other-${kind}`, client_secret: 'other-secret' }, '10.8.0.2');
      expect([otherClient.statusCode, otherClient.json().error]).toEqual([400, 'invalid_grant']);

      setClock(5 * 60_000);
      const expired = await second({ mfa_token: token, otp: totpCodeAt(secret, new Date()) }, '10.8.0.2');
      expect([expired.statusCode, expired.json().error]).toEqual([400, 'invalid_grant']);
      const passkey = await second({ mfa_token: await mfaToken(), passkey: JSON.stringify({ challengeId: 'c', response: {} }) }, '10.8.0.2');
      expect([passkey.statusCode, passkey.json().error]).toEqual([400, 'invalid_grant']);
      const badPasskey = await second({ mfa_token: await mfaToken(), passkey: '{not json' }, '10.8.0.2');
      expect([badPasskey.statusCode, badPasskey.json().error]).toEqual([400, 'invalid_request']);
    });

    it('limits wrong codes like wrong passwords: 429 with Retry-After, even for the right code', async () => {
      const user = await newUser();
      const h = await authHeaders(t.db, user.email);
      const { secret } = await enrol(h);
      const address = '10.8.0.3';
      const token = (await login(t.app, { username: user.email, password: DEMO_PASSWORD }, {}, address)).json().mfa_token as string;
      for (let i = 0; i < 10; i += 1) expect((await second({ mfa_token: token, otp: String(200000 + i) }, address)).statusCode).toBe(400);
      setClock(30_000);
      const blocked = await second({ mfa_token: token, otp: totpCodeAt(secret, new Date()) }, address);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toBe('invalid_request');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('gives a user without a factor a token at once, as before', async () => {
      const user = await newUser();
      const res = await login(t.app, { username: user.email, password: DEMO_PASSWORD }, {}, '10.8.0.4');
      expect(res.statusCode).toBe(200);
      expect(res.json().access_token).toEqual(expect.any(String));
    });
  });

  describe('removal and the staff gate', () => {
    it('lets an investor remove their app after a step-up (recovery codes go too), audited and mailed', async () => {
      const user = await newUser();
      const h = await authHeaders(t.db, user.email);
      await enrol(h);
      await backdateStamp(h, STEP_UP_WINDOW_MS);
      const refused = await inject('DELETE', '/api/strong-auth/totp', h);
      expect([refused.statusCode, refused.json().action]).toEqual([403, 'removeSecondFactor']);
      expect(await t.db.selectFrom('user_totp').select('user_id').where('user_id', '=', user.id).executeTakeFirst()).toBeDefined();
      await backdateStamp(h, 0);
      expect((await inject('DELETE', '/api/strong-auth/totp', h)).statusCode).toBe(204);
      expect(await t.db.selectFrom('user_totp').select('user_id').where('user_id', '=', user.id).executeTakeFirst()).toBeUndefined();
      expect(await t.db.selectFrom('recovery_codes').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
      expect((await inject('DELETE', '/api/strong-auth/totp', h)).json()).toMatchObject({ code: 'totpNotEnrolled' });
      expect((await auditOf(user.id)).at(-1)?.action).toBe('user.secondFactorRemoved');
      expect((await mailsTo(user.email)).map((m) => m.subject)).toContain('Se ha eliminado un segundo factor de su cuenta de KC');
      // No factor: no more mfa_required.
      expect((await login(t.app, { username: user.email, password: DEMO_PASSWORD }, {}, '10.8.1.1')).statusCode).toBe(200);
    });

    it('refuses an un-enrolled admin the back office (403 enrolmentRequired) but lets them enrol, then lets them in; the last factor stays', async () => {
      const admin = await newUser(['ADMIN']);
      const h = await authHeaders(t.db, admin.email, { enrolStaff: false });
      const gated = await inject('GET', '/api/users', { ...h, 'accept-language': 'en' });
      expect(gated.statusCode).toBe(403);
      expect(gated.json()).toMatchObject({ code: 'enrolmentRequired', title: 'Two-step verification required' });
      for (const url of ['/api/audit', '/api/advisor/clients', '/api/sales/tree']) expect((await inject('GET', url, h)).json().code, url).toBe('enrolmentRequired');
      expect((await inject('GET', '/api/users/identity', h)).statusCode).toBe(200);
      expect((await inject('GET', '/api/users/me', h)).statusCode).toBe(200);
      expect((await inject('GET', '/api/dashboard', h)).statusCode).toBe(200);
      expect((await inject('GET', '/api/strong-auth', h)).json()).toMatchObject({ enrolmentRequired: true, hasSecondFactor: false });
      // A role the matrix refuses stays `forbidden`.
      expect((await inject('GET', '/api/agent/leads', h)).json().code).toBe('forbidden');

      await enrol(h);
      expect((await inject('GET', '/api/users', h)).statusCode).toBe(200);
      expect((await inject('GET', '/api/strong-auth', h)).json()).toMatchObject({ enrolmentRequired: false, hasSecondFactor: true });
      const last = await inject('DELETE', '/api/strong-auth/totp', h);
      expect([last.statusCode, last.json().code]).toEqual([409, 'lastFactorRequired']);
      expect(await t.db.selectFrom('user_totp').select('user_id').where('user_id', '=', admin.id).executeTakeFirst()).toBeDefined();
    });

    it('never leaves staff without a factor when the app and the last passkey are removed at once (one refused lastFactorRequired)', async () => {
      const admin = await newUser(['ADMIN']);
      // Enrolled with an authenticator app (the fixture's) and stamped: no step-up asked.
      const h = await authHeaders(t.db, admin.email);
      const addPasskey = () =>
        t.db
          .insertInto('passkeys')
          .values({
            company_id: '1',
            user_id: admin.id,
            credential_id: `race-${kind}-${admin.id}-${Math.random().toString(36).slice(2)}`,
            public_key: new Uint8Array(32).fill(7),
            counter: 0,
            transports: ['internal'],
            device_type: 'singleDevice',
            backed_up: false,
            name: 'Portátil',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const hasTotp = async () => (await t.db.selectFrom('user_totp').select('user_id').where('user_id', '=', admin.id).executeTakeFirst()) !== undefined;
      const passkeysLeft = async () => (await t.db.selectFrom('passkeys').select('id').where('user_id', '=', admin.id).execute()).length;
      for (let round = 0; round < 5; round += 1) {
        if (!(await hasTotp())) await enrolTestTotp(t.db, admin.id, '1');
        await t.db.deleteFrom('passkeys').where('user_id', '=', admin.id).execute();
        const passkey = await addPasskey();
        const [totp, key] = await Promise.all([inject('DELETE', '/api/strong-auth/totp', h), inject('DELETE', `/api/strong-auth/passkeys/${passkey.id}`, h)]);
        const statuses = [totp.statusCode, key.statusCode].sort();
        expect(statuses, `${totp.body} ${key.body}`).toEqual([204, 409]);
        const refused = totp.statusCode === 409 ? totp : key;
        expect(refused.json().code).toBe('lastFactorRequired');
        // Exactly one factor is left: the one whose removal was refused.
        expect(Number(await hasTotp()) + (await passkeysLeft())).toBe(1);
      }
    });

    it('keeps each session to its own company and user', async () => {
      const user = await newUser();
      const h = await authHeaders(t.db, user.email);
      const { secret } = await enrol(h);
      expect((await inject('GET', '/api/strong-auth', { ...h, 'company-id': '2' })).statusCode).toBe(401);
      expect((await inject('GET', '/api/strong-auth', { 'company-id': '1' })).statusCode).toBe(401);
      // Another person's code proves nothing for this one.
      const other = await newUser();
      const ho = await authHeaders(t.db, other.email);
      await enrol(ho);
      setClock(30_000);
      expect((await inject('POST', '/api/strong-auth/step-up', ho, { code: totpCodeAt(secret, new Date()) })).statusCode).toBe(400);
      const otherCompany = await authHeaders(t.db, 'investor@other.example');
      expect((await inject('GET', '/api/strong-auth', otherCompany)).json()).toMatchObject({ hasSecondFactor: false });
    });
  });

  // Migration 0040: the session's statement reads `users.has_second_factor`, kept by triggers on the
  // factors' tables; it must always say what the factors themselves say.
  describe('the second-factor flag kept on users', () => {
    const flagOf = async (userId: string) => (await t.db.selectFrom('users').select('has_second_factor').where('id', '=', userId).executeTakeFirstOrThrow()).has_second_factor;
    /** People whose flag differs from their factors. */
    const disagreeing = async () =>
      (
        await sql<{ email: string }>`
          SELECT u.email FROM users u
           WHERE u.has_second_factor <> (EXISTS (SELECT 1 FROM user_totp f WHERE f.user_id = u.id AND f.enrolled_at IS NOT NULL)
                                      OR EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = u.id))`.execute(t.db)
      ).rows.map((r) => r.email);
    const passkeyOf = (userId: string) =>
      t.db
        .insertInto('passkeys')
        .values({
          company_id: '1',
          user_id: userId,
          credential_id: `flag-${kind}-${userId}`,
          public_key: new Uint8Array(32).fill(3),
          counter: 0,
          transports: ['internal'],
          device_type: 'singleDevice',
          backed_up: false,
          name: 'Móvil',
        })
        .returning('id')
        .executeTakeFirstOrThrow();

    it('follows enrolment, a passkey, removals in the API and in SQL, and the sessions read it', async () => {
      expect(await disagreeing()).toEqual([]);
      const user = await newUser();
      const h = await authHeaders(t.db, user.email);
      expect(await flagOf(user.id)).toBe(false);
      // A pending setup is not a factor; its confirmation is.
      expect((await inject('POST', '/api/strong-auth/totp/setup', h)).statusCode).toBe(200);
      expect(await flagOf(user.id)).toBe(false);
      await inject('DELETE', '/api/strong-auth/totp', h);
      await enrol(h);
      expect(await flagOf(user.id)).toBe(true);
      // The session's statement (every request whose session is not cached) reads the flag.
      const sessionFlag = async () => (await findTokenUser(t.db, hashToken(h['authorization']!.slice(7))))?.has_second_factor;
      expect(await sessionFlag()).toBe(true);
      const passkey = await passkeyOf(user.id);
      await backdateStamp(h, 0);
      expect((await inject('DELETE', '/api/strong-auth/totp', h)).statusCode).toBe(204);
      expect(await flagOf(user.id)).toBe(true); // the passkey is left
      await t.db.deleteFrom('passkeys').where('id', '=', passkey.id).execute();
      expect(await flagOf(user.id)).toBe(false);
      expect(await sessionFlag()).toBe(false);
      // A factor moved to another person in SQL moves the flag with it.
      const other = await newUser();
      const moved = await passkeyOf(user.id);
      await t.db.updateTable('passkeys').set({ user_id: other.id }).where('id', '=', moved.id).execute();
      expect([await flagOf(user.id), await flagOf(other.id)]).toEqual([false, true]);
      expect(await disagreeing()).toEqual([]);
    });

    it('is cleared for everyone when both factor tables are emptied at once', async () => {
      expect((await t.db.selectFrom('users').select('id').where('has_second_factor', '=', true).execute()).length).toBeGreaterThan(0);
      await sql`TRUNCATE passkeys, user_totp CASCADE`.execute(t.db);
      expect(await t.db.selectFrom('users').select('email').where('has_second_factor', '=', true).execute()).toEqual([]);
      expect(await disagreeing()).toEqual([]);
    });
  });
});
