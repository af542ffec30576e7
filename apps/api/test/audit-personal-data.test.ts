import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { scrubAuditEntries } from '../src/db/migrations/0044-audit-ids-only.ts';
import { assertNoPersonalData } from '../src/modules/audit/service.ts';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';

/**
 * The audit log is append-only and outlives an erasure (docs/decisions/0047): its entries name
 * people by id only. Staff and the person act on an account in every way that used to copy the
 * person's data into an entry; after the person's erasure no row of the log, read as text, holds
 * any of their addresses, names, phone or DNI — while every one of those entries is still there.
 */
const PASSWORD = 'una-clave-larga-2026';
type THeaders = Record<string, string>;

describe.each(DB_KINDS)('audit entries keep no personal data (%s)', (kind) => {
  let t: TTestApp;
  let admin: THeaders;
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await authHeaders(t.db, 'admin@kc.example');
  });
  afterAll(async () => t?.close());

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: THeaders, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  async function lastMailTo(to: string) {
    await t.app.mailer.drain();
    const mail = [...t.sentMails].reverse().find((m) => m.to === to);
    if (!mail) throw new Error(`no mail to ${to}`);
    return mail;
  }
  /** Every row of the log as its text: the whole row, not only its details. */
  const auditText = async () => (await sql<{ row: string }>`SELECT a::text AS row FROM audit_log a ORDER BY id`.execute(t.db)).rows.map((r) => r.row);

  it('user created, roles changed, deactivated and reactivated, password reset sent, a lead, an agent assigned, the e-mail changed: after the erasure no entry names the person', async () => {
    const firstName = 'Eulalia';
    const lastName = `Quintanilla-Sorní ${stamp}`;
    const email = `eulalia.${stamp}@example.com`;
    const newEmail = `eulalia.nueva.${stamp}@example.com`;
    const phone = `+34 611 ${stamp.slice(-6, -3)} ${stamp.slice(-3)}`;
    const dni = `${stamp.slice(-8)}T`;

    // Before the account: an agent's lead with the person's data.
    const agentEmail = `agente.${stamp}@kc.example`;
    const agentRow = await t.db
      .insertInto('users')
      .values({ company_id: '1', email: agentEmail, password_hash: 'x', first_name: 'Agente', last_name: 'Comercial', roles: ['AGENT'], confirmed_at: new Date(), language: 'es' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const agent = await authHeaders(t.db, agentEmail);
    const lead = await inject('POST', '/api/agent/leads', { ...agent, 'accept-language': 'es' }, { firstName, lastName, email, phone, note: 'Feria' });
    expect(lead.statusCode, lead.body).toBe(201);

    // Staff create the account; the person chooses a password with the mailed link.
    const created = await inject('POST', '/api/users', admin, { email, firstName, lastName, roles: ['INVESTOR'], language: 'es' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const link = new URL(/(https?:\/\/\S+\/web\/user\/set-password\?\S+)/.exec((await lastMailTo(email)).text)![1]!);
    const set = await inject('POST', '/api/users/password', { 'company-id': '1' }, {
      userId: link.searchParams.get('userId'),
      token: link.searchParams.get('token'),
      newPassword: PASSWORD,
      repeatPassword: PASSWORD,
    });
    expect(set.statusCode, set.body).toBe(200);
    await t.db.updateTable('users').set({ phone, dni, confirmed_at: new Date() }).where('id', '=', id).execute();

    // Staff: roles, deactivation and back, a reset link.
    expect((await inject('PUT', `/api/users/${id}/roles`, admin, { roles: ['INVESTOR', 'OWNER'] })).statusCode).toBe(200);
    expect((await inject('POST', `/api/users/${id}/deactivate`, admin)).statusCode).toBe(200);
    expect((await inject('POST', `/api/users/${id}/reactivate`, admin)).statusCode).toBe(200);
    expect((await inject('POST', `/api/users/${id}/password-reset`, admin)).statusCode).toBe(200);

    // The person assigned to that agent.
    const assigned = await inject('POST', `/api/sales/pending-assignments/${id}`, admin, { agentId: agentRow.id });
    expect(assigned.statusCode, assigned.body).toBe(200);

    // The person changes their address (request, then the link).
    const person = await authHeaders(t.db, email);
    const asked = await inject('POST', '/api/users/me/email', person, { newEmail, currentPassword: PASSWORD });
    expect(asked.statusCode, asked.body).toBe(202);
    const token = /\/web\/account\/email\/confirm#token=([A-Za-z0-9_-]+)/.exec((await lastMailTo(newEmail)).text)![1]!;
    expect((await inject('POST', '/api/users/email-change/confirm', { 'company-id': '1' }, { token })).statusCode).toBe(200);

    const actions = (await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).execute()).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['user.create', 'user.updateRoles', 'user.deactivate', 'user.reactivate', 'user.sendPasswordReset', 'user.assignAgent', 'user.emailChangeRequested', 'user.emailChanged']),
    );
    expect((await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', lead.json().id).execute()).map((r) => r.action)).toEqual(['lead.create']);

    // The person erases their data.
    const headers = await authHeaders(t.db, newEmail);
    expect((await inject('POST', '/api/privacy/erasure', headers)).statusCode).toBe(202);
    const erasure = /\/web\/privacy\/erasure\/confirm#token=([A-Za-z0-9_-]+)/.exec((await lastMailTo(newEmail)).text)![1]!;
    const erased = await inject('POST', '/api/privacy/erasure/confirm', { 'company-id': '1' }, { token: erasure });
    expect(erased.statusCode, erased.body).toBe(200);

    // Every entry is still there; none of them holds the person's data, in any column.
    const after = (await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).execute()).map((r) => r.action);
    expect(after).toEqual(expect.arrayContaining([...actions, 'user.erasure']));
    const rows = await auditText();
    for (const value of [email, newEmail, firstName, lastName, 'Quintanilla', phone, phone.replace(/\s/g, ''), dni]) {
      const holding = rows.filter((row) => row.toLowerCase().includes(value.toLowerCase()));
      expect(holding, value).toEqual([]);
    }

    // The audit page names the person through the id: erased now.
    const page = await inject('GET', `/api/audit?entityId=${id}&size=50`, admin);
    expect(page.statusCode).toBe(200);
    for (const entry of page.json().content) expect(entry.subject).toEqual({ id, email: null, firstName: null, lastName: null, erased: true });
  });

  it('the audit page names a user entry’s person through the id, as they are now', async () => {
    const email = `visible.${stamp}@example.com`;
    const created = await inject('POST', '/api/users', admin, { email, firstName: 'Ramona', lastName: 'Visible', roles: ['ADVISOR'], language: 'es' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect((await inject('POST', `/api/users/${id}/password-reset`, admin)).statusCode).toBe(200);
    const page = (await inject('GET', `/api/audit?entityId=${id}`, admin)).json();
    expect(page.content.map((e: { action: string }) => e.action)).toEqual(['user.sendPasswordReset', 'user.create']);
    for (const entry of page.content) {
      expect(entry.subject).toEqual({ id, email, firstName: 'Ramona', lastName: 'Visible', erased: false });
      expect(JSON.stringify([entry.before, entry.after])).not.toMatch(/Ramona|Visible|visible\./);
    }
    // No password chosen yet: the link sent is a first one.
    expect(page.content[0].after).toEqual({ purpose: 'SET' });
    // Entries about something else than a user have no person to name.
    const other = (await inject('GET', '/api/audit?entityType=price&size=1', admin)).json();
    for (const entry of other.content) expect(entry.subject).toBeNull();
  });
});

describe('the audit service refuses personal data', () => {
  it('throws on an address, a name, a phone, a DNI, nested too; the node contact of a group or team is the node’s', () => {
    const entry = (after: Record<string, unknown>, entityType = 'user') => () => assertNoPersonalData({ entityType, action: 'user.create', after });
    for (const after of [
      { email: 'a@b.es' },
      { newEmail: 'a@b.es' },
      { customerEmail: 'a@b.es' },
      { firstName: 'Ana' },
      { lastName: 'Ruiz' },
      { name: 'Mi móvil' },
      { phone: '600' },
      { dni: '12345678Z' },
      { iban: 'ES00' },
      { owner: { email: 'a@b.es' } },
    ]) {
      expect(entry(after), JSON.stringify(after)).toThrow(/personal data/);
    }
    expect(() => assertNoPersonalData({ entityType: 'user', action: 'user.emailChanged', before: { email: 'a@b.es' } })).toThrow(/before\.email/);
    for (const after of [{ emailChanged: true, requestId: 'x' }, { roles: ['ADMIN'], isActive: true }, { agentId: 'x', purpose: 'RESET' }]) {
      expect(entry(after)).not.toThrow();
    }
    expect(entry({ title: 'Madrid', email: 'madrid@kc.example', phone: '910' }, 'companyGroup')).not.toThrow();
    expect(entry({ manager: { email: 'jefa@kc.example' } }, 'team')).toThrow(/after\.manager\.email/);
  });
});

describe.each(DB_KINDS)('migration 0044 on %s: older entries lose the personal data they kept, and the log stays append-only', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t?.close());

  const userId = '6f1c1f0e-2b1d-4c55-9a57-5a1f0d6c0a01';
  const agentId = '6f1c1f0e-2b1d-4c55-9a57-5a1f0d6c0a02';
  const requestId = '6f1c1f0e-2b1d-4c55-9a57-5a1f0d6c0a03';
  /** Entries as the code before 0044 wrote them, and what each must become. */
  const OLD: [entityType: string, action: string, before: object | null, after: object | null, expected: [object | null, object | null]][] = [
    ['user', 'user.create', null, { email: 'ana.vieja@example.com', firstName: 'Ana', lastName: 'Vieja', roles: ['INVESTOR'], isActive: true }, [null, { roles: ['INVESTOR'], isActive: true }]],
    [
      'user',
      'user.updateRoles',
      { email: 'ana.vieja@example.com', firstName: 'Ana', lastName: 'Vieja', roles: ['INVESTOR'] },
      { email: 'ana.vieja@example.com', firstName: 'Ana', lastName: 'Vieja', roles: ['INVESTOR', 'OWNER'] },
      [{ roles: ['INVESTOR'] }, { roles: ['INVESTOR', 'OWNER'] }],
    ],
    ['user', 'user.sendPasswordReset', null, { email: 'ana.vieja@example.com', purpose: 'RESET' }, [null, { purpose: 'RESET' }]],
    ['user', 'user.emailChangeRequested', null, { requestId, newEmail: 'ana.nueva@example.com', expiresAt: '2026-01-01T10:00:00.000Z' }, [null, { requestId, expiresAt: '2026-01-01T10:00:00.000Z' }]],
    [
      'user',
      'user.emailChanged',
      { email: 'ana.vieja@example.com' },
      { email: 'ana.nueva@example.com', requestId, revokedSessions: 2 },
      [null, { emailChanged: true, requestId, revokedSessions: 2 }],
    ],
    ['user', 'user.assignAgent', { agentId: null }, { agentId, agentEmail: 'agente@kc.example', customerEmail: 'ana.vieja@example.com' }, [{ agentId: null }, { agentId }]],
    ['lead', 'lead.create', null, { email: 'ana.vieja@example.com', firstName: 'Ana', lastName: 'Vieja', zoneId: null, reservedUntil: '2027-01-01T00:00:00.000Z' }, [null, { zoneId: null, reservedUntil: '2027-01-01T00:00:00.000Z' }]],
    ['user', 'user.secondFactorEnrolled', null, { method: 'passkey', passkeyId: agentId, name: 'Móvil de Ana Vieja', firstFactor: true }, [null, { method: 'passkey', passkeyId: agentId, firstFactor: true }]],
    ['user', 'user.passkeySignIn', null, { passkeyId: agentId, name: 'Móvil de Ana Vieja' }, [null, { passkeyId: agentId }]],
    ['jobApplication', 'jobApplication.downloadCv', null, { fileName: 'CV Ana Vieja.pdf' }, [null, null]],
    [
      'jobApplication',
      'jobApplication.changeStatus',
      { status: 'NEW', note: null },
      { status: 'REVIEWING', note: 'Ana Vieja: llamar el lunes' },
      [{ status: 'NEW' }, { status: 'REVIEWING', noteChanged: true }],
    ],
    ['jobApplication', 'jobApplication.changeStatus', { status: 'NEW', note: 'Ana Vieja' }, { status: 'REJECTED', note: 'Ana Vieja' }, [{ status: 'NEW' }, { status: 'REJECTED', noteChanged: false }]],
    ['contract', 'contract.suspend', { state: 'ACTIVE', userId }, { state: 'STANDBY', userId, reason: 'Ana Vieja devolvió el recibo' }, [{ state: 'ACTIVE', userId }, { state: 'STANDBY', userId, reasonGiven: true }]],
    // The node's own contact, and an entry with nothing personal: unchanged.
    ['companyGroup', 'companyGroup.update', { title: 'Madrid', email: 'madrid@kc.example', phone: '910000000' }, { title: 'Madrid Centro', email: 'madrid@kc.example', phone: '910000000' }, [
      { title: 'Madrid', email: 'madrid@kc.example', phone: '910000000' },
      { title: 'Madrid Centro', email: 'madrid@kc.example', phone: '910000000' },
    ]],
    ['price', 'price.publish', null, { valueDate: '2026-01-02', price: '1.2345' }, [null, { valueDate: '2026-01-02', price: '1.2345' }]],
  ];

  const entries = async (ids: string[]) =>
    (await t.db.selectFrom('audit_log').selectAll().where('id', 'in', ids).orderBy('id').execute()).map((r) => ({ ...r, id: String(r.id) }));

  it('ran with the other migrations; run on entries of the old shape it removes the person’s data, keeps every entry and what it said, and runs twice as once', async () => {
    expect((await sql<{ name: string }>`SELECT name FROM kysely_migration WHERE name = '0044-audit-ids-only'`.execute(t.db)).rows).toHaveLength(1);
    const inserted = await t.db
      .insertInto('audit_log')
      .values(
        OLD.map(([entityType, action, before, after]) => ({
          company_id: '1',
          actor_id: null,
          ip_address: '10.0.0.1',
          entity_type: entityType,
          entity_id: entityType === 'user' ? userId : agentId,
          action,
          before: before === null ? null : JSON.stringify(before),
          after: after === null ? null : JSON.stringify(after),
        })),
      )
      .returning('id')
      .execute();
    const ids = inserted.map((r) => String(r.id));
    const untouched = await t.db.selectFrom('audit_log').selectAll().where('id', 'not in', ids).orderBy('id').execute();

    await scrubAuditEntries(t.db as unknown as Kysely<unknown>);
    const rows = await entries(ids);
    expect(rows).toHaveLength(OLD.length);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual(OLD.map(([, action, , , expected]) => [action, ...expected]));
    expect(JSON.stringify(rows.filter((r) => r.entity_type !== 'companyGroup'))).not.toMatch(/Vieja|vieja|nueva|agente@/);
    // Who, when, from where and about what: as they were.
    expect(rows.map((r) => [r.ip_address, r.entity_type, r.entity_id])).toEqual(OLD.map(([entityType]) => ['10.0.0.1', entityType, entityType === 'user' ? userId : agentId]));
    expect(await t.db.selectFrom('audit_log').selectAll().where('id', 'not in', ids).orderBy('id').execute()).toEqual(untouched);

    await scrubAuditEntries(t.db as unknown as Kysely<unknown>);
    expect(await entries(ids)).toEqual(rows);
  });

  it('leaves the append-only trigger on: UPDATE, DELETE and TRUNCATE are still refused', async () => {
    await scrubAuditEntries(t.db as unknown as Kysely<unknown>);
    const triggers = await sql<{ tgname: string; tgenabled: string }>`
      SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = 'audit_log'::regclass AND NOT tgisinternal ORDER BY tgname`.execute(t.db);
    expect(triggers.rows).toEqual([
      { tgname: 'audit_log_no_change', tgenabled: 'O' },
      { tgname: 'audit_log_no_truncate', tgenabled: 'O' },
    ]);
    await expect(sql`UPDATE audit_log SET action = action`.execute(t.db)).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(sql`DELETE FROM audit_log`.execute(t.db)).rejects.toThrow(/append-only: DELETE refused/);
    await expect(sql`TRUNCATE audit_log`.execute(t.db)).rejects.toThrow(/append-only: TRUNCATE refused/);
  });
});
