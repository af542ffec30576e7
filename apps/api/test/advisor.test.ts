import { ACCEPTED, takeTest } from './helpers/investor-protection.ts';
import { DEMO_CLIENT_EMAIL } from '../src/db/seed/leads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFLECTION_WAIVER_TEXT, type TAdvisorClientDetail, type TAdvisorClientPage, type TNotification, type TQueuePage } from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import { seedAdvisorDemo } from '../src/db/seed/advisor.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { recordFirstPayment } from './helpers/first-payment.ts';

type THeaders = Record<string, string>;
const LUCIA = 'lucia.martinez@kc.example';
const JORGE = 'jorge.ibanez@kc.example';
const MARTA = 'marta.gomez@kc.example';

function isoDay(offsetYears = 0): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() + offsetYears, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);
}

/** The advisor's workspace: clients, a client's page, notes, the queue and its actions, reassignment. */
describe.each(DB_KINDS)("the advisor's workspace on %s", (kind) => {
  let t: TTestApp;
  let ids: Record<string, string>;
  let advisor: THeaders;
  let advisor2: THeaders;
  let admin: THeaders;
  let manager: THeaders;
  let investor: THeaders;
  let agent: THeaders;
  let otherCompany: THeaders;

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: THeaders, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const contractOf = async (email: string, state: string) =>
    (await t.db.selectFrom('contracts').select(['id', 'state']).where('user_id', '=', ids[email]!).where('state', '=', state).orderBy('created_at').executeTakeFirstOrThrow()).id;
  const stateOf = async (id: string) => (await t.db.selectFrom('contracts').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
  const eventCount = async (id: string) =>
    Number((await t.db.selectFrom('contract_events').select((eb) => eb.fn.countAll<string>().as('n')).where('contract_id', '=', id).executeTakeFirstOrThrow()).n);
  const auditOf = (entityId: string) => t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).orderBy('id', 'asc').execute();
  const inbox = async (headers: THeaders) => (await inject('GET', '/api/notifications?size=100', headers)).json().content as TNotification[];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedAdvisorDemo(t.db, { password: DEMO_PASSWORD });
    // Idempotent: a second run adds nothing.
    await seedAdvisorDemo(t.db, { password: DEMO_PASSWORD });
    await t.db
      .insertInto('users')
      .values({ company_id: '1', email: 'second.advisor@kc.example', password_hash: 'x', first_name: 'Bruno', last_name: 'Segundo', roles: ['ADVISOR'], confirmed_at: new Date() })
      .execute();
    await t.db
      .insertInto('users')
      .values({ company_id: '2', email: 'advisor@other.example', password_hash: 'x', first_name: 'Otto', last_name: 'Otro', roles: ['ADVISOR'], confirmed_at: new Date() })
      .execute();
    const users = await t.db.selectFrom('users').select(['id', 'email']).execute();
    ids = Object.fromEntries(users.map((u) => [u.email, u.id]));
    advisor = await authHeaders(t.db, 'advisor@kc.example');
    advisor2 = await authHeaders(t.db, 'second.advisor@kc.example');
    admin = await authHeaders(t.db, 'admin@kc.example');
    manager = await authHeaders(t.db, 'company.manager@kc.example');
    investor = await authHeaders(t.db, 'investor@kc.example');
    agent = await authHeaders(t.db, 'agent@kc.example');
    otherCompany = await authHeaders(t.db, 'advisor@other.example');
  });
  afterAll(() => t?.close());

  it('seeds the demo once: three more clients with contracts in every state and notes', async () => {
    const clients = await t.db.selectFrom('users').select('email').where('advisor_id', '=', ids['advisor@kc.example']!).execute();
    // The leads seed's converted client (seed/leads.ts) is the demo advisor's too.
    expect(clients.map((c) => c.email).sort()).toEqual([JORGE, LUCIA, MARTA, 'investor@kc.example', DEMO_CLIENT_EMAIL].sort());
    const states = await t.db
      .selectFrom('contracts')
      .select('state')
      .distinct()
      .where('user_id', 'in', [ids[LUCIA]!, ids[JORGE]!, ids[MARTA]!])
      .execute();
    expect(states.map((s) => s.state).sort()).toEqual(['ACTIVE', 'ARCHIVED', 'DELETED', 'NEW', 'STANDBY']);
  });

  describe('clients', () => {
    it("lists an advisor's own clients with their contracts per state; search ignores accents and case (name, e-mail, DNI)", async () => {
      const res = await inject('GET', '/api/advisor/clients', advisor);
      expect(res.statusCode).toBe(200);
      const page = res.json() as TAdvisorClientPage;
      expect(page.totalElements).toBe(5);
      const lucia = page.content.find((c) => c.email === LUCIA)!;
      expect(lucia.contracts).toEqual({ NEW: 1, ACTIVE: 1, STANDBY: 1, ARCHIVED: 0, DELETED: 0, ALL: 3 });
      expect(lucia.advisor?.email).toBe('advisor@kc.example');
      for (const q of ['MARTINEZ pena', 'lucía', 'LUCIA.MART', '12345678z']) {
        const found = (await inject('GET', `/api/advisor/clients?q=${encodeURIComponent(q)}`, advisor)).json() as TAdvisorClientPage;
        expect(found.content.map((c) => c.email), q).toEqual([LUCIA]);
      }
      const paged = (await inject('GET', '/api/advisor/clients?size=2&page=1', advisor)).json() as TAdvisorClientPage;
      expect([paged.number, paged.size, paged.totalElements, paged.totalPages, paged.content.length]).toEqual([1, 2, 5, 3, 2]);
      // `%` matches itself, not everything.
      expect((await inject('GET', '/api/advisor/clients?q=%25', advisor)).json().totalElements).toBe(0);
    });

    it("another advisor sees none of them; naming another advisor is refused; ADMIN and COMPANY_MANAGER see any advisor's", async () => {
      expect((await inject('GET', '/api/advisor/clients', advisor2)).json().totalElements).toBe(0);
      expect((await inject('GET', `/api/advisor/clients?advisorId=${ids['advisor@kc.example']}`, advisor2)).statusCode).toBe(404);
      for (const staff of [admin, manager]) {
        const mine = (await inject('GET', `/api/advisor/clients?advisorId=${ids['advisor@kc.example']}`, staff)).json() as TAdvisorClientPage;
        expect(mine.totalElements).toBe(5);
        const all = (await inject('GET', '/api/advisor/clients?q=marta', staff)).json() as TAdvisorClientPage;
        expect(all.content.map((c) => c.email)).toEqual([MARTA]);
      }
      // The other company's clients never appear.
      expect((await inject('GET', '/api/advisor/clients?q=other.example', admin)).json().totalElements).toBe(0);
    });

    it('refuses other roles (403) and bad input (400)', async () => {
      for (const who of [investor, agent]) {
        expect((await inject('GET', '/api/advisor/clients', who)).statusCode).toBe(403);
        expect((await inject('GET', '/api/advisor/queue', who)).statusCode).toBe(403);
        expect((await inject('GET', `/api/advisor/clients/${ids[LUCIA]}`, who)).statusCode).toBe(403);
      }
      expect((await inject('GET', '/api/advisor/clients', { 'company-id': '1' })).statusCode).toBe(401);
      for (const bad of ['page=-1', 'size=0', 'advisorId=nope', `q=${'x'.repeat(101)}`]) {
        const res = await inject('GET', `/api/advisor/clients?${bad}`, advisor);
        expect(res.statusCode, bad).toBe(400);
      }
    });
  });

  describe("a client's page", () => {
    it('shows the profile, contracts with history, payment methods masked, the agent and notes', async () => {
      const agentRow = await t.db
        .insertInto('customer_agent_assignments')
        .values({ company_id: '1', customer_id: ids[LUCIA]!, agent_id: ids['agent@kc.example']! })
        .returning('id')
        .executeTakeFirstOrThrow();
      const res = await inject('GET', `/api/advisor/clients/${ids[LUCIA]}`, advisor);
      expect(res.statusCode).toBe(200);
      const detail = res.json() as TAdvisorClientDetail;
      expect(detail.profile).toMatchObject({ email: LUCIA, firstName: 'Lucía', dni: '12345678Z', language: 'es' });
      expect(detail.agent).toMatchObject({ email: 'agent@kc.example' });
      expect(detail.advisor?.email).toBe('advisor@kc.example');
      expect(detail.canReassign).toBe(false);
      expect(detail.contracts.map((c) => c.state).sort()).toEqual(['ACTIVE', 'NEW', 'STANDBY']);
      const standby = detail.contracts.find((c) => c.state === 'STANDBY')!;
      expect(standby.actions).toEqual(['resume']);
      expect(standby.history.map((e) => e.toState)).toEqual(['NEW', 'ACTIVE', 'STANDBY']);
      expect(standby.history[2]!.reason).toMatch(/Recibo devuelto/);
      expect(standby.history[1]!.paymentReference).toMatch(/^TRF-/);
      expect(standby.history[1]!.actor?.name).toBe('Alba Asesora');
      expect(detail.contracts.find((c) => c.state === 'NEW')!.actions).toEqual(['activate']);
      expect(detail.paymentMethods).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'CARD', cardBrand: 'mastercard', creditCard: expect.stringMatching(/4444$/) }),
          expect.objectContaining({ kind: 'BANK_TRANSFER', ibanLastFour: '7788' }),
        ]),
      );
      expect(JSON.stringify(detail.paymentMethods.map(({ id: _id, ...shown }) => shown))).not.toMatch(/\d{5,}/);
      expect(detail.notes.map((n) => n.body)).toEqual(['Ha preguntado por ampliar la aportación mensual en enero.', 'Prefiere que la llamemos por la tarde.']);
      expect((await inject('GET', `/api/advisor/clients/${ids[LUCIA]}`, admin)).json().canReassign).toBe(true);
      await t.db.deleteFrom('customer_agent_assignments').where('id', '=', agentRow.id).execute();
    });

    it("another advisor's client, another company's, a non-client id and a malformed id answer 404", async () => {
      expect((await inject('GET', `/api/advisor/clients/${ids[LUCIA]}`, advisor2)).statusCode).toBe(404);
      expect((await inject('GET', `/api/advisor/clients/${ids['investor@other.example']}`, admin)).statusCode).toBe(404);
      expect((await inject('GET', `/api/advisor/clients/${ids[LUCIA]}`, otherCompany)).statusCode).toBe(404);
      expect((await inject('GET', `/api/advisor/clients/${crypto.randomUUID()}`, admin)).statusCode).toBe(404);
      const res = await inject('GET', '/api/advisor/clients/not-a-uuid', advisor);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('clientNotFound');
    });

    it('adds a note (newest first, author and time, an audit entry without the text); refuses an empty one and others', async () => {
      const res = await inject('POST', `/api/advisor/clients/${ids[MARTA]}/notes`, advisor, { body: '  Llamada de bienvenida hecha.  ' });
      expect(res.statusCode).toBe(201);
      const notes = res.json().notes as TAdvisorClientDetail['notes'];
      expect(notes[0]).toMatchObject({ body: 'Llamada de bienvenida hecha.', author: { id: ids['advisor@kc.example'], name: 'Alba Asesora' } });
      expect(Date.now() - Date.parse(notes[0]!.createdAt)).toBeLessThan(60_000);
      const second = (await inject('POST', `/api/advisor/clients/${ids[MARTA]}/notes`, admin, { body: 'Revisado por administración.' })).json().notes;
      expect(second.map((n: { body: string }) => n.body)).toEqual(['Revisado por administración.', 'Llamada de bienvenida hecha.']);
      const audit = await auditOf(ids[MARTA]!);
      expect(audit.map((a) => a.action)).toEqual(['user.addClientNote', 'user.addClientNote']);
      expect(JSON.stringify(audit)).not.toContain('bienvenida');

      const count = async () => Number((await t.db.selectFrom('client_notes').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
      const before = await count();
      for (const body of [{ body: '   ' }, { body: 'x'.repeat(2001) }, {}]) {
        const bad = await inject('POST', `/api/advisor/clients/${ids[MARTA]}/notes`, advisor, body);
        expect(bad.statusCode).toBe(400);
        expect(bad.json().errors?.[0]?.field ?? bad.json().fieldErrors?.[0]?.field ?? 'body').toBe('body');
      }
      expect((await inject('POST', `/api/advisor/clients/${ids[MARTA]}/notes`, advisor2, { body: 'No es mío' })).statusCode).toBe(404);
      expect((await inject('POST', `/api/advisor/clients/${ids[MARTA]}/notes`, otherCompany, { body: 'Otra empresa' })).statusCode).toBe(404);
      expect((await inject('POST', `/api/advisor/clients/${ids[MARTA]}/notes`, investor, { body: 'Yo' })).statusCode).toBe(403);
      expect(await count()).toBe(before);
    });
  });

  describe('the queue and its actions', () => {
    it("lists NEW contracts of the advisor's clients, oldest first; the company's for ADMIN; none for another advisor", async () => {
      const page = (await inject('GET', '/api/advisor/queue?size=100', advisor)).json() as TQueuePage;
      const created = page.content.map((i) => Date.parse(i.createdAt));
      expect(created).toEqual([...created].sort((a, b) => a - b));
      // The advisor seed's clients, oldest first (the demo investor's hires, five days old, come between Jorge's and Marta's).
      expect(page.content.map((i) => i.client.email).filter((e) => [LUCIA, JORGE, MARTA].includes(e))).toEqual([LUCIA, JORGE, MARTA]);
      // Each row carries its reflection period (decision 0026): Marta's hire, two days old, is still inside it.
      const marta = page.content.find((i) => i.client.email === MARTA)!;
      expect(Date.parse(marta.reflection.endsAt)).toBeGreaterThan(Date.now());
      expect(marta.reflection.waivedAt).toBeNull();
      expect(Date.parse(page.content.find((i) => i.client.email === JORGE)!.reflection.endsAt)).toBeLessThan(Date.now());
      // Three of the advisor seed's clients, the demo investor's 13, the leads seed's client's one.
      expect(page.totalElements).toBe(3 + 13 + 1);
      expect(page.content.every((i) => i.advisor?.email === 'advisor@kc.example')).toBe(true);
      expect((await inject('GET', '/api/advisor/queue', advisor2)).json().totalElements).toBe(0);
      const company = (await inject('GET', '/api/advisor/queue?size=1', admin)).json() as TQueuePage;
      expect(company.totalElements).toBe(17);
      expect(company.content[0]!.client.email).toBe(page.content[0]!.client.email);
      expect((await inject('GET', '/api/advisor/queue', otherCompany)).json().totalElements).toBe(0);
      expect((await inject('GET', '/api/advisor/queue?page=x', advisor)).statusCode).toBe(400);
    });

    it('activation requires the payment reference: refused with a clear error and nothing changed', async () => {
      const id = await contractOf(JORGE, 'NEW');
      const events = await eventCount(id);
      for (const payload of [undefined, {}, { paymentReference: '   ' }, { reason: 'sin referencia' }]) {
        const res = await inject('POST', `/api/contracts/${id}/activate`, { ...advisor, 'accept-language': 'es' }, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().code, JSON.stringify([payload, res.json()])).toBe('paymentReferenceRequired');
        expect(res.json().detail).toMatch(/^Para activar el contrato, indique la referencia del primer pago/);
      }
      const tooLong = await inject('POST', `/api/contracts/${id}/activate`, advisor, { paymentReference: 'x'.repeat(101) });
      expect(tooLong.statusCode).toBe(400);
      const english = await inject('POST', `/api/contracts/${id}/activate`, { ...advisor, 'accept-language': 'en' }, {});
      expect(english.json().detail).toMatch(/^To activate the contract, enter the reference of the first payment/);
      expect(await stateOf(id)).toBe('NEW');
      expect(await eventCount(id)).toBe(events);
      expect(await auditOf(id)).toEqual([]);
    });

    it('activates with the reference: the event keeps who and the reference, an audit entry, a mail in the investor language, the task closed', async () => {
      // Lucía hires through the API: her advisor gets the task to confirm the first payment.
      const lucia = await authHeaders(t.db, LUCIA);
      const product = (await t.db.selectFrom('products').select('id').where('company_id', '=', '1').where('product_key', '=', 'jubilacion').executeTakeFirstOrThrow()).id;
      const card = (await t.db.selectFrom('payment_preferences').select('id').where('user_id', '=', ids[LUCIA]!).where('kind', '=', 'CARD').executeTakeFirstOrThrow()).id;
      await t.db.updateTable('users').set({ language: 'en' }).where('id', '=', ids[LUCIA]!).execute();
      // Issue 16: Lucía takes the appropriateness test and accepts the sheet before hiring.
      await takeTest(t.app, lucia, ids[LUCIA]!);
      const hired = await inject('POST', `/api/customers/${ids[LUCIA]}/contracts`, lucia, {
        productType: 'SAVINGS_PLAN',
        productKey: 'jubilacion',
        productId: product,
        recurringAmount: 150,
        initialAmount: 2500,
        submissionDate: isoDay(),
        expiringDate: isoDay(20),
        paymentPreferenceId: card,
        ...ACCEPTED,
      });
      expect(hired.statusCode).toBe(201);
      const id = hired.json().id as string;
      const task = (await inbox(advisor)).find((n) => n.subject?.id === id && n.kind === 'task')!;
      expect(task.task?.state).toBe('open');
      // The newest NEW contract is last in the queue.
      const queue = (await inject('GET', '/api/advisor/queue?size=100', advisor)).json() as TQueuePage;
      expect(queue.content.at(-1)!.contractId).toBe(id);

      // Issue 15: the first payment is recorded before the activation, which names its reference.
      await recordFirstPayment(t.app, advisor, id, { reference: 'TRF-2026-0042' });
      // Issue 16 (decision 0026): inside the reflection period, activation waits for Lucía's explicit waiver.
      expect((await inject('POST', `/api/contracts/${id}/activate`, advisor, { paymentReference: 'TRF-2026-0042' })).json().code).toBe('reflectionPeriodOpen');
      const waived = await inject('POST', `/api/contracts/${id}/waive-reflection`, lucia, { confirmed: true, textVersion: REFLECTION_WAIVER_TEXT.version });
      expect(waived.statusCode).toBe(200);
      await t.app.mailer.drain();
      const mailsBefore = t.sentMails.length;
      const res = await inject('POST', `/api/contracts/${id}/activate`, advisor, { paymentReference: '  TRF-2026-0042 ' });
      expect(res.statusCode).toBe(200);
      expect(res.json().userContractState).toBe('ACTIVE');
      expect(res.json().history.at(-1)).toMatchObject({ fromState: 'NEW', toState: 'ACTIVE', paymentReference: 'TRF-2026-0042', reason: null, actor: { id: ids['advisor@kc.example'] } });
      const [entry] = await auditOf(id);
      expect(entry).toMatchObject({ action: 'contract.activate', actor_id: ids['advisor@kc.example'] });
      expect(entry!.after).toMatchObject({ state: 'ACTIVE', paymentReference: 'TRF-2026-0042' });
      await t.app.mailer.drain();
      const mail = t.sentMails.slice(mailsBefore).find((m) => m.to === LUCIA)!;
      expect(mail.subject).toMatch(/^KC: your .+ contract is now Active$/);
      expect(mail.text).toContain('Payment reference: TRF-2026-0042');
      const closed = (await inbox(advisor)).find((n) => n.id === task.id)!;
      expect(closed.task).toMatchObject({ state: 'done' });
      // It left the queue.
      expect(((await inject('GET', '/api/advisor/queue?size=100', advisor)).json() as TQueuePage).content.some((i) => i.contractId === id)).toBe(false);
      await t.db.updateTable('users').set({ language: 'es' }).where('id', '=', ids[LUCIA]!).execute();
    });

    it('suspend and resume need a reason (kept, audited, mailed); invalid transitions are refused and change nothing', async () => {
      const id = await contractOf(MARTA, 'ACTIVE');
      for (const payload of [{}, { reason: ' ' }, { reason: 'ab' }, { paymentReference: 'TRF-1' }]) {
        const res = await inject('POST', `/api/contracts/${id}/suspend`, advisor, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().code).toBe('transitionReasonRequired');
      }
      expect(await stateOf(id)).toBe('ACTIVE');
      await t.app.mailer.drain();
      const mailsBefore = t.sentMails.length;
      const suspended = await inject('POST', `/api/contracts/${id}/suspend`, advisor, { reason: 'Recibo devuelto por el banco' });
      expect(suspended.statusCode).toBe(200);
      expect(suspended.json().history.at(-1)).toMatchObject({ toState: 'STANDBY', reason: 'Recibo devuelto por el banco', paymentReference: null });
      await t.app.mailer.drain();
      const mail = t.sentMails.slice(mailsBefore).find((m) => m.to === MARTA)!;
      expect(mail.subject).toMatch(/está ahora Suspendido$/);
      expect(mail.text).toContain('Motivo: Recibo devuelto por el banco');

      // Invalid: suspend a STANDBY contract, activate it, resume an ACTIVE one: 409, nothing changed.
      const events = await eventCount(id);
      for (const [action, payload] of [['suspend', { reason: 'otra vez' }], ['activate', { paymentReference: 'TRF-9' }]] as const) {
        const res = await inject('POST', `/api/contracts/${id}/${action}`, { ...advisor, 'accept-language': 'es' }, payload);
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('transitionNotAllowed');
        expect(res.json().detail).toContain('STANDBY');
      }
      expect(await stateOf(id)).toBe('STANDBY');
      expect(await eventCount(id)).toBe(events);

      const resumed = await inject('POST', `/api/contracts/${id}/resume`, admin, { reason: 'Nueva domiciliación confirmada' });
      expect(resumed.statusCode).toBe(200);
      expect(resumed.json().userContractState).toBe('ACTIVE');
      const audit = await auditOf(id);
      // The reason is kept in the history (above), the log says one was given.
      expect(audit.map((a) => [a.action, (a.after as { reasonGiven?: boolean }).reasonGiven])).toEqual([
        ['contract.suspend', true],
        ['contract.resume', true],
      ]);
      // The investor may not; another advisor and another company get 404.
      const marta = await authHeaders(t.db, MARTA);
      expect((await inject('POST', `/api/contracts/${id}/suspend`, marta, { reason: 'yo mismo' })).statusCode).toBe(403);
      expect((await inject('POST', `/api/contracts/${id}/suspend`, advisor2, { reason: 'no es mío' })).statusCode).toBe(404);
      expect((await inject('POST', `/api/contracts/${id}/suspend`, otherCompany, { reason: 'otra empresa' })).statusCode).toBe(404);
      expect(await stateOf(id)).toBe('ACTIVE');
    });
  });

  describe('reassignment', () => {
    it('moves a client to another advisor: both notified, open tasks move, audit entry; the old advisor loses access', async () => {
      const client = ids['investor@kc.example']!;
      // An open "welcome" task of the first advisor about the client, and the NEW contracts' tasks.
      const advisors = (await inject('GET', '/api/advisor/advisors', admin)).json().advisors as Array<{ id: string; email: string; activeClients: number }>;
      expect(advisors.map((a) => a.email)).toEqual(expect.arrayContaining(['advisor@kc.example', 'second.advisor@kc.example']));
      expect(advisors.some((a) => a.email === 'advisor@other.example')).toBe(false);
      expect(advisors.find((a) => a.email === 'advisor@kc.example')!.activeClients).toBe(5);

      const res = await inject('PUT', `/api/advisor/clients/${client}/advisor`, manager, { advisorId: ids['second.advisor@kc.example'] });
      expect(res.statusCode).toBe(200);
      expect((res.json() as TAdvisorClientDetail).advisor?.email).toBe('second.advisor@kc.example');
      const [entry] = (await auditOf(client)).filter((a) => a.action === 'user.reassignAdvisor');
      expect(entry).toMatchObject({ actor_id: ids['company.manager@kc.example'], before: { advisorId: ids['advisor@kc.example'] }, after: { advisorId: ids['second.advisor@kc.example'] } });

      const newInbox = await inbox(advisor2);
      expect(newInbox.find((n) => n.key === 'clientReassignedToYou')).toMatchObject({ kind: 'task', subject: { type: 'user', id: client } });
      const newTasks = newInbox.filter((n) => n.key === 'contractHired' && n.task?.state === 'open');
      expect(newTasks).toHaveLength(13);
      const oldInbox = await inbox(advisor);
      expect(oldInbox.find((n) => n.key === 'clientReassignedAway')?.title).toBe('Inés Inversora ha dejado de ser su cliente: ahora le atiende Bruno Segundo');
      expect((await inject('GET', `/api/advisor/clients/${client}`, advisor)).statusCode).toBe(404);
      expect((await inject('GET', `/api/advisor/clients/${client}`, advisor2)).statusCode).toBe(200);
      expect((await inject('GET', '/api/advisor/queue?size=100', advisor2)).json().totalElements).toBe(13);

      // Back to the first advisor: the second one's tasks about the client close.
      expect((await inject('PUT', `/api/advisor/clients/${client}/advisor`, admin, { advisorId: ids['advisor@kc.example'] })).statusCode).toBe(200);
      expect((await inbox(advisor2)).filter((n) => n.key === 'contractHired' && n.task?.state === 'open')).toHaveLength(0);
    });

    it('refuses a bad target, the same advisor, other roles and other companies, changing nothing', async () => {
      const client = ids[JORGE]!;
      const same = await inject('PUT', `/api/advisor/clients/${client}/advisor`, admin, { advisorId: ids['advisor@kc.example'] });
      expect(same.statusCode).toBe(409);
      expect(same.json().code).toBe('clientSameAdvisor');
      for (const advisorId of [ids['agent@kc.example'], ids['advisor@other.example'], crypto.randomUUID()]) {
        const res = await inject('PUT', `/api/advisor/clients/${client}/advisor`, admin, { advisorId });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('advisorNotFound');
      }
      await t.db.updateTable('users').set({ is_active: false }).where('id', '=', ids['second.advisor@kc.example']!).execute();
      expect((await inject('PUT', `/api/advisor/clients/${client}/advisor`, admin, { advisorId: ids['second.advisor@kc.example'] })).statusCode).toBe(400);
      await t.db.updateTable('users').set({ is_active: true }).where('id', '=', ids['second.advisor@kc.example']!).execute();
      expect((await inject('PUT', `/api/advisor/clients/${client}/advisor`, admin, { advisorId: 'nope' })).statusCode).toBe(400);
      expect((await inject('PUT', `/api/advisor/clients/${client}/advisor`, admin, {})).statusCode).toBe(400);
      for (const who of [advisor, investor, agent]) {
        expect((await inject('PUT', `/api/advisor/clients/${client}/advisor`, who, { advisorId: ids['second.advisor@kc.example'] })).statusCode).toBe(403);
        expect((await inject('GET', '/api/advisor/advisors', who)).statusCode).toBe(403);
      }
      const otherAdmin = await t.db
        .insertInto('users')
        .values({ company_id: '2', email: 'admin@other.example', password_hash: 'x', first_name: 'A', last_name: 'O', roles: ['ADMIN'], confirmed_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(otherAdmin.id).toBeTruthy();
      const other = await authHeaders(t.db, 'admin@other.example');
      expect((await inject('PUT', `/api/advisor/clients/${client}/advisor`, other, { advisorId: ids['advisor@other.example'] })).statusCode).toBe(404);
      const row = await t.db.selectFrom('users').select('advisor_id').where('id', '=', client).executeTakeFirstOrThrow();
      expect(row.advisor_id).toBe(ids['advisor@kc.example']);
      expect((await auditOf(client)).filter((a) => a.action === 'user.reassignAdvisor')).toEqual([]);
    });
  });
});
