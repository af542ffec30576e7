import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CONSENT_TEXT_VERSIONS } from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import { register, registration } from './helpers/accounts.ts';

/**
 * Consent records (issue 16, part consents): the caller's own consents (list, give, refuse,
 * withdraw; history kept, append-only), bad input stores nothing, an ADMIN's audited read of a
 * person's history, other roles and other companies refused.
 */
describe.each(DB_KINDS)('consents on %s', (kind) => {
  let t: TTestApp;
  const h: Record<string, Record<string, string>> = {};
  const ids: Record<string, string> = {};
  const marketing = CONSENT_TEXT_VERSIONS.marketing;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    for (const [name, email] of [
      ['investor', 'investor@kc.example'],
      ['admin', 'admin@kc.example'],
      ['manager', 'company.manager@kc.example'],
      ['other', 'investor@other.example'],
      ['advisor', 'advisor@kc.example'],
    ] as const) {
      h[name] = await authHeaders(t.db, email);
      ids[name] = (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    }
  });
  afterAll(async () => t.close());

  const count = async () => Number((await t.db.selectFrom('consent_records').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const change = (who: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/users/me/consents', headers: h[who], payload: payload as object });
  const mine = (who: string) => t.app.inject({ method: 'GET', url: '/api/users/me/consents', headers: h[who] });

  it('starts empty, gives marketing, withdraws it and keeps the whole history', async () => {
    expect((await mine('investor')).json()).toEqual({ current: [], history: [] });
    const given = await change('investor', { purpose: 'marketing', choice: 'given', textVersion: marketing });
    expect(given.statusCode).toBe(200);
    expect(given.json().current).toEqual([
      expect.objectContaining({ purpose: 'marketing', choice: 'given', textVersion: marketing, source: 'account', changeable: true, outdated: false }),
    ]);
    // Repeating the same choice records nothing.
    const before = await count();
    expect((await change('investor', { purpose: 'marketing', choice: 'given', textVersion: marketing })).statusCode).toBe(200);
    expect(await count()).toBe(before);

    const withdrawn = await change('investor', { purpose: 'marketing', choice: 'withdrawn', textVersion: marketing });
    expect(withdrawn.statusCode).toBe(200);
    const body = (await mine('investor')).json();
    expect(body.current.map((r: { choice: string }) => r.choice)).toEqual(['withdrawn']);
    expect(body.history.map((r: { choice: string }) => r.choice)).toEqual(['withdrawn', 'given']);

    const cookies = await change('investor', { purpose: 'cookies', choice: 'refused', textVersion: CONSENT_TEXT_VERSIONS.cookies, source: 'cookieDialog' });
    expect(cookies.json().current).toEqual(
      expect.arrayContaining([expect.objectContaining({ purpose: 'cookies', choice: 'refused', source: 'cookieDialog' })]),
    );
  });

  it('exposes the withdrawal time and the list through the service (data export, retention)', async () => {
    const { consentWithdrawnAt, listUserConsents } = await import('../src/modules/consents/service.ts');
    const list = await listUserConsents(t.db, '1', ids['investor']!);
    expect(list.length).toBeGreaterThanOrEqual(3);
    const at = await consentWithdrawnAt(t.db, '1', ids['investor']!, 'marketing');
    expect(at).toBeInstanceOf(Date);
    expect(at!.toISOString()).toBe(list.find((r) => r.choice === 'withdrawn')!.recordedAt);
    expect(await consentWithdrawnAt(t.db, '1', ids['investor']!, 'cookies')).toBeNull();
  });

  it('refuses bad input with a clear problem and stores nothing', async () => {
    const before = await count();
    const cases: [unknown, number, string][] = [
      [{ purpose: 'privacyPolicy', choice: 'withdrawn', textVersion: CONSENT_TEXT_VERSIONS.privacyPolicy }, 400, 'validation'],
      [{ purpose: 'marketing', choice: 'maybe', textVersion: marketing }, 400, 'validation'],
      [{ purpose: 'marketing', choice: 'given' }, 400, 'validation'],
      [{ purpose: 'marketing', choice: 'given', textVersion: marketing, extra: true }, 400, 'validation'],
      [{ purpose: 'marketing', choice: 'given', textVersion: 'marketing-1999-01' }, 409, 'consentTextOutdated'],
      [{ purpose: 'marketing', choice: 'withdrawn', textVersion: marketing }, 409, 'consentNothingToWithdraw'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await change('manager', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().code).toBe(code);
      expect(res.json().title).toMatch(/\S/);
    }
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/consents',
      headers: { ...h['manager'], 'accept-language': 'en' },
      payload: { purpose: 'marketing', choice: 'given', textVersion: 'old' },
    });
    expect(en.json().title).toBe('Text out of date');
    expect(await count()).toBe(before);
  });

  it('history is append-only in the database', async () => {
    await expect(sql`UPDATE consent_records SET choice = 'given'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM consent_records`.execute(t.db)).rejects.toThrow(/append-only/);
  });

  it('each person sees only their own consents', async () => {
    expect((await mine('other')).json()).toEqual({ current: [], history: [] });
    expect((await mine('admin')).json().history).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/consents', headers: { 'company-id': '1' } })).statusCode).toBe(401);
  });

  it('an ADMIN reads a person’s history (audited); other roles, other companies and unknown ids are refused', async () => {
    const auditsBefore = await t.db.selectFrom('audit_log').select('id').where('action', '=', 'consent.readHistory').execute();
    const res = await t.app.inject({ method: 'POST', url: `/api/users/${ids['investor']}/consents/history`, headers: h['admin'], payload: { reason: 'Reclamación R-2026-17' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().history.length).toBeGreaterThanOrEqual(3);
    const audits = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'consent.readHistory').execute();
    expect(audits.length).toBe(auditsBefore.length + 1);
    expect(audits.at(-1)).toMatchObject({ entity_type: 'consent', entity_id: ids['investor'], actor_id: ids['admin'] });
    expect(audits.at(-1)!.after).toMatchObject({ reason: 'Reclamación R-2026-17' });
    const noReason = await t.app.inject({ method: 'POST', url: `/api/users/${ids['investor']}/consents/history`, headers: h['admin'], payload: { reason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().code).toBe('validation');

    for (const who of ['manager', 'advisor', 'investor']) {
      const refused = await t.app.inject({ method: 'POST', url: `/api/users/${ids['investor']}/consents/history`, headers: h[who], payload: { reason: 'Reclamación R-2026-17' } });
      expect(refused.statusCode).toBe(403);
    }
    for (const id of [ids['other'], '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await t.app.inject({ method: 'POST', url: `/api/users/${id}/consents/history`, headers: h['admin'], payload: { reason: 'Reclamación R-2026-17' } });
      expect(missing.statusCode).toBe(404);
    }
    expect((await t.db.selectFrom('audit_log').select('id').where('action', '=', 'consent.readHistory').execute()).length).toBe(audits.length);
  });
});

/**
 * Each form records its consent in its own transaction: the sign-up (privacy policy, marketing
 * opt-in), a contact message (privacy), a job application (candidates' notice, each time). A
 * rejected request records nothing.
 */
describe.each(DB_KINDS)('consents recorded by the forms on %s', (kind) => {
  let t: TTestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t.close());

  const count = async () => Number((await t.db.selectFrom('consent_records').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { 'company-id': '1' }, payload, remoteAddress: `10.9.0.${++ip}` });

  it('sign-up records the privacy policy and the marketing choice with the user; a rejected sign-up records nothing', async () => {
    const before = await count();
    const bad = await register(t.app, registration({ acceptMarketing: true, email: 'not-an-email' }));
    expect(bad.statusCode).toBe(400);
    const badType = await register(t.app, registration({ acceptMarketing: 'yes' }));
    expect(badType.statusCode).toBe(400);
    expect(await count()).toBe(before);

    const opted = await register(t.app, registration({ acceptMarketing: true }));
    expect(opted.statusCode, opted.body).toBe(201);
    const rows = await t.db.selectFrom('consent_records').selectAll().where('user_id', '=', opted.json().id).orderBy('purpose').execute();
    expect(rows.map((r) => [r.purpose, r.choice, r.text_version, r.source])).toEqual([
      ['marketing', 'given', CONSENT_TEXT_VERSIONS.marketing, 'signUp'],
      ['privacyPolicy', 'given', CONSENT_TEXT_VERSIONS.privacyPolicy, 'signUp'],
    ]);
    const plain = await register(t.app, registration());
    const marketing = await t.db.selectFrom('consent_records').select('choice').where('user_id', '=', plain.json().id).where('purpose', '=', 'marketing').execute();
    expect(marketing.map((r) => r.choice)).toEqual(['refused']);
  });

  it('a contact message records its privacy acceptance with it; a rejected one records nothing', async () => {
    const message = { kind: 'general', name: 'Lucía', surname: 'Martín', email: 'lucia@example.com', phone: '', message: 'Hola, quisiera información.', acceptPrivacy: true };
    const before = await count();
    expect((await post('/api/contact', { ...message, acceptPrivacy: false })).statusCode).toBe(400);
    expect(await count()).toBe(before);
    const ok = await post('/api/contact', message);
    expect(ok.statusCode, ok.body).toBe(201);
    const rows = await t.db.selectFrom('consent_records').selectAll().where('contact_message_id', '=', ok.json().id).execute();
    expect(rows).toEqual([expect.objectContaining({ purpose: 'privacyPolicy', choice: 'given', source: 'contactForm', user_id: null })]);
  });

  it('a job application records the candidates’ notice each time; a rejected one records nothing', async () => {
    const offer = await t.db.selectFrom('job_offers').select('id').where('company_id', '=', '1').where('status', '=', 'PUBLISHED').where('closes_on', 'is', null).executeTakeFirstOrThrow();
    const body = { firstName: 'Lucía', lastName: 'Candidata', email: `cand.${kind}@example.com`, phone: '+34 600 111 222', acceptPrivacy: true };
    const url = `/api/jobs/offers/${offer.id}/applications`;
    const before = await count();
    expect((await post(url, { ...body, acceptPrivacy: false })).statusCode).toBe(400);
    expect(await count()).toBe(before);
    const first = await post(url, body);
    expect(first.statusCode, first.body).toBeLessThan(300);
    const second = await post(url, body);
    expect(second.statusCode, second.body).toBeLessThan(300);
    const rows = await t.db.selectFrom('consent_records').selectAll().where('purpose', '=', 'candidateDataProtection').execute();
    // A repeat waits for the address on file to confirm it; its notice is recorded then (jobs.test.ts).
    expect(rows).toHaveLength(1);
    expect(rows.every((r) => r.choice === 'given' && r.text_version === CONSENT_TEXT_VERSIONS.candidateDataProtection && r.job_application_id)).toBe(true);
  });
});
