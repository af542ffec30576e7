import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { unzip } from './helpers/zip.ts';
import { CONSENT_TEXT_VERSIONS, EXPORT_SECTIONS, KEY_INFO_SHEET_VERSION } from '@kc/domain';
import { PRIVACY_EXPORT_RATE_LIMIT } from '../src/modules/privacy/export-service.ts';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders, tokenFor } from './helpers/auth.ts';
import { confirmationLinkOf, register, registration } from './helpers/accounts.ts';
import { passingAnswers, takeTest } from './helpers/investor-protection.ts';
import { notify } from '../src/modules/notifications/service.ts';
import { recordFirstPayment } from './helpers/first-payment.ts';

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const dni = (digits: number) => `${digits}${DNI_LETTERS[digits % 23]}`;
const isoDay = (years = 0) => {
  const d = new Date();
  return `${d.getUTCFullYear() + years}${d.toISOString().slice(4, 10)}`;
};

/** The money and unit columns of the export (decimal comma in Spanish CSV). */
const DECIMAL_KEYS = new Set(['initialInvestment', 'recurringAmount', 'amount', 'price', 'units', 'netWorth', 'yearlyIncome', 'commitments', 'lossCapacity']);

/** What a CSV cell holds for a JSON value, written independently of the service: null empty, objects as JSON, decimal comma in Spanish. */
function expectedCell(key: string, value: unknown, lang: 'es' | 'en'): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  if (DECIMAL_KEYS.has(key)) {
    expect(value, key).toMatch(/^-?\d+(\.\d+)?$/);
    return lang === 'es' ? String(value).replace('.', ',') : String(value);
  }
  return String(value);
}

interface TPerson {
  email: string;
  firstName: string;
  lastName: string;
  dni: string;
  phone?: string;
  id: string;
  token: string;
  headers: Record<string, string>;
  contractId: string;
  preferenceId: string;
  confirmationToken: string;
}

/**
 * The personal data export (issue 16, GDPR Art. 15/20): GET /api/privacy/export answers a ZIP with
 * one JSON and one CSV per section and the index in the person's language; each section's content
 * for one person; nothing of another person; JSON and CSV agree; no secret; unauthenticated,
 * another company's token and any attempt to name someone else refused; rate limited; the request
 * and the complete download audited.
 */
