import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addYears } from '@kc/domain';
import { hashToken } from '../src/lib/tokens.ts';
import { createPrivacyRetentionJob } from '../src/modules/privacy/retention-job.ts';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders, enrolTestTotp } from './helpers/auth.ts';
import { confirmationLinkOf, login, register, registration } from './helpers/accounts.ts';
import { recordFirstPayment } from './helpers/first-payment.ts';

/**
 * Erasure (issue 16, Art. 17; docs/decisions/0027): the request mails a one-time link (60 minutes,
 * hash only); the confirmation deactivates and anonymises the person in one transaction and keeps
 * exactly the AML records (contracts, payments, ledger lines), blocked: checked on a dump of every
 * table. Refusals change nothing. Blocked people are hidden from every role but ADMIN. The
 * retention job, with its clock pinned, acts once per person, even with two runners.
 */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
let dniSeq = 40_000_000 + Math.floor(Math.random() * 1_000_000);
const uniqueDni = () => {
  dniSeq += 1;
  return `${dniSeq}${DNI_LETTERS[dniSeq % 23]}`;
};

describe.each(DB_KINDS)('privacy erasure on %s', (kind) => {
  let t: TTestApp;
  const h: Record<string, Record<string, string>> = {};
  let seq = 0;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    for (const email of ['admin@kc.example', 'advisor@kc.example', 'company.manager@kc.example', 'investor@kc.example', 'investor@other.example']) {
      h[email] = await authHeaders(t.db, email);
    }
  });
  afterAll(async () => t.close());

  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = { 'company-id': '1' }, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  /** A new, confirmed investor with unique identifying values. */
  async function signUp() {
    seq += 1;
    const person = {
      email: `borrable.${seq}.${Date.now()}@example.com`,
      firstName: `Zuriñe${seq}x`,
      lastName: `Erasmótez${seq}q`,
      dni: uniqueDni(),
      phone: `+34 611 22${String(seq).padStart(2, '0')} 9${seq % 10}`,
      password: 'una-clave-larga-2026',
    };
    const res = await register(t.app, registration({ email: person.email, firstName: person.firstName, lastName: person.lastName, dni: person.dni }));
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    await t.app.mailer.drain();
    const mail = t.sentMails.find((m) => m.to === person.email)!;
    const link = confirmationLinkOf(mail.text);
    expect((await inject('POST', `/api/users/confirm-sign-up/${link.userId}/${link.token}/1`)).statusCode).toBe(200);
    // The contact form, by the same e-mail, with a phone.
    const contact = await t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: `10.9.${Math.floor(seq / 200)}.${seq % 200}`, headers: { 'company-id': '1' }, payload: {
      kind: 'general',
      name: person.firstName,
      surname: person.lastName,
      email: person.email,
      phone: person.phone,
      message: `Soy ${person.firstName} ${person.lastName}, DNI ${person.dni}`,
      acceptPrivacy: true,
    } });
    expect(contact.statusCode).toBe(201);
    return { ...person, id, headers: await authHeaders(t.db, person.email) };
  }

  async function insertContract(userId: string, state = 'NEW') {
    const product = await t.db.selectFrom('products').select('id').where('company_id', '=', '1').where('product_key', '=', 'jubilacion').executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto('contracts')
      .values({ company_id: '1', user_id: userId, product_id: product.id, product_key: 'jubilacion', state, initial_investment: '1000.00', recurring_amount: '50.00', submission_date: '2026-01-10', expiring_date: '2046-01-10' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The contract leaves its live state at `at` (as the contracts service records it: state and event). */
  async function endContract(contractId: string, state: 'ARCHIVED' | 'DELETED', at: Date) {
    const { state: from } = await t.db.selectFrom('contracts').select('state').where('id', '=', contractId).executeTakeFirstOrThrow();
    await t.db.updateTable('contracts').set({ state }).where('id', '=', contractId).execute();
    await t.db.insertInto('contract_events').values({ contract_id: contractId, from_state: from, to_state: state, actor_id: null, at }).execute();
  }

  async function askErasure(headers: Record<string, string>) {
    const res = await inject('POST', '/api/privacy/erasure', headers);
    await t.app.mailer.drain();
    return res;
  }

  /** The token of the latest erasure mail to `email`. */
  function erasureTokenOf(email: string): string {
    const mail = [...t.sentMails].reverse().find((m) => m.to === email && /supresión|erasure/i.test(m.subject));
    if (!mail) throw new Error(`no erasure mail to ${email}`);
    const match = /\/web\/privacy\/erasure\/confirm#token=([A-Za-z0-9_-]+)/.exec(mail.text);
    return match![1]!;
  }

  const userRow = (id: string) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const confirm = (token: string, headers: Record<string, string> = { 'company-id': '1' }) => inject('POST', '/api/privacy/erasure/confirm', headers, { token });

  /** Every row of every table of the test database, as JSON text, one line per row. */
  async function dump(): Promise<Map<string, string[]>> {
    const tables = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(t.db);
    const out = new Map<string, string[]>();
    for (const { table_name } of tables.rows) {
      const rows = await sql<{ j: string }>`SELECT row_to_json(x)::text AS j FROM ${sql.table(table_name)} x`.execute(t.db);
      out.set(table_name, rows.rows.map((r) => r.j));
    }
    return out;
  }

  /** The rows of the dump (as `table: row`) that still hold one of `values`, case-insensitive. */
  async function rowsHolding(values: string[]): Promise<string[]> {
    const found: string[] = [];
    for (const [table, rows] of await dump()) {
      for (const row of rows) if (values.some((v) => row.toLowerCase().includes(v.toLowerCase()))) found.push(`${table}: ${row}`);
    }
    return found;
  }

  describe('request', () => {
    it('mails a one-time link valid 60 minutes, stores only its hash and audits ids only', async () => {
      const p = await signUp();
      const before = Date.now();
      const res = await askErasure(p.headers);
      expect(res.statusCode).toBe(202);
      const minutes = (new Date(res.json().expiresAt).getTime() - before) / 60_000;
      expect(minutes).toBeGreaterThan(59.9);
      expect(minutes).toBeLessThanOrEqual(60.1);
      const mail = t.sentMails.find((m) => m.to === p.email && m.subject.includes('supresión'))!;
      expect(mail.subject).toBe('Confirme la supresión de sus datos en KC');
      expect(mail.text).toContain('5 años');
      const token = erasureTokenOf(p.email);
      const stored = await t.db.selectFrom('privacy_requests').selectAll().where('user_id', '=', p.id).execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ kind: 'ERASURE', state: 'PENDING', token_hash: hashToken(token), confirmed_at: null });
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(t.logs.join('\n')).not.toContain(token);
      const audit = await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', p.id).where('action', '=', 'user.erasureRequest').execute();
      expect(audit).toHaveLength(1);
      expect(JSON.stringify(audit)).not.toContain(p.email);
    });

    it('speaks English to an English request', async () => {
      const p = await signUp();
      await t.db.updateTable('users').set({ language: 'en' }).where('id', '=', p.id).execute();
      expect((await askErasure(p.headers)).statusCode).toBe(202);
      expect(t.sentMails.filter((m) => m.to === p.email).map((m) => m.subject)).toContain('Confirm the erasure of your KC data');
    });

    it('refuses other roles (403), no session (401) and a person with live contracts (409 listing them), sending nothing', async () => {
      const mails = (await t.db.selectFrom('mail_outbox').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n;
      for (const staff of ['admin@kc.example', 'advisor@kc.example', 'company.manager@kc.example']) {
        const res = await askErasure(h[staff]!);
        expect(res.statusCode).toBe(403);
      }
      expect((await askErasure({ 'company-id': '1' })).statusCode).toBe(401);
      // Another company's session (its token is for company 2) is not a session here.
      expect((await askErasure({ ...h['investor@other.example']!, 'company-id': '1' })).statusCode).toBe(401);
      const p = await signUp();
      const contractId = await insertContract(p.id, 'ACTIVE');
      const live = await askErasure({ ...p.headers, 'accept-language': 'en' });
      expect(live.statusCode).toBe(409);
      expect(live.json()).toMatchObject({ code: 'erasureLiveContracts', title: 'You have live contracts', contracts: [{ id: contractId, productKey: 'jubilacion', state: 'ACTIVE', submissionDate: '2026-01-10' }] });
      expect(live.json().detail).toContain('Nothing has been changed');
      expect(await t.db.selectFrom('privacy_requests').selectAll().where('user_id', '=', p.id).execute()).toEqual([]);
      const after = (await t.db.selectFrom('mail_outbox').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n;
      // Only the new person's own sign-up mails were added (confirmation, welcome…), no erasure mail.
      expect(t.sentMails.filter((m) => m.to === p.email && /supresión|erasure/i.test(m.subject))).toEqual([]);
      expect(Number(after)).toBeGreaterThanOrEqual(Number(mails));
    });
  });

  describe('confirmation', () => {
    it('refuses bad, unknown, another person’s, another company’s, replaced and expired links, changing nothing', async () => {
      const p = await signUp();
      const other = await signUp();
      expect((await askErasure(p.headers)).statusCode).toBe(202);
      const first = erasureTokenOf(p.email);
      expect((await askErasure(p.headers)).statusCode).toBe(202);
      const token = erasureTokenOf(p.email);
      expect(token).not.toBe(first);
      const before = await userRow(p.id);

      const cases: [string, Record<string, string>, number, string][] = [
        ['short', { 'company-id': '1' }, 400, 'validation'],
        ['x'.repeat(43), { 'company-id': '1' }, 404, 'erasureLinkInvalid'],
        [token, { ...other.headers }, 404, 'erasureLinkInvalid'],
        [token, { ...h['advisor@kc.example']! }, 404, 'erasureLinkInvalid'],
        [token, { ...h['investor@other.example']! }, 404, 'erasureLinkInvalid'],
        [token, { 'company-id': '2' }, 404, 'erasureLinkInvalid'],
        [first, { 'company-id': '1' }, 410, 'erasureLinkReplaced'],
      ];
      for (const [tok, headers, status, code] of cases) {
        const res = await confirm(tok, headers);
        expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
      }
      expect((await confirm('short', { 'company-id': '1', 'accept-language': 'en' })).json().errors).toEqual([{ field: 'token', message: expect.any(String) }]);

      // Past its 60 minutes.
      await t.db.updateTable('privacy_requests').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hash', '=', hashToken(token)).execute();
      const expired = await confirm(token, p.headers);
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({ code: 'erasureLinkExpired', title: 'Enlace caducado' });
      expect(expired.json().detail).toContain('60 minutos');

      expect(await userRow(p.id)).toEqual(before);
      expect(await userRow(other.id)).toMatchObject({ is_active: true, blocked_at: null, email: other.email });
      expect((await inject('GET', '/api/users/me', p.headers)).statusCode).toBe(200);
      expect((await t.db.selectFrom('privacy_requests').select('state').where('user_id', '=', p.id).execute()).map((r) => r.state).sort()).toEqual(['PENDING', 'SUPERSEDED']);
    });

    it('refuses with live contracts (409 listing them) and changes nothing', async () => {
      const p = await signUp();
      expect((await askErasure(p.headers)).statusCode).toBe(202);
      const token = erasureTokenOf(p.email);
      const contractId = await insertContract(p.id, 'NEW');
      const before = await dump();
      const res = await confirm(token, p.headers);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'erasureLiveContracts', title: 'Tiene contratos en vigor', contracts: [{ id: contractId, state: 'NEW' }] });
      const after = await dump();
      expect(after).toEqual(before);
      expect((await inject('GET', '/api/users/me', p.headers)).statusCode).toBe(200);
    });

    it('erases: account closed, personal data gone from every table, exactly the AML records kept and blocked', async () => {
      const p = await signUp();
      const admin = h['admin@kc.example']!;
      // A second factor (issue 18): its secret, a recovery code and a half-done login must go too.
      await enrolTestTotp(t.db, p.id, '1');
      await t.db.insertInto('recovery_codes').values({ user_id: p.id, code_hash: 'a'.repeat(64) }).execute();
      await t.db.insertInto('mfa_tokens').values({ token_hash: `erasure-${p.id}`, user_id: p.id, company_id: '1', client_id: 'kc-mobile', expires_at: new Date(Date.now() + 60_000) }).execute();
      // AML records: a contract with a recorded payment (ledger lines), then archived.
      const contractId = await insertContract(p.id, 'NEW');
      await recordFirstPayment(t.app, admin, contractId, { amount: '250.00' });
      const archived = await inject('POST', `/api/contracts/${contractId}/archive`, admin, {});
      expect(archived.statusCode).toBe(200);
      // An advisor's note naming the person.
      const me = await userRow(p.id);
      await t.db.insertInto('client_notes').values({ company_id: '1', client_id: p.id, author_id: me.advisor_id!, body: `Llamar a ${p.firstName} ${p.lastName} al ${p.phone}` }).execute();
      // A passkey (issue 18) and a challenge handed out to the person: their devices go too.
      await t.db
        .insertInto('passkeys')
        .values({ company_id: '1', user_id: p.id, credential_id: 'Q3JlZGVudGlhbElkT2ZQ', public_key: new Uint8Array(77), device_type: 'singleDevice', backed_up: false, name: 'Móvil' })
        .execute();
      await t.db
        .insertInto('webauthn_challenges')
        .values({ company_id: '1', user_id: p.id, purpose: 'stepup', challenge: 'c'.repeat(43), expires_at: new Date(Date.now() + 60_000) })
        .execute();
      const identifying = [p.email, p.firstName, p.lastName, p.dni, p.phone];
      const pre = [...(await dump()).values()].flat().join('\n');
      for (const value of identifying) expect(pre).toContain(value);

      expect((await askErasure(p.headers)).statusCode).toBe(202);
      const token = erasureTokenOf(p.email);
      const res = await confirm(token, { ...p.headers, 'accept-language': 'en' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const erasedAt = new Date(body.erasedAt);
      expect(body.kept).toEqual({ contracts: 1, payments: 1, until: addYears(erasedAt, 5).toISOString() });

      // The account: closed at once, cannot sign in, every personal field replaced.
      expect((await inject('GET', '/api/users/me', p.headers)).statusCode).toBe(401);
      const signIn = await login(t.app, { username: p.email, password: p.password });
      expect(signIn.statusCode).toBeGreaterThanOrEqual(400);
      expect(signIn.json()).not.toHaveProperty('access_token');
      const row = await userRow(p.id);
      expect(row).toMatchObject({
        email: `anonimizado-${p.id}`,
        first_name: `anonimizado-${p.id}`,
        last_name: `anonimizado-${p.id}`,
        dni: null,
        phone: null,
        date_of_birth: null,
        billing_address_line1: null,
        ethereum_wallet: null,
        is_active: false,
        erased_at: null,
      });
      expect(row.blocked_at).not.toBeNull();
      expect(new Date(row.relationship_ended_at!).toISOString()).toBe(body.erasedAt);
      const tokens = await t.db.selectFrom('access_tokens').select('revoked_at').where('user_id', '=', p.id).execute();
      expect(tokens.length).toBeGreaterThan(0);
      expect(tokens.every((x) => x.revoked_at !== null)).toBe(true);

      // The dump: none of the person's values anywhere (audit log included).
      expect(await rowsHolding(identifying)).toEqual([]);
      // Exactly the AML records are kept (contract, its events, payment, ledger lines), by id.
      expect(await t.db.selectFrom('contracts').select(['id', 'state']).where('user_id', '=', p.id).execute()).toEqual([{ id: contractId, state: 'ARCHIVED' }]);
      expect(await t.db.selectFrom('payments').select(['contract_id', 'amount']).where('user_id', '=', p.id).execute()).toEqual([{ contract_id: contractId, amount: '250.00' }]);
      expect((await t.db.selectFrom('ledger_lines').select('id').where('contract_id', '=', contractId).execute()).length).toBeGreaterThan(0);
      expect((await t.db.selectFrom('contract_events').select('id').where('contract_id', '=', contractId).execute()).length).toBeGreaterThan(0);
      // The rest is gone or anonymised.
      expect(await t.db.selectFrom('notifications').select('id').where('user_id', '=', p.id).execute()).toEqual([]);
      expect(await t.db.selectFrom('customer_documents').select('id').where('user_id', '=', p.id).execute()).toEqual([]);
      for (const table of ['user_totp', 'recovery_codes', 'mfa_tokens'] as const) {
        expect(await t.db.selectFrom(table).select('user_id').where('user_id', '=', p.id).execute(), table).toEqual([]);
      }
      expect(await t.db.selectFrom('passkeys').select('id').where('user_id', '=', p.id).execute()).toEqual([]);
      expect(await t.db.selectFrom('webauthn_challenges').select('id').where('user_id', '=', p.id).execute()).toEqual([]);
      const prefs = await t.db.selectFrom('payment_preferences').selectAll().where('user_id', '=', p.id).execute();
      expect(prefs.length).toBeGreaterThan(0);
      expect(prefs.every((x) => x.card_last4 === null && x.card_expiry === null && x.ethereum_address === null && x.removed_at !== null)).toBe(true);
      expect(await t.db.selectFrom('contact_messages').select(['email', 'phone']).where('email', '=', `anonimizado-${p.id}`).execute()).toEqual([{ email: `anonimizado-${p.id}`, phone: null }]);
      expect((await t.db.selectFrom('client_notes').select('body').where('client_id', '=', p.id).execute()).map((n) => n.body)).toEqual([`anonimizado-${p.id}`]);
      // Audit: the request and the erasure, ids and counts only.
      const audit = await t.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity_id', '=', p.id).where('action', 'in', ['user.erasureRequest', 'user.erasure']).orderBy('at').execute();
      expect(audit).toEqual([
        { action: 'user.erasureRequest', actor_id: p.id },
        { action: 'user.erasure', actor_id: p.id },
      ]);

      // The link a second time: a clear problem, nothing changes (with or without the dead session).
      const again = await confirm(token, p.headers);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('erasureLinkUsed');
      expect(await userRow(p.id)).toEqual(row);

      // Blocked: hidden from every role but ADMIN (404 as another company's ids), shown to ADMIN as blocked.
      const advisor = h['advisor@kc.example']!;
      const manager = h['company.manager@kc.example']!;
      for (const [who, headers] of [
        ['advisor', advisor],
        ['manager', manager],
      ] as const) {
        expect((await inject('GET', `/api/advisor/clients/${p.id}`, headers)).statusCode, who).toBe(404);
        expect((await inject('GET', `/api/contracts/${contractId}`, headers)).statusCode, who).toBe(404);
        // The ledger's reads of the kept records too.
        expect((await inject('GET', `/api/ledger/customers/${p.id}/holdings`, headers)).statusCode, who).toBe(404);
        expect((await inject('GET', `/api/ledger/contracts/${contractId}/schedule`, headers)).statusCode, who).toBe(404);
        const clients = await inject('GET', `/api/advisor/clients?size=100&q=anonimizado`, headers);
        expect(clients.statusCode, who).toBe(200);
        expect(JSON.stringify(clients.json()), who).not.toContain(p.id);
      }
      expect((await inject('GET', `/api/users/${p.id}`, manager)).statusCode).toBe(404);
      expect(JSON.stringify((await inject('GET', '/api/users?size=100&q=anonimizado', manager)).json())).not.toContain(p.id);
      const seen = await inject('GET', `/api/users/${p.id}`, admin);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({ id: p.id, blockedAt: row.blocked_at!.toISOString() });
      const listed = (await inject('GET', '/api/users?size=100&q=anonimizado', admin)).json();
      expect(listed.content.find((u: { id: string }) => u.id === p.id)).toMatchObject({ blockedAt: row.blocked_at!.toISOString() });
      expect((await inject('GET', `/api/advisor/clients/${p.id}`, admin)).statusCode).toBe(200);
      expect((await inject('GET', `/api/contracts/${contractId}`, admin)).statusCode).toBe(200);
      expect((await inject('GET', `/api/ledger/contracts/${contractId}/schedule`, admin)).statusCode).toBe(200);
    });
  });

  describe('retention job', () => {
    it('blocks when the relationship ends and erases the kept records after 5 years, once, even with two runners', async () => {
      // Two people whose relationship ended (an archived contract each) without asking for erasure.
      const people = [await signUp(), await signUp()];
      const ended = new Date('2026-03-01T10:00:00Z');
      for (const p of people) {
        await insertContract(p.id, 'ARCHIVED');
        await t.db.updateTable('users').set({ relationship_ended_at: ended }).where('id', '=', p.id).execute();
      }
      const ids = people.map((p) => p.id);
      const auditOf = async (action: string) =>
        (await t.db.selectFrom('audit_log').select('entity_id').where('action', '=', action as never).where('entity_id', 'in', ids).execute()).map((r) => r.entity_id).sort();
      const jobAt = (at: Date) => createPrivacyRetentionJob({ db: t.db, pollMs: 0, log: t.app.log, clock: () => at, batchSize: 1 });

      // Before the end: nothing.
      const early = await jobAt(new Date('2026-02-28T10:00:00Z')).runOnce();
      expect(early).toEqual({ blocked: 0, erased: 0 });

      // The day after, two runners at once: each person blocked once.
      const day = new Date('2026-03-02T10:00:00Z');
      const results = await Promise.all([jobAt(day).runOnce(), jobAt(day).runOnce()]);
      expect(results.reduce((s, r) => s + r.blocked, 0)).toBe(2);
      expect(await auditOf('user.retentionBlock')).toEqual([...ids].sort());
      for (const id of ids) expect((await userRow(id)).blocked_at).not.toBeNull();
      // Runs twice → once.
      expect(await jobAt(day).runOnce()).toEqual({ blocked: 0, erased: 0 });
      expect(await auditOf('user.retentionBlock')).toEqual([...ids].sort());

      // One day before the 5 years: still kept; after: erased, once, with two runners.
      expect(await jobAt(new Date('2031-02-28T10:00:00Z')).runOnce()).toEqual({ blocked: 0, erased: 0 });
      const late = new Date('2031-03-01T10:00:01Z');
      const erased = await Promise.all([jobAt(late).runOnce(), jobAt(late).runOnce()]);
      expect(erased.reduce((s, r) => s + r.erased, 0)).toBe(2);
      expect(await auditOf('user.retentionErase')).toEqual([...ids].sort());
      expect(await jobAt(late).runOnce()).toEqual({ blocked: 0, erased: 0 });
      for (const p of people) {
        const row = await userRow(p.id);
        expect(row).toMatchObject({ email: `anonimizado-${p.id}`, dni: null, is_active: false });
        expect(row.erased_at).not.toBeNull();
        expect((await inject('GET', '/api/users/me', p.headers)).statusCode).toBe(401);
      }
      // The contracts stay as anonymous figures (the books must balance).
      expect((await t.db.selectFrom('contracts').select('id').where('user_id', 'in', ids).execute()).length).toBe(2);
      expect(await rowsHolding(people.flatMap((p) => [p.email, p.firstName, p.lastName, p.dni, p.phone]))).toEqual([]);
      expect(t.logs.join('\n')).toContain('privacy retention job: erased');
    });

    it("deletes rate-limit counters (they name client addresses) a day after their window started, and no live one", async () => {
      const at = new Date('2027-03-01T12:00:00Z');
      const keys = { stale: `login:address:sweep-stale-${Date.now()}`, live: `login:address:sweep-live-${Date.now()}` };
      await t.db
        .insertInto('rate_limits')
        .values([
          { key: keys.stale, hits: 3, window_start: new Date(at.getTime() - 24 * 3600_000 - 1000) },
          { key: keys.live, hits: 3, window_start: new Date(at.getTime() - 23 * 3600_000) },
        ])
        .execute();
      await createPrivacyRetentionJob({ db: t.db, pollMs: 0, log: t.app.log, clock: () => at }).runOnce();
      const left = await t.db.selectFrom('rate_limits').select('key').where('key', 'in', [keys.stale, keys.live]).execute();
      expect(left.map((r) => r.key)).toEqual([keys.live]);
    });

    it('blocks at a privacy consent withdrawal but erases only after the relationship ends, at the later period', async () => {
      const p = await signUp();
      // A live contract: the relationship goes on while the consent is withdrawn.
      const contractId = await insertContract(p.id, 'ACTIVE');
      const withdrawn = new Date('2027-06-15T08:00:00Z');
      // The privacy policy's consent cannot be withdrawn through the API today: the record is written as the consents module would.
      await t.db
        .insertInto('consent_records')
        .values({ company_id: '1', user_id: p.id, purpose: 'privacyPolicy', choice: 'withdrawn', text_version: 'privacy-2026-11', source: 'account', recorded_at: withdrawn })
        .execute();
      const jobAt = (at: string) => createPrivacyRetentionJob({ db: t.db, pollMs: 0, log: t.app.log, clock: () => new Date(at) });
      const auditCount = async (action: string) =>
        (await t.db.selectFrom('audit_log').select('id').where('action', '=', action as never).where('entity_id', '=', p.id).execute()).length;

      await jobAt('2027-06-15T07:59:59Z').runOnce();
      expect((await userRow(p.id)).blocked_at).toBeNull();
      await jobAt('2027-06-16T00:00:00Z').runOnce();
      expect(await auditCount('user.retentionBlock')).toBe(1);
      // Years later, the relationship still lives: blocked, never erased.
      await jobAt('2040-01-01T00:00:00Z').runOnce();
      expect(await auditCount('user.retentionErase')).toBe(0);
      expect((await userRow(p.id)).email).toBe(p.email);

      // The relationship ends on 2028-01-10: erased at the later of withdrawal + 4 years and end + 5 years.
      await endContract(contractId, 'ARCHIVED', new Date('2028-01-10T00:00:00Z'));
      await jobAt('2033-01-09T23:59:59Z').runOnce();
      expect(await auditCount('user.retentionErase')).toBe(0);
      await jobAt('2033-01-10T00:00:00Z').runOnce();
      await jobAt('2033-01-10T00:00:00Z').runOnce();
      expect(await auditCount('user.retentionErase')).toBe(1);
      expect(await auditCount('user.retentionBlock')).toBe(1);
      expect(await userRow(p.id)).toMatchObject({ email: `anonimizado-${p.id}`, dni: null, is_active: false });
      expect(await rowsHolding([p.email, p.firstName, p.lastName, p.dni, p.phone])).toEqual([]);
    });

    it('notes the end of a relationship when the last live contract ends, blocks it, and lifts the block when the customer hires again', async () => {
      const p = await signUp();
      const archived = await insertContract(p.id, 'ACTIVE');
      const live = await insertContract(p.id, 'ACTIVE');
      await endContract(archived, 'ARCHIVED', new Date('2026-05-01T09:00:00Z'));
      const jobAt = (at: string) => createPrivacyRetentionJob({ db: t.db, pollMs: 0, log: t.app.log, clock: () => new Date(at) });
      const auditCount = async (action: string) =>
        (await t.db.selectFrom('audit_log').select('id').where('action', '=', action as never).where('entity_id', '=', p.id).execute()).length;

      // One contract still live: the relationship goes on.
      await jobAt('2026-06-01T00:00:00Z').runOnce();
      expect(await userRow(p.id)).toMatchObject({ relationship_ended_at: null, blocked_at: null });

      // The last one ends on 1 July: not before, then noted, and the data blocked in the same pass; once, with two runners.
      await endContract(live, 'DELETED', new Date('2026-07-01T12:00:00Z'));
      await jobAt('2026-07-01T11:59:59Z').runOnce();
      expect(await userRow(p.id)).toMatchObject({ relationship_ended_at: null, blocked_at: null });
      await Promise.all([jobAt('2026-07-02T00:00:00Z').runOnce(), jobAt('2026-07-02T00:00:00Z').runOnce()]);
      const ended = await userRow(p.id);
      expect(ended.relationship_ended_at?.toISOString()).toBe('2026-07-01T12:00:00.000Z');
      expect(ended.blocked_at).not.toBeNull();
      expect(await auditCount('user.relationshipEnded')).toBe(1);
      expect(await auditCount('user.retentionBlock')).toBe(1);
      expect((await inject('GET', `/api/advisor/clients/${p.id}`, h['company.manager@kc.example']!)).statusCode).toBe(404);
      await jobAt('2026-07-03T00:00:00Z').runOnce();
      expect(await auditCount('user.relationshipEnded')).toBe(1);

      // The customer hires again: the end is forgotten and the block lifted at the next pass; staff see them again.
      await insertContract(p.id, 'NEW');
      await jobAt('2026-08-01T00:00:00Z').runOnce();
      expect(await userRow(p.id)).toMatchObject({ relationship_ended_at: null, blocked_at: null, email: p.email });
      expect(await auditCount('user.relationshipResumed')).toBe(1);
      expect((await inject('GET', `/api/advisor/clients/${p.id}`, h['company.manager@kc.example']!)).statusCode).toBe(200);
      expect(t.logs.join('\n')).toContain('relationship(s) ended');
    });
  });
});
