import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import { confirmationLinkOf, register, registration } from './helpers/accounts.ts';

/**
 * An erasure touches only the person's own rows (security review; docs/decisions/0027, "Only the
 * person's own rows"). The person chose a name that is a common phrase ("de la") and shares their
 * e-mail address with someone in another company: after their erasure every other person's mail
 * (pending and sent, in their company and in the other), notification and bank statement line is
 * byte for byte what it was, the pending password links of others still arrive and work, and the
 * person's own mails, the notification and the mails about them and their bank line are anonymised.
 */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
let dniSeq = 50_000_000 + Math.floor(Math.random() * 1_000_000);
const uniqueDni = () => {
  dniSeq += 1;
  return `${dniSeq}${DNI_LETTERS[dniSeq % 23]}`;
};

describe.each(DB_KINDS)('erasure scope on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t.close());

  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object, remoteAddress = '10.7.0.1') =>
    t.app.inject({ method, url, headers, remoteAddress, ...(payload ? { payload } : {}) });

  /** Registers and confirms an investor (company `companyId`), returning their id. */
  async function signUpAndConfirm(companyId: '1' | '2', fields: { email: string; firstName: string; lastName: string; dni: string }) {
    const res = companyId === '1'
      ? await register(t.app, registration(fields))
      : await inject('POST', '/api/users/register-inversor', { 'company-id': '2', 'accept-language': 'es' }, registration(fields));
    expect(res.statusCode).toBe(201);
    await t.app.mailer.drain();
    const mail = [...t.sentMails].reverse().find((m) => m.to === fields.email && m.text.includes('confirm-sign-up'))!;
    const link = confirmationLinkOf(mail.text);
    expect((await inject('POST', `/api/users/confirm-sign-up/${link.userId}/${link.token}/${companyId}`, { 'company-id': companyId })).statusCode).toBe(200);
    await t.app.mailer.drain();
    return res.json().id as string;
  }

  async function insertContract(userId: string, state: string) {
    const product = await t.db.selectFrom('products').select('id').where('company_id', '=', '1').where('product_key', '=', 'jubilacion').executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto('contracts')
      .values({ company_id: '1', user_id: userId, product_id: product.id, product_key: 'jubilacion', state, initial_investment: '1000.00', recurring_amount: '50.00', submission_date: '2026-01-10', expiring_date: '2046-01-10' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Every row of a table, as JSON text by id: the byte-for-byte picture compared before and after. */
  async function rowsOf(table: 'mail_outbox' | 'notifications' | 'bank_statement_lines'): Promise<Map<string, string>> {
    const rows = await sql<{ id: string; j: string }>`SELECT x.id::text AS id, row_to_json(x)::text AS j FROM ${sql.table(table)} x`.execute(t.db);
    return new Map(rows.rows.map((r) => [r.id, r.j]));
  }

  const without = (rows: Map<string, string>, ids: Set<string>) => [...rows].filter(([id]) => !ids.has(id)).sort(([a], [b]) => a.localeCompare(b));

  /** The link of a password mail (set or reset), read from the mail delivered. */
  function passwordLinkOf(text: string): { userId: string; token: string } {
    const match = /\/web\/user\/(?:set|reset)-password\?(\S+)/.exec(text);
    if (!match) throw new Error(`no password link in: ${text}`);
    const params = new URLSearchParams(match[1]!);
    return { userId: params.get('userId')!, token: params.get('token')! };
  }

  it('rewrites only the person’s own rows: others’ mails (pending and sent, both companies), notifications and bank lines stay byte for byte', async () => {
    const stamp = `${Date.now()}`;
    const shared = `compartida.${stamp}@example.com`;
    const admin = await authHeaders(t.db, 'admin@kc.example');

    // The person: a name that is a common phrase, and an address someone in company 2 also has.
    const person = { email: shared, firstName: 'de', lastName: 'la', dni: uniqueDni() };
    const personId = await signUpAndConfirm('1', person);
    const personHeaders = await authHeaders(t.db, shared);
    const contact = await inject('POST', '/api/contact', { 'company-id': '1' }, {
      kind: 'general', name: person.firstName, surname: person.lastName, email: shared, phone: '+34 611 000 111', message: `DNI ${person.dni}`, acceptPrivacy: true,
    }, '10.7.0.2');
    expect(contact.statusCode).toBe(201);
    await t.app.mailer.drain();

    // A mail for them to an address that is not theirs (yet): an e-mail change's confirmation.
    const newAddress = `nueva.${stamp}@example.com`;
    await t.app.mailer.enqueue(t.db, { companyId: '1', to: newAddress, userId: personId, subject: 'Confirme su nueva dirección', text: 'Hola, de:', html: '<p>Hola, de:</p>' });
    await t.app.mailer.drain();

    // Other people of company 1 whose rows hold "de la", the person's e-mail and DNI.
    const ana = { email: `ana.${stamp}@example.com`, firstName: 'Ana', lastName: 'de la Vega', dni: uniqueDni() };
    const anaId = await signUpAndConfirm('1', ana);
    await t.app.mailer.enqueue(t.db, { companyId: '1', to: 'investor@kc.example', subject: 'Junta de la comunidad', text: `Escriba a ${shared} (DNI ${person.dni}) de la junta`, html: `<p>${shared} de la junta</p>` });
    await t.app.mailer.drain(); // sent

    // Company 2: someone else with the same address, a sent confirmation and a PENDING reset link.
    const other = { email: shared, firstName: 'Quintín', lastName: 'de la Torre', dni: uniqueDni() };
    const otherId = await signUpAndConfirm('2', other);
    expect((await inject('POST', '/api/users/password-reset', { 'company-id': '2' }, { email: shared }, '10.7.0.3')).statusCode).toBe(202);
    await t.app.mailer.enqueue(t.db, { companyId: '2', to: shared, subject: 'Aviso de la cuenta', text: 'Revise el estado de la cuenta', html: '<p>Revise el estado de la cuenta</p>' });

    // Company 1: a PENDING set-password link of a new colleague named "María de la O", and a
    // PENDING mail to another investor holding the person's e-mail and DNI.
    const colleague = { email: `maria.${stamp}@kc.example`, firstName: 'María de la O', lastName: 'Lindo', roles: ['ADVISOR'], language: 'es' };
    expect((await inject('POST', '/api/users', admin, colleague)).statusCode).toBe(201);
    await t.app.mailer.enqueue(t.db, { companyId: '1', to: 'investor@kc.example', subject: 'Recordatorio de la junta', text: `Contacto: ${shared}, DNI ${person.dni}`, html: `<p>${shared}</p>` });

    // Bank lines: the person's (matched to their ended contract), Ana's, and an unmatched one.
    const personContract = await insertContract(personId, 'ARCHIVED');
    const anaContract = await insertContract(anaId, 'NEW');
    const adminId = (await t.db.selectFrom('users').select('id').where('email', '=', 'admin@kc.example').executeTakeFirstOrThrow()).id;
    const imported = await t.db
      .insertInto('bank_statement_imports')
      .values({ company_id: '1', file_name: 'extracto.csv', file_sha256: 'f'.repeat(64), lines: 3, recorded: 0, already_recorded: 0, unmatched: 3, already_listed: 0, ignored: 0, recorded_amount: '0.00', imported_by: adminId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const line = (n: number, description: string, contractId: string | null) => ({
      company_id: '1', import_id: imported.id, line_number: n, line_key: `${stamp}-${n}`, value_date: '2026-02-01', amount: '50.00',
      reference: `REF de la ${n}`, description, reason: contractId ? ('NOT_PAYABLE' as const) : ('UNKNOWN_CONTRACT' as const), contract_id: contractId,
    });
    const lines = await t.db
      .insertInto('bank_statement_lines')
      .values([line(1, `Cuota de la ${person.dni}`, personContract), line(2, 'Transferencia de Ana de la Vega', anaContract), line(3, `Recibo de la comunidad ${person.dni}`, null)])
      .returning('id')
      .execute();

    // The erasure's link, read from its mail while it is still pending (nothing else is sent).
    expect((await inject('POST', '/api/privacy/erasure', personHeaders)).statusCode).toBe(202);
    const request = await t.db.selectFrom('mail_outbox').select('text_body').where('company_id', '=', '1').where('to_address', '=', shared).where('status', '=', 'PENDING').executeTakeFirstOrThrow();
    const token = /#token=([A-Za-z0-9_-]+)/.exec(request.text_body)![1]!;

    // What is the person's own: mails to them in company 1, the contact form's copy, the advisor's mail about them;
    // the advisor's notification about them; their bank line.
    const mailsBefore = await rowsOf('mail_outbox');
    const ownMails = new Set(
      (await t.db.selectFrom('mail_outbox').select(['id', 'to_address', 'text_body', 'subject']).where('company_id', '=', '1').execute())
        .filter((m) => m.to_address === shared || m.to_address === newAddress || m.subject.startsWith('[Contacto general] de la') || (m.subject === 'Se le ha asignado un nuevo cliente' && m.text_body.includes(shared)))
        .map((m) => m.id),
    );
    expect(ownMails.size).toBeGreaterThanOrEqual(6); // confirmation, welcome, new address, erasure request, contact copy, advisor's mail
    const notificationsBefore = await rowsOf('notifications');
    const ownNotifications = new Set(
      (await t.db.selectFrom('notifications').select(['id', 'subject_type', 'subject_id']).where('company_id', '=', '1').execute())
        .filter((n) => n.subject_type === 'user' && n.subject_id === personId)
        .map((n) => n.id),
    );
    expect(ownNotifications.size).toBeGreaterThanOrEqual(1);
    const linesBefore = await rowsOf('bank_statement_lines');
    const ownLines = new Set([lines[0]!.id]);
    // The others' rows hold the phrase the erasure would once have rewritten.
    const othersText = [...without(mailsBefore, ownMails), ...without(notificationsBefore, ownNotifications), ...without(linesBefore, ownLines)].map(([, j]) => j).join('\n');
    expect(othersText).toContain('de la');
    expect(othersText).toContain(person.dni);
    const pendingOthers = (await t.db.selectFrom('mail_outbox').select(['id', 'company_id']).where('status', '=', 'PENDING').execute()).filter((m) => !ownMails.has(m.id));
    expect(pendingOthers.map((m) => m.company_id).sort()).toEqual(['1', '1', '2', '2']);
    const otherUserBefore = await t.db.selectFrom('users').selectAll().where('id', '=', otherId).executeTakeFirstOrThrow();

    const res = await inject('POST', '/api/privacy/erasure/confirm', personHeaders, { token });
    expect(res.statusCode).toBe(200);

    // Others: byte for byte.
    expect(without(await rowsOf('mail_outbox'), ownMails)).toEqual(without(mailsBefore, ownMails));
    expect(without(await rowsOf('notifications'), ownNotifications)).toEqual(without(notificationsBefore, ownNotifications));
    expect(without(await rowsOf('bank_statement_lines'), ownLines)).toEqual(without(linesBefore, ownLines));
    expect(await t.db.selectFrom('users').selectAll().where('id', '=', otherId).executeTakeFirstOrThrow()).toEqual(otherUserBefore);

    // The person's own: anonymised as before.
    const anon = `anonimizado-${personId}`;
    const own = await t.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text_body', 'html_body']).where('id', 'in', [...ownMails]).execute();
    expect(own).toHaveLength(ownMails.size);
    for (const m of own) {
      expect(m.subject).toBe(anon);
      expect(m.text_body).toBe(anon);
      expect(m.html_body).toBe(anon);
      expect([shared, newAddress]).not.toContain(m.to_address);
    }
    const aboutThem = await t.db.selectFrom('notifications').select('params').where('id', 'in', [...ownNotifications]).execute();
    for (const n of aboutThem) expect(JSON.stringify(n.params)).not.toMatch(/de la/);
    expect(aboutThem.some((n) => JSON.stringify(n.params).includes(anon))).toBe(true);
    const ownLine = await t.db.selectFrom('bank_statement_lines').select(['description', 'reference']).where('id', '=', lines[0]!.id).executeTakeFirstOrThrow();
    expect(ownLine).toEqual({ description: `Cuota ${anon} ${anon}`, reference: `REF ${anon} 1` });

    // The others' pending links go out whole and still work.
    await t.app.mailer.drain();
    const setMail = [...t.sentMails].reverse().find((m) => m.to === colleague.email)!;
    expect(setMail.text).toContain('María de la O');
    const setLink = passwordLinkOf(setMail.text);
    const check = await inject('POST', '/api/users/password/check', { 'company-id': '1' }, setLink);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ purpose: 'SET', email: colleague.email });
    const resetMail = [...t.sentMails].reverse().find((m) => m.to === shared && /reset-password/.test(m.text))!;
    const resetLink = passwordLinkOf(resetMail.text);
    expect(resetLink.userId).toBe(otherId);
    const resetCheck = await inject('POST', '/api/users/password/check', { 'company-id': '2' }, resetLink);
    expect(resetCheck.statusCode).toBe(200);
    expect(resetCheck.json()).toMatchObject({ purpose: 'RESET', email: shared });
    expect(t.sentMails.filter((m) => m.subject === 'Aviso de la cuenta').map((m) => m.text)).toEqual(['Revise el estado de la cuenta']);
  });

  it('the notice to the advisor a client left names the client, and is about them: their erasure rewrites it', async () => {
    const client = { email: `reasignada.${Date.now()}@example.com`, firstName: 'Eulalia', lastName: 'Reasignada', dni: uniqueDni() };
    const clientId = await signUpAndConfirm('1', client);
    const manager = await authHeaders(t.db, 'company.manager@kc.example');
    const second = await t.db
      .insertInto('users')
      .values({ company_id: '1', email: `segundo.${Date.now()}@kc.example`, password_hash: 'x', first_name: 'Bruno', last_name: 'Segundo', roles: ['ADVISOR'], confirmed_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const advisorIds: Record<string, string> = {
      'advisor@kc.example': (await t.db.selectFrom('users').select('id').where('email', '=', 'advisor@kc.example').executeTakeFirstOrThrow()).id,
      'second.advisor@kc.example': second.id,
    };
    const reassign = (advisorId: string) => t.app.inject({ method: 'PUT', url: `/api/advisor/clients/${clientId}/advisor`, headers: manager, payload: { advisorId } });
    // To the second advisor, then away from them: they are told the client left.
    const first = await reassign(advisorIds['second.advisor@kc.example']!);
    expect(first.statusCode, first.body).toBe(200);
    expect((await reassign(advisorIds['advisor@kc.example']!)).statusCode).toBe(200);
    const away = () =>
      t.db.selectFrom('notifications').select(['id', 'params', 'subject_type', 'subject_id'])
        .where('user_id', '=', advisorIds['second.advisor@kc.example']!).where('message_key', '=', 'clientReassignedAway').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const before = await away();
    expect(before).toMatchObject({ subject_type: 'user', subject_id: clientId });
    expect(JSON.stringify(before.params)).toContain('Eulalia Reasignada');

    const clientHeaders = await authHeaders(t.db, client.email);
    expect((await inject('POST', '/api/privacy/erasure', clientHeaders)).statusCode).toBe(202);
    const request = await t.db.selectFrom('mail_outbox').select('text_body').where('company_id', '=', '1').where('to_address', '=', client.email).where('status', '=', 'PENDING').executeTakeFirstOrThrow();
    const token = /#token=([A-Za-z0-9_-]+)/.exec(request.text_body)![1]!;
    expect((await inject('POST', '/api/privacy/erasure/confirm', clientHeaders, { token })).statusCode).toBe(200);

    const after = await away();
    expect(after.id).toBe(before.id);
    expect(JSON.stringify(after.params)).not.toMatch(/Eulalia|Reasignada/);
    expect(JSON.stringify(after.params)).toContain(`anonimizado-${clientId}`);
  });
});