describe.each(DB_KINDS)('personal data export on %s', (kind) => {
  let t: TTestApp;
  const people: Record<'a' | 'b', TPerson> = {} as never;
  let product: string;

  async function newPerson(key: 'a' | 'b', fields: { firstName: string; lastName: string; dni: string; card: string }) {
    const email = `${key}.${kind}.${Date.now()}@export.example`;
    const res = await register(
      t.app,
      registration({ email, firstName: fields.firstName, lastName: fields.lastName, dni: fields.dni, creditCard: fields.card, expirationDate: '11/38' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    t.sentMails.length = 0;
    await t.app.mailer.drain();
    const link = confirmationLinkOf(t.sentMails.find((m) => m.to === email)!.text);
    const confirm = await t.app.inject({ method: 'POST', url: `/api/users/confirm-sign-up/${link.userId}/${link.token}/1`, headers: { 'company-id': '1' } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await t.app.mailer.drain();
    const { token } = await tokenFor(t.db, email);
    const headers = { authorization: `Bearer ${token}`, 'company-id': '1' };
    const pref = await t.db.selectFrom('payment_preferences').select('id').where('user_id', '=', link.userId).where('kind', '=', 'CARD').executeTakeFirstOrThrow();
    await takeTest(t.app, headers, link.userId);
    const hire = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${link.userId}/contracts`,
      headers,
      payload: {
        productType: 'SAVINGS_PLAN',
        productKey: 'jubilacion',
        productId: product,
        recurringAmount: 150,
        initialAmount: 2500,
        submissionDate: isoDay(),
        expiringDate: isoDay(20),
        paymentPreferenceId: pref.id,
        keyInfoVersion: KEY_INFO_SHEET_VERSION,
        riskAcknowledged: true,
      },
    });
    expect(hire.statusCode, hire.body).toBe(201);
    // A's first payment, recorded by an ADMIN through the ledger.
    if (key === 'a') await recordFirstPayment(t.app, await authHeaders(t.db, 'admin@kc.example'), hire.json().id, { amount: '2500.00' });
    // A notification of their contract, put in their inbox as the platform does on a state change.
    await notify(t.db, {
      companyId: '1',
      userId: link.userId,
      kind: 'notification',
      key: 'contractStateChanged',
      params: { productName: { es: 'Plan Jubilación', en: 'Retirement plan' }, state: 'ACTIVE' },
      subject: { type: 'contract', id: hire.json().id },
    });
    people[key] = {
      email,
      ...fields,
      id: link.userId,
      token,
      headers,
      contractId: hire.json().id,
      preferenceId: pref.id,
      confirmationToken: link.token,
    };
  }

  beforeAll(async () => {
    t = await buildTestApp(kind);
    product = (await t.db.selectFrom('products').select('id').where('company_id', '=', '1').where('product_key', '=', 'jubilacion').executeTakeFirstOrThrow()).id;
    await newPerson('a', { firstName: 'Amparo', lastName: 'Zubizarreta Quintana', dni: dni(11223344), card: '4111 1111 1111 1111' });
    await newPerson('b', { firstName: 'Bartolomé', lastName: 'Yáñez Olmedo', dni: dni(55667788), card: '5555 5555 5555 4444' });
    // A's marketing consent, given from their account.
    const given = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/consents',
      headers: people.a.headers,
      payload: { purpose: 'marketing', choice: 'given', textVersion: CONSENT_TEXT_VERSIONS.marketing },
    });
    expect(given.statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  const exportOf = (headers: Record<string, string>, lang = 'es', query = '') =>
    t.app.inject({ method: 'GET', url: `/api/privacy/export${query}`, headers: { ...headers, 'accept-language': lang } });
  const auditsOf = (userId: string, action: string) =>
    t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', userId).where('action', '=', action).orderBy('id').execute();
  const json = (files: Map<string, string>, name: string) => JSON.parse(files.get(`${name}.json`)!) as Record<string, unknown>[];

  it("answers a ZIP of every section as JSON and CSV, with LEEME.txt, holding the person's own data", async () => {
    const a = people.a;
    const res = await exportOf(a.headers);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kc-mis-datos-\d{4}-\d{2}-\d{2}\.zip"/);
    expect(res.headers['cache-control']).toContain('no-store');
    const files = await unzip(res.rawPayload);
    const expected = ['LEEME.txt', ...EXPORT_SECTIONS.flatMap((s) => [`${s.name}.json`, `${s.name}.csv`])];
    expect([...files.keys()].sort()).toEqual(expected.sort());
    expect(files.get('LEEME.txt')).toContain('Tus datos en KC');
    for (const s of EXPORT_SECTIONS) expect(files.get('LEEME.txt')).toContain(`${s.name}.json, ${s.name}.csv — ${s.title.es}`);

    expect(json(files, 'profile')).toEqual([
      expect.objectContaining({ id: a.id, email: a.email, firstName: a.firstName, lastName: a.lastName, dni: a.dni, language: 'es', roles: ['INVESTOR'] }),
    ]);
    expect(json(files, 'payment-methods')).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: a.preferenceId, kind: 'CARD', cardLast4: '1111', cardExpiry: expect.any(String), removedAt: null })]),
    );
    const [contract] = json(files, 'contracts');
    expect(json(files, 'contracts')).toHaveLength(1);
    expect(contract).toMatchObject({
      id: a.contractId,
      productKey: 'jubilacion',
      state: 'NEW',
      initialInvestment: '2500.00',
      recurringAmount: '150.00',
      paymentMethodId: a.preferenceId,
      keyInfoVersion: KEY_INFO_SHEET_VERSION,
      riskAcknowledgedAt: expect.any(String),
    });
    expect((contract!['riskWarnings'] as string[]).length).toBeGreaterThan(0);
    expect(json(files, 'payments')).toEqual([
      expect.objectContaining({ contractId: a.contractId, amount: '2500.00', method: 'TRANSFER', reference: `TRF-${a.contractId}`, reversedOn: null }),
    ]);
    expect(json(files, 'income')).toEqual([]);
    expect(files.get('income.csv')).toBe('\uFEFFcontractId;productKey;date;amount;kind;description\r\n');
    expect(json(files, 'contract-history')).toEqual([expect.objectContaining({ contractId: a.contractId, fromState: null, toState: 'NEW', madeBy: 'self' })]);
    expect(json(files, 'appropriateness')).toEqual([expect.objectContaining({ passed: true, takenBy: 'self', answers: passingAnswers(), netWorth: '250000.00' })]);
    const consents = json(files, 'consents');
    expect(consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ purpose: 'privacyPolicy', choice: 'given' }),
        expect.objectContaining({ purpose: 'marketing', choice: 'given', source: 'account' }),
      ]),
    );
    const notifications = json(files, 'notifications');
    expect(notifications.length).toBeGreaterThan(0);
    for (const n of notifications) expect(n['title']).toMatch(/\S/);
    expect(notifications).toEqual(expect.arrayContaining([expect.objectContaining({ title: expect.stringContaining('Plan Jubilación'), subjectId: a.contractId })]));
    const mails = json(files, 'mails');
    expect(mails.length).toBeGreaterThanOrEqual(2);
    const confirmation = mails.find((m) => String(m['text']).includes('confirm-sign-up'))!;
    expect(confirmation['text']).toContain('token=[oculto]');
    const sessions = json(files, 'sessions');
    expect(sessions.length).toBeGreaterThanOrEqual(1);
    for (const s of sessions) expect(Object.keys(s).sort()).toEqual(['app', 'endedAt', 'expiresAt', 'startedAt']);
    expect(json(files, 'audit')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'user.requestDataExport', entityId: a.id, madeBy: 'self', ipAddress: expect.any(String) }),
        expect.objectContaining({ action: 'payment.record', entityType: 'payment', madeBy: 'staff', ipAddress: null }),
      ]),
    );

    // Nothing secret: no password or its hash, no token (the confirmation's, the session's, or their hashes), no full card number.
    const everything = [...files.values()].join('\n');
    const stored = await t.db.selectFrom('users').select('password_hash').where('id', '=', a.id).executeTakeFirstOrThrow();
    const tokenHashes = (await t.db.selectFrom('access_tokens').select('token_hash').where('user_id', '=', a.id).execute()).map((r) => r.token_hash);
    for (const secret of [stored.password_hash, 'una-clave-larga-2026', a.token, a.confirmationToken, ...tokenHashes, '4111111111111111', '4111 1111 1111 1111']) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/password|token_hash|"ccv"|creditCard/i);
  });

  it('JSON and CSV agree, cell by cell, in Spanish (; and decimal comma) and English (, and decimal point)', async () => {
    for (const lang of ['es', 'en'] as const) {
      const res = await exportOf(people.a.headers, lang);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(lang === 'es' ? 'kc-mis-datos-' : 'kc-my-data-');
      const files = await unzip(res.rawPayload);
      expect(files.has(lang === 'es' ? 'LEEME.txt' : 'README.txt')).toBe(true);
      let cells = 0;
      for (const s of EXPORT_SECTIONS) {
        const rows = json(files, s.name);
        const csv = files.get(`${s.name}.csv`)!;
        expect(csv.startsWith('\uFEFF'), s.name).toBe(true);
        const [header, ...body] = parse(csv, { bom: true, delimiter: lang === 'es' ? ';' : ',' }) as string[][];
        expect(body.length, s.name).toBe(rows.length);
        for (const [i, row] of rows.entries()) {
          expect(Object.keys(row), s.name).toEqual(header);
          expect(body[i], `${s.name} row ${i}`).toEqual(header!.map((key) => expectedCell(key, row[key], lang)));
          cells += header!.length;
        }
      }
      expect(cells).toBeGreaterThan(100);
      if (lang === 'en') expect(json(files, 'contracts')[0]!['plan']).toMatch(/\S/);
    }
  });

  it("the export of one person has nothing of another person's (e-mail, names, DNI, ids, contract numbers)", async () => {
    const other = await t.db.selectFrom('users').select(['id', 'email']).where('email', '=', 'investor@other.example').executeTakeFirstOrThrow();
    const demo = await t.db.selectFrom('users').select(['id', 'email']).where('email', '=', 'investor@kc.example').executeTakeFirstOrThrow();
    for (const [me, them] of [
      [people.a, people.b],
      [people.b, people.a],
    ] as const) {
      const res = await exportOf(me.headers);
      expect(res.statusCode).toBe(200);
      const files = await unzip(res.rawPayload);
      const text = [...files.values()].join('\n').toLowerCase();
      expect(text).toContain(me.email.toLowerCase());
      expect(text).toContain(me.contractId);
      for (const value of [them.email, them.firstName, them.lastName, them.dni, them.id, them.contractId, them.preferenceId, other.id, other.email, demo.id, demo.email]) {
        expect(text, `${me.email}'s export holds ${value}`).not.toContain(value.toLowerCase());
      }
    }
  });

  it('exports the mails their erasure would blank: theirs by user, or to their address with no user; never another person’s mail to the same address', async () => {
    const { a, b } = people;
    const stamp = Date.now();
    await t.db
      .insertInto('mail_outbox')
      .values([
        // Another person's mail to B's address (an address A had before, say): A's, not B's.
        { company_id: '1', to_address: b.email.toUpperCase(), user_id: a.id, subject: `Ajeno ${stamp}`, text_body: 'Para otra persona', html_body: '<p>x</p>', status: 'SENT' },
        // B's mail to an address that is not theirs (yet): B's.
        { company_id: '1', to_address: `nueva.${stamp}@export.example`, user_id: b.id, subject: `Suyo ${stamp}`, text_body: 'Confirme su nueva dirección', html_body: '<p>x</p>', status: 'SENT' },
        // To B's address with no user (queued before the owner was recorded): B's.
        { company_id: '1', to_address: b.email, user_id: null, subject: `Sin dueño ${stamp}`, text_body: 'Un aviso', html_body: '<p>x</p>', status: 'SENT' },
        // The same address in the other company: never B's.
        { company_id: '2', to_address: b.email, user_id: null, subject: `Otra empresa ${stamp}`, text_body: 'Otro aviso', html_body: '<p>x</p>', status: 'SENT' },
      ])
      .execute();
    const res = await exportOf(b.headers);
    expect(res.statusCode).toBe(200);
    const subjects = json(await unzip(res.rawPayload), 'mails').map((m) => String(m['subject']));
    expect(subjects).toEqual(expect.arrayContaining([`Suyo ${stamp}`, `Sin dueño ${stamp}`]));
    expect(subjects).not.toContain(`Ajeno ${stamp}`);
    expect(subjects).not.toContain(`Otra empresa ${stamp}`);
    expect(subjects.filter((s) => s.endsWith(`${stamp}`))).toHaveLength(2);
  });

  it('writes the request and, once the whole archive was sent, the download to the audit log', async () => {
    const a = people.a;
    const requestsBefore = (await auditsOf(a.id, 'user.requestDataExport')).length;
    const downloadsBefore = (await auditsOf(a.id, 'user.downloadDataExport')).length;
    const res = await exportOf(a.headers);
    expect(res.statusCode).toBe(200);
    const requests = await auditsOf(a.id, 'user.requestDataExport');
    expect(requests).toHaveLength(requestsBefore + 1);
    expect(requests.at(-1)).toMatchObject({ actor_id: a.id, entity_type: 'user', company_id: '1' });
    await expect.poll(async () => (await auditsOf(a.id, 'user.downloadDataExport')).length).toBe(downloadsBefore + 1);
    const download = (await auditsOf(a.id, 'user.downloadDataExport')).at(-1)!;
    expect(download.actor_id).toBe(a.id);
    expect(download.after).toMatchObject({
      files: EXPORT_SECTIONS.length * 2 + 1,
      bytes: res.rawPayload.length,
      sha256: createHash('sha256').update(res.rawPayload).digest('hex'),
    });
  });

  it('refuses without a session (401), with another company’s token (401), and any parameter naming someone (400), writing nothing', async () => {
    const before = await t.db.selectFrom('audit_log').select('id').execute();
    expect((await exportOf({ 'company-id': '1' })).statusCode).toBe(401);
    expect((await exportOf({ 'company-id': '1', authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
    const otherCompany = await authHeaders(t.db, 'investor@other.example');
    const crossed = await exportOf({ ...otherCompany, 'company-id': '1' });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json().code).toBe('unauthorized');
    const naming = await exportOf(people.a.headers, 'es', `?userId=${people.b.id}`);
    expect(naming.statusCode).toBe(400);
    expect(naming.json()).toMatchObject({ code: 'validation', title: expect.stringMatching(/\S/) });
    expect(await t.db.selectFrom('audit_log').select('id').execute()).toHaveLength(before.length);
  });

  it('any role exports only their own data: an ADMIN and the other company’s investor get theirs, never A’s or B’s', async () => {
    for (const email of ['admin@kc.example', 'investor@other.example']) {
      const res = await exportOf(await authHeaders(t.db, email));
      expect(res.statusCode).toBe(200);
      const files = await unzip(res.rawPayload);
      expect(json(files, 'profile')[0]!['email']).toBe(email);
      const text = [...files.values()].join('\n');
      for (const p of [people.a, people.b]) {
        for (const value of [p.email, p.id, p.contractId, p.lastName]) expect(text).not.toContain(value);
      }
    }
  });

  it('refuses a temporary password (403) and more than the limit per hour (429 with Retry-After), writing nothing', async () => {
    const b = people.b;
    await t.db.updateTable('users').set({ is_temporal_password: true }).where('id', '=', b.id).execute();
    const temp = await exportOf(await authHeaders(t.db, b.email));
    await t.db.updateTable('users').set({ is_temporal_password: false }).where('id', '=', b.id).execute();
    expect(temp.statusCode).toBe(403);
    expect(temp.json().code).toBe('passwordChangeRequired');

    await t.db
      .insertInto('rate_limits')
      .values({ key: `privacy-export:${b.id}`, hits: PRIVACY_EXPORT_RATE_LIMIT.limit, window_start: new Date() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ hits: PRIVACY_EXPORT_RATE_LIMIT.limit, window_start: new Date() }))
      .execute();
    const before = await t.db.selectFrom('audit_log').select('id').execute();
    const limited = await exportOf(b.headers, 'en');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ code: 'privacyExportRateLimited', title: 'Too many downloads' });
    expect(await t.db.selectFrom('audit_log').select('id').execute()).toHaveLength(before.length);
  });
});
