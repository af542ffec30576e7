import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_GRANT_TYPE, PASSKEY_GRANT_TYPE } from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import { login } from './helpers/accounts.ts';
import { SoftwareAuthenticator } from './helpers/webauthn.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { userHandleOf } from '../src/modules/strong-auth/passkeys-webauthn.ts';

/**
 * Passkeys (issue 18, WebAuthn; docs/decisions/0033), through the real server with a software
 * authenticator whose signatures the real library verifies: registration (the first factor brings
 * recovery codes), the sign-in's second step, the step-up, the password-less sign-in, removal;
 * wrong signatures, replayed challenges, counters set back, another person's credential and another
 * company refused, and nothing changed by a refused request.
 */
describe.each(DB_KINDS)('passkeys on %s', (kind) => {
  let t: TTestApp;
  let origin: string;
  // The investor's phone and the advisor's security key.
  let investor: SoftwareAuthenticator;
  let advisorKey: SoftwareAuthenticator;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp(kind);
    origin = t.config.WEBAUTHN_ORIGINS[0]!;
    investor = new SoftwareAuthenticator(origin);
    advisorKey = new SoftwareAuthenticator(origin);
    for (const email of ['investor@kc.example', 'advisor@kc.example', 'investor@other.example', 'admin@kc.example']) {
      ids[email] = (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    }
  });
  afterAll(async () => t.close());

  const post = (url: string, headers: Record<string, string>, payload?: object, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}), ...(remoteAddress ? { remoteAddress } : {}) });
  const passkeysOf = (userId: string) => t.db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  const auditOf = (userId: string, action: string) =>
    t.db.selectFrom('audit_log').select(['action', 'after', 'actor_id']).where('entity_id', '=', userId).where('action', '=', action).orderBy('id').execute();
  const mailsTo = async (email: string) =>
    (await t.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', email).execute()).map((m) => m.subject);
  const tokenRequest = (fields: Record<string, string>, companyId = '1', remoteAddress = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress,
      headers: { 'company-id': companyId, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_id: 'kc-mobile', client_secret: 'kc-mobile-secret', ...fields }).toString(),
    });
  const bearer = (token: string, companyId = '1') => ({ authorization: `Bearer ${token}`, 'company-id': companyId });

  /** Adds a passkey through the API (the person must not need a step-up, or have made one). */
  async function addPasskey(headers: Record<string, string>, authenticator: SoftwareAuthenticator, name: string) {
    const options = await post('/api/strong-auth/passkeys/registration/options', headers);
    expect(options.statusCode).toBe(200);
    const res = await post('/api/strong-auth/passkeys/registration', headers, { name, response: authenticator.createCredential(options.json()) });
    expect(res.statusCode).toBe(201);
    return res.json() as { passkey: { id: string; name: string }; recoveryCodes: string[] | null };
  }
  async function challengeFor(headers: Record<string, string>, body: object = {}) {
    const res = await post('/api/strong-auth/passkeys/authentication/options', headers, body);
    expect(res.statusCode).toBe(200);
    return res.json() as { challengeId: string; options: { challenge: string; rpId: string; allowCredentials?: { id: string }[]; userVerification: string } };
  }


  it('adds a first passkey: the creation options, the verified credential, ten recovery codes, audit and mail; the answer works once', async () => {
    const headers = await authHeaders(t.db, 'investor@kc.example');
    const options = await post('/api/strong-auth/passkeys/registration/options', headers);
    expect(options.statusCode).toBe(200);
    const creation = options.json();
    expect(creation).toMatchObject({
      rp: { id: t.config.WEBAUTHN_RP_ID, name: 'KC' },
      user: { id: userHandleOf(ids['investor@kc.example']!), name: 'investor@kc.example' },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    expect(creation.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // EdDSA, ES256 and RS256 only: a runtime whose Web Crypto has ML-DSA must not offer it, its
    // signatures do not fit the sign-in's answer.
    expect(creation.pubKeyCredParams).toEqual([-8, -7, -257].map((alg) => ({ alg, type: 'public-key' })));

    const response = investor.createCredential(creation);
    const res = await post('/api/strong-auth/passkeys/registration', headers, { name: '  Mi móvil  ', response });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.passkey).toEqual({ id: expect.any(String), name: 'Mi móvil', createdAt: expect.any(String), lastUsedAt: null });
    expect(body.recoveryCodes).toHaveLength(10);
    for (const code of body.recoveryCodes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);

    const [row] = await passkeysOf(ids['investor@kc.example']!);
    expect(row).toMatchObject({ credential_id: response.id, counter: '0', transports: ['internal'], name: 'Mi móvil', company_id: '1' });
    const status = (await t.app.inject({ method: 'GET', url: '/api/strong-auth', headers })).json();
    expect(status).toMatchObject({ hasSecondFactor: true, recoveryCodesLeft: 10, passkeys: [body.passkey], secondFactorAt: expect.any(String) });
    expect(await auditOf(ids['investor@kc.example']!, 'user.secondFactorEnrolled')).toEqual([
      expect.objectContaining({ after: { method: 'passkey', passkeyId: body.passkey.id, firstFactor: true } }),
    ]);
    expect(await mailsTo('investor@kc.example')).toContain('Ha activado la verificación en dos pasos en KC');

    // The same answer again: its challenge is spent.
    const replay = await post('/api/strong-auth/passkeys/registration', headers, { name: 'Otra', response });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('passkeyChallengeExpired');
    expect(await passkeysOf(ids['investor@kc.example']!)).toHaveLength(1);
  });

  it('refuses a bad registration and keeps nothing: wrong origin, another person\'s challenge, an expired one, bad input', async () => {
    const headers = await authHeaders(t.db, 'advisor@kc.example');
    const userId = ids['advisor@kc.example']!;
    const options = async () => (await post('/api/strong-auth/passkeys/registration/options', headers)).json();

    const wrongOrigin = await post('/api/strong-auth/passkeys/registration', headers, {
      name: 'Llave',
      response: advisorKey.createCredential(await options(), { origin: 'https://evil.example' }),
    });
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json().code).toBe('passkeyRegistrationFailed');

    // A challenge handed out to the investor cannot register a passkey of the advisor.
    const investorOptions = (await post('/api/strong-auth/passkeys/registration/options', await authHeaders(t.db, 'investor@kc.example'))).json();
    const stolen = await post('/api/strong-auth/passkeys/registration', headers, { name: 'Llave', response: advisorKey.createCredential(investorOptions) });
    expect(stolen.json().code).toBe('passkeyChallengeExpired');

    const late = await options();
    await t.db.updateTable('webauthn_challenges').set({ expires_at: new Date(Date.now() - 1000) }).where('challenge', '=', late.challenge).execute();
    const expired = await post('/api/strong-auth/passkeys/registration', headers, { name: 'Llave', response: advisorKey.createCredential(late) });
    expect(expired.json().code).toBe('passkeyChallengeExpired');

    const fresh = advisorKey.createCredential(await options());
    const noName = await post('/api/strong-auth/passkeys/registration', headers, { name: '   ', response: fresh });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().code).toBe('validation');
    const longName = await post('/api/strong-auth/passkeys/registration', headers, { name: 'x'.repeat(61), response: fresh });
    expect(longName.json().code).toBe('validation');
    const malformed = await post('/api/strong-auth/passkeys/registration', headers, { name: 'Llave', response: { ...fresh, response: { clientDataJSON: 'not base64url!' } } });
    expect(malformed.json().code).toBe('validation');
    expect(await passkeysOf(userId)).toHaveLength(0);
    expect(await auditOf(userId, 'user.secondFactorEnrolled')).toHaveLength(0);

    // Nobody signed in: 401; a staff member with a factor registers one, without new recovery codes.
    const anonymous = await post('/api/strong-auth/passkeys/registration/options', { 'company-id': '1' });
    expect(anonymous.statusCode).toBe(401);
    const added = await addPasskey(headers, advisorKey, 'Llave del despacho');
    expect(added.recoveryCodes).toBeNull();
    expect(await passkeysOf(userId)).toHaveLength(1);
  });

  it('answers the sign-in\'s second step with a passkey: mfa_required lists it, the mfa grant gives a stamped session, once', async () => {
    const first = await login(t.app, { username: 'investor@kc.example', password: DEMO_PASSWORD });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ error: 'mfa_required', factors: ['passkey', 'recovery_code'], mfa_token: expect.any(String) });
    const mfaToken = first.json().mfa_token as string;

    const { challengeId, options } = await challengeFor({ 'company-id': '1' }, { mfaToken });
    const [credential] = await passkeysOf(ids['investor@kc.example']!);
    expect(options).toMatchObject({ rpId: t.config.WEBAUTHN_RP_ID, userVerification: 'preferred', allowCredentials: [{ id: credential!.credential_id, type: 'public-key' }] });

    const answer = JSON.stringify({ challengeId, response: investor.getAssertion(options) });
    const res = await tokenRequest({ grant_type: MFA_GRANT_TYPE, mfa_token: mfaToken, passkey: answer });
    expect(res.statusCode).toBe(200);
    const token = res.json().access_token as string;
    const status = (await t.app.inject({ method: 'GET', url: '/api/strong-auth', headers: bearer(token) })).json();
    expect(status.secondFactorAt).not.toBeNull();
    const [used] = await passkeysOf(ids['investor@kc.example']!);
    expect(used).toMatchObject({ counter: '1', last_used_at: expect.any(Date) });
    expect((await auditOf(ids['investor@kc.example']!, 'user.secondFactorUsed')).at(-1)?.after).toMatchObject({ method: 'passkey' });

    // The same answer with a new sign-in: the challenge was spent.
    const again = await login(t.app, { username: 'investor@kc.example', password: DEMO_PASSWORD });
    const replay = await tokenRequest({ grant_type: MFA_GRANT_TYPE, mfa_token: again.json().mfa_token, passkey: answer });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');

    // Bad input: not JSON, not the shape, an unknown mfa token for the options.
    const notJson = await tokenRequest({ grant_type: MFA_GRANT_TYPE, mfa_token: again.json().mfa_token, passkey: '{nope' });
    expect(notJson.json().error).toBe('invalid_request');
    const unknown = await post('/api/strong-auth/passkeys/authentication/options', { 'company-id': '1' }, { mfaToken: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('mfaTokenInvalid');
  });

  it('steps up with a passkey, and refuses a wrong signature, a replayed challenge, a counter set back and another person\'s credential', async () => {
    const headers = await authHeaders(t.db, 'investor@kc.example', { stepUp: false });
    const protectedCall = () => post('/api/strong-auth/passkeys/registration/options', headers);
    const refused = await protectedCall();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'stepUpRequired', action: 'addSecondFactor' });

    const stepUp = (passkey: object) => post('/api/strong-auth/step-up', headers, { passkey });
    const failures = async () => (await auditOf(ids['investor@kc.example']!, 'user.secondFactorFailed')).length;
    const failedBefore = await failures();

    const tampered = await challengeFor(headers);
    expect(tampered.options.allowCredentials).toHaveLength(1);
    const bad = await stepUp({ challengeId: tampered.challengeId, response: investor.getAssertion(tampered.options, { tamper: true }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalidCode');

    const [before] = await passkeysOf(ids['investor@kc.example']!);
    const setBack = await challengeFor(headers);
    const regression = await stepUp({ challengeId: setBack.challengeId, response: investor.getAssertion(setBack.options, { counter: Number(before!.counter) }) });
    expect(regression.json().code).toBe('invalidCode');

    const foreign = await challengeFor(headers);
    const [advisorPasskey] = await passkeysOf(ids['advisor@kc.example']!);
    const otherPerson = await stepUp({ challengeId: foreign.challengeId, response: advisorKey.getAssertion(foreign.options, { credentialId: advisorPasskey!.credential_id }) });
    expect(otherPerson.json().code).toBe('invalidCode');

    const wrongOrigin = await challengeFor(headers);
    const phished = await stepUp({ challengeId: wrongOrigin.challengeId, response: investor.getAssertion(wrongOrigin.options, { origin: 'https://evil.example' }) });
    expect(phished.json().code).toBe('invalidCode');
    expect(await failures()).toBe(failedBefore + 4);
    expect((await protectedCall()).statusCode).toBe(403);
    const [unchanged] = await passkeysOf(ids['investor@kc.example']!);
    expect(unchanged!.counter).toBe(before!.counter);

    const good = await challengeFor(headers);
    const response = investor.getAssertion(good.options);
    const ok = await stepUp({ challengeId: good.challengeId, response });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().secondFactorAt).toEqual(expect.any(String));
    expect((await protectedCall()).statusCode).toBe(200);
    // The same answer again: the challenge is spent.
    const replayed = await stepUp({ challengeId: good.challengeId, response });
    expect(replayed.json().code).toBe('invalidCode');
    // A challenge handed out to the advisor cannot serve the investor's step-up.
    const advisorChallenge = await challengeFor(await authHeaders(t.db, 'advisor@kc.example'));
    const crossed = await stepUp({
      challengeId: advisorChallenge.challengeId,
      response: investor.getAssertion(advisorChallenge.options, { credentialId: investor.credentialIds[0]! }),
    });
    expect(crossed.json().code).toBe('invalidCode');
  });

  it('signs in without a password with a discoverable passkey that verified its user', async () => {
    const { challengeId, options } = await challengeFor({ 'company-id': '1' });
    expect(options.allowCredentials).toBeUndefined();
    expect(options.userVerification).toBe('required');
    const res = await tokenRequest({ grant_type: PASSKEY_GRANT_TYPE, passkey: JSON.stringify({ challengeId, response: investor.getAssertion(options) }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'bearer', access_token: expect.any(String) });
    const identity = await t.app.inject({ method: 'GET', url: '/api/users/identity', headers: bearer(res.json().access_token) });
    expect(identity.json().username).toBe('investor@kc.example');
    const status = (await t.app.inject({ method: 'GET', url: '/api/strong-auth', headers: bearer(res.json().access_token) })).json();
    expect(status.secondFactorAt).not.toBeNull();
    expect(await auditOf(ids['investor@kc.example']!, 'user.passkeySignIn')).toEqual([
      expect.objectContaining({ actor_id: ids['investor@kc.example'], after: { passkeyId: expect.any(String) } }),
    ]);

    const refusedWith = async (overrides: Parameters<SoftwareAuthenticator['getAssertion']>[1], mutate?: (challengeId: string) => string) => {
      const c = await challengeFor({ 'company-id': '1' });
      const answer = await tokenRequest(
        { grant_type: PASSKEY_GRANT_TYPE, passkey: JSON.stringify({ challengeId: mutate ? mutate(c.challengeId) : c.challengeId, response: investor.getAssertion(c.options, overrides) }) },
        '1',
        '10.0.0.7',
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toBe('invalid_grant');
    };
    // No user verification: a passkey alone must be both factors.
    await refusedWith({ isUserVerified: false });
    // No user handle, or another person's.
    await refusedWith({ userHandle: null });
    await refusedWith({ userHandle: userHandleOf(ids['advisor@kc.example']!) });
    await refusedWith({ tamper: true });
    // A challenge of a step-up is not one of a sign-in.
    const stepUpChallenge = await challengeFor(await authHeaders(t.db, 'investor@kc.example'));
    await refusedWith({}, () => stepUpChallenge.challengeId);
    const unknownCredential = new SoftwareAuthenticator(origin);
    unknownCredential.createCredential({ challenge: 'x'.repeat(43), rp: { id: t.config.WEBAUTHN_RP_ID }, user: { id: userHandleOf(ids['investor@kc.example']!) } });
    const c = await challengeFor({ 'company-id': '1' });
    const stranger = await tokenRequest({ grant_type: PASSKEY_GRANT_TYPE, passkey: JSON.stringify({ challengeId: c.challengeId, response: unknownCredential.getAssertion(c.options) }) }, '1', '10.0.0.7');
    expect(stranger.json().error).toBe('invalid_grant');
    const missing = await tokenRequest({ grant_type: PASSKEY_GRANT_TYPE }, '1', '10.0.0.7');
    expect(missing.json()).toMatchObject({ error: 'invalid_request' });
    expect(await auditOf(ids['investor@kc.example']!, 'user.passkeySignIn')).toHaveLength(1);
  });

  it('signs in without a password into the web app\'s cookie session', async () => {
    const { challengeId, options } = await challengeFor({ 'company-id': '1' });
    const res = await tokenRequest({ grant_type: PASSKEY_GRANT_TYPE, passkey: JSON.stringify({ challengeId, response: investor.getAssertion(options) }), session: 'cookie', remember: 'false' });
    expect(res.json()).toMatchObject({ token_type: 'bearer', csrf_token: expect.any(String) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('access_token');
    expect(String(res.headers['set-cookie'])).toMatch(/^__Host-kc_session=[A-Za-z0-9_-]+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
  });

  it('counts failed password-less sign-ins like wrong passwords: the tenth blocks the person from that address', async () => {
    const address = '10.0.0.99';
    const c = await challengeFor({ 'company-id': '1' });
    const answer = JSON.stringify({ challengeId: c.challengeId, response: investor.getAssertion(c.options, { tamper: true }) });
    for (let i = 0; i < 10; i += 1) {
      const res = await tokenRequest({ grant_type: PASSKEY_GRANT_TYPE, passkey: answer }, '1', address);
      expect(res.statusCode).toBe(400);
    }
    const good = await challengeFor({ 'company-id': '1' });
    const blocked = await tokenRequest({ grant_type: PASSKEY_GRANT_TYPE, passkey: JSON.stringify({ challengeId: good.challengeId, response: investor.getAssertion(good.options) }) }, '1', address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toEqual(expect.any(String));
  });

  it('keeps companies apart: a challenge, a credential and a session of company 1 are refused for company 2', async () => {
    // Company 2's password-less challenge answered with company 1's credential.
    const other = await challengeFor({ 'company-id': '2' });
    const res = await tokenRequest({ grant_type: PASSKEY_GRANT_TYPE, passkey: JSON.stringify({ challengeId: other.challengeId, response: investor.getAssertion(other.options) }) }, '2', '10.0.0.8');
    expect(res.json().error).toBe('invalid_grant');
    // Company 1's challenge presented to company 2.
    const mine = await challengeFor({ 'company-id': '1' });
    const crossed = await tokenRequest({ grant_type: PASSKEY_GRANT_TYPE, passkey: JSON.stringify({ challengeId: mine.challengeId, response: investor.getAssertion(mine.options) }) }, '2', '10.0.0.8');
    expect(crossed.json().error).toBe('invalid_grant');
    // A session of company 1 sent with company-id 2.
    const { authorization } = await authHeaders(t.db, 'investor@kc.example');
    const wrongTenant = await post('/api/strong-auth/passkeys/authentication/options', { authorization: authorization!, 'company-id': '2' });
    expect(wrongTenant.statusCode).toBe(401);
    const registration = await post('/api/strong-auth/passkeys/registration/options', { authorization: authorization!, 'company-id': '2' });
    expect(registration.statusCode).toBe(401);
    // Someone of company 2 without passkeys has nothing to step up with.
    const none = await post('/api/strong-auth/passkeys/authentication/options', await authHeaders(t.db, 'investor@other.example'));
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('passkeyNotEnrolled');
  });

  it('removes passkeys: step-up first, only one\'s own, staff keep their last factor, an investor\'s last takes the recovery codes', async () => {
    const investorId = ids['investor@kc.example']!;
    const [own] = await passkeysOf(investorId);
    const stale = await authHeaders(t.db, 'investor@kc.example', { stepUp: false });
    const needsStepUp = await t.app.inject({ method: 'DELETE', url: `/api/strong-auth/passkeys/${own!.id}`, headers: stale });
    expect(needsStepUp.json()).toMatchObject({ code: 'stepUpRequired', action: 'removeSecondFactor' });

    const headers = await authHeaders(t.db, 'investor@kc.example');
    const [advisorPasskey] = await passkeysOf(ids['advisor@kc.example']!);
    for (const id of [advisorPasskey!.id, 'not-a-uuid', crypto.randomUUID()]) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/strong-auth/passkeys/${id}`, headers });
      expect(res.statusCode).toBe(404);
    }
    expect(await passkeysOf(ids['advisor@kc.example']!)).toHaveLength(1);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/strong-auth/passkeys/${own!.id}`, headers });
    expect(removed.statusCode).toBe(204);
    expect(await passkeysOf(investorId)).toHaveLength(0);
    const status = (await t.app.inject({ method: 'GET', url: '/api/strong-auth', headers })).json();
    expect(status).toMatchObject({ hasSecondFactor: false, passkeys: [], recoveryCodesLeft: 0 });
    expect((await auditOf(investorId, 'user.secondFactorRemoved')).at(-1)?.after).toEqual({ method: 'passkey', passkeyId: expect.any(String), factorsLeft: false });
    expect(await mailsTo('investor@kc.example')).toContain('Se ha eliminado un segundo factor de su cuenta de KC');
    // No factor, no mfa_required: the password alone signs in again.
    expect((await login(t.app, { username: 'investor@kc.example', password: DEMO_PASSWORD })).statusCode).toBe(200);

    // The advisor's passkey is their last factor once the app is gone: it stays.
    const advisorId = ids['advisor@kc.example']!;
    const advisorHeaders = await authHeaders(t.db, 'advisor@kc.example');
    await t.db.deleteFrom('user_totp').where('user_id', '=', advisorId).execute();
    const last = await t.app.inject({ method: 'DELETE', url: `/api/strong-auth/passkeys/${advisorPasskey!.id}`, headers: advisorHeaders });
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('lastFactorRequired');
    expect(await passkeysOf(advisorId)).toHaveLength(1);
    // A passkey is a factor for the staff gate: the back office lets the advisor in.
    expect((await t.app.inject({ method: 'GET', url: '/api/advisor/clients', headers: advisorHeaders })).statusCode).toBe(200);
  });
});
