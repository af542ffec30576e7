import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addMonths } from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders, tokenFor } from './helpers/auth.ts';
import { confirmationLinkOf, register, registration } from './helpers/accounts.ts';
import { createLeadExpiryJob } from '../src/modules/leads/expiry-job.ts';
import type { TDb } from '../src/db/database.ts';

let counter = 0;
const unique = (prefix: string) => `${prefix}.${Date.now()}.${(counter += 1)}@example.com`;
const DAY = 86_400_000;

describe.each(DB_KINDS)('leads, reservations and pending assignments on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { LEADS_JOB_POLL_MS: '0' } });
  });
  afterAll(async () => t.close());

  /** A fresh active, confirmed user of a company with these roles; returns id and headers. */
  async function makeUser(roles: string[], company = '1', overrides: Record<string, unknown> = {}) {
    const email = unique(roles[0]!.toLowerCase());
    const row = await t.db
      .insertInto('users')
      .values({
        company_id: company,
        email,
        password_hash: 'x',
        first_name: 'Test',
        last_name: roles[0]!,
        roles,
        confirmed_at: new Date(),
        language: 'es',
        ...overrides,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, email, headers: await authHeaders(t.db, email) };
  }
  const agent = () => makeUser(['AGENT']);

  const reserve = (headers: Record<string, string>, body: Record<string, unknown>, language = 'es') =>
    t.app.inject({ method: 'POST', url: '/api/agent/leads', headers: { ...headers, 'accept-language': language }, payload: body });
  const lead = (overrides: Record<string, unknown> = {}) => ({ firstName: 'Lola', lastName: 'Prospecto', email: unique('lead'), phone: '+34 600 000 000', note: 'Feria de Sevilla', ...overrides });
  const countLeads = async (emailKey: string) =>
    Number((await t.db.selectFrom('leads').select((eb) => eb.fn.countAll<string>().as('n')).where('email_key', '=', emailKey).executeTakeFirstOrThrow()).n);
  const notificationsOf = (userId: string, key: string) =>
    t.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('message_key', '=', key).execute();

  describe('reservation', () => {
    it('registers a lead: RESERVED for 6 months, an audit entry, and it is in the agent list', async () => {
      const a = await agent();
      const body = lead();
      const before = Date.now();
      const res = await reserve(a.headers, body);
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({ state: 'RESERVED', email: body.email, canExtend: true, expiringSoon: false, zone: null, note: 'Feria de Sevilla' });
      const until = new Date(created.reservedUntil).getTime();
      expect(until).toBe(addMonths(new Date(created.reservedAt), 6).getTime());
      expect(until).toBeGreaterThan(before + 180 * DAY);
      const audit = await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', created.id).execute();
      expect(audit.map((e) => e.action)).toEqual(['lead.create']);
      const list = await t.app.inject({ method: 'GET', url: '/api/agent/leads?state=LIVE', headers: a.headers });
      expect(list.json().content.map((l: { id: string }) => l.id)).toEqual([created.id]);
      expect(list.json().totalElements).toBe(1);
    });

    it('refuses bad input with clear field errors and stores nothing', async () => {
      const a = await agent();
      const email = unique('bad');
      for (const [body, fields] of [
        [{ ...lead({ email }), firstName: '' }, ['firstName']],
        [{ ...lead({ email }), email: 'not-an-email' }, ['email']],
        [{ lastName: 'X', email }, ['firstName']],
        [{ ...lead({ email }), phone: 'call me' }, ['phone']],
        [{ ...lead({ email }), zoneId: 'nope' }, ['zoneId']],
        [{ ...lead({ email }), note: 'x'.repeat(1001) }, ['note']],
      ] as const) {
        const res = await reserve(a.headers, body as Record<string, unknown>);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe('validation');
        expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(fields);
      }
      // A well-formed zone id that names no operative zone of the company.
      const zone = await reserve(a.headers, lead({ email, zoneId: crypto.randomUUID() }));
      expect(zone.statusCode).toBe(400);
      expect(zone.json()).toMatchObject({ code: 'leadZoneUnknown', detail: 'La zona indicada no existe o no está operativa.' });
      expect(await countLeads(email)).toBe(0);
    });

    it("refuses a person another agent holds, saying until when in the reader's language", async () => {
      const [a, b] = [await agent(), await agent()];
      const body = lead();
      const first = await reserve(a.headers, body);
      expect(first.statusCode).toBe(201);
      const until = new Date(first.json().reservedUntil);
      const es = await reserve(b.headers, { ...body, email: `  ${body.email.toUpperCase()} ` });
      expect(es.statusCode).toBe(409);
      const dd = String(until.getUTCDate()).padStart(2, '0');
      const mm = String(until.getUTCMonth() + 1).padStart(2, '0');
      expect(es.json()).toMatchObject({ code: 'leadReservedByOther' });
      expect(es.json().detail).toContain(`hasta el ${dd}/${mm}/${until.getUTCFullYear()}`);
      const en = await reserve(b.headers, body, 'en');
      const month = until.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
      expect(en.json().detail).toContain(`until ${until.getUTCDate()} ${month} ${until.getUTCFullYear()}`);
      const mine = await reserve(a.headers, body);
      expect(mine.statusCode).toBe(409);
      expect(mine.json().code).toBe('leadReservedByYou');
      expect(await countLeads(body.email.toLowerCase())).toBe(1);
    });

    it('refuses a person who is already a confirmed investor of the company', async () => {
      const a = await agent();
      const res = await reserve(a.headers, lead({ email: 'INVESTOR@kc.example' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'leadAlreadyInvestor' });
      expect(res.json().detail).toContain('ya está registrada como inversora');
      expect(await countLeads('investor@kc.example')).toBe(0);
      // Another company's investor is nobody here.
      expect((await reserve(a.headers, lead({ email: 'investor@other.example' }))).statusCode).toBe(201);
    });

    it('a live row whose end has passed (not yet expired by the job) does not block: it expires in the same transaction', async () => {
      const [a, b] = [await agent(), await agent()];
      const body = lead();
      const old = (await reserve(a.headers, body)).json();
      await t.db.updateTable('leads').set({ reserved_until: new Date(Date.now() - 1000) }).where('id', '=', old.id).execute();
      const res = await reserve(b.headers, body);
      expect(res.statusCode).toBe(201);
      const stale = await t.db.selectFrom('leads').select(['state', 'expired_at']).where('id', '=', old.id).executeTakeFirstOrThrow();
      expect(stale.state).toBe('EXPIRED');
      expect(stale.expired_at).not.toBeNull();
      expect(await notificationsOf(a.id, 'leadExpired')).toHaveLength(1);
      // The job finds nothing left to do for it.
      const job = createLeadExpiryJob({ db: t.db, pollMs: 0, log: t.app.log });
      await job.runOnce();
      expect(await notificationsOf(a.id, 'leadExpired')).toHaveLength(1);
    });

    it('50 concurrent reservations of one person by 50 agents: exactly one 201, the others 409', async () => {
      const agents = await Promise.all(Array.from({ length: 50 }, () => agent()));
      const body = lead();
      const answers = await Promise.all(agents.map((a) => reserve(a.headers, body)));
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(49);
      for (const r of answers.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('leadReservedByOther');
      expect(await countLeads(body.email.toLowerCase())).toBe(1);
    });
  });

  describe('extension and discard', () => {
    it('extends once by 6 months from the current end; a second extension is refused and changes nothing', async () => {
      const a = await agent();
      const created = (await reserve(a.headers, lead())).json();
      const url = `/api/agent/leads/${created.id}/extend`;
      const res = await t.app.inject({ method: 'POST', url, headers: a.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ state: 'EXTENDED', canExtend: false });
      expect(new Date(res.json().reservedUntil).getTime()).toBe(addMonths(new Date(created.reservedUntil), 6).getTime());
      const again = await t.app.inject({ method: 'POST', url, headers: { ...a.headers, 'accept-language': 'en' } });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('leadAlreadyExtended');
      expect(again.json().detail).toContain('already been extended once');
      const row = await t.db.selectFrom('leads').select(['reserved_until', 'state']).where('id', '=', created.id).executeTakeFirstOrThrow();
      expect(new Date(row.reserved_until).toISOString()).toBe(res.json().reservedUntil);
      const audit = await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', created.id).orderBy('id').execute();
      expect(audit.map((e) => e.action)).toEqual(['lead.create', 'lead.extend']);
    });

    it('refuses to extend a reservation that is no longer live', async () => {
      const a = await agent();
      const created = (await reserve(a.headers, lead())).json();
      await t.db.updateTable('leads').set({ reserved_until: new Date(Date.now() - 1000) }).where('id', '=', created.id).execute();
      const res = await t.app.inject({ method: 'POST', url: `/api/agent/leads/${created.id}/extend`, headers: a.headers });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('leadNotLive');
      expect((await t.db.selectFrom('leads').select('state').where('id', '=', created.id).executeTakeFirstOrThrow()).state).toBe('RESERVED');
    });

    it('discards with a kind and a reason (kept), counted in the figures; bad input changes nothing', async () => {
      const a = await agent();
      const one = (await reserve(a.headers, lead())).json();
      const two = (await reserve(a.headers, lead())).json();
      await reserve(a.headers, lead());
      const bad = await t.app.inject({ method: 'POST', url: `/api/agent/leads/${one.id}/discard`, headers: a.headers, payload: { kind: 'MAYBE', reason: '' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['kind', 'reason']);
      expect((await t.db.selectFrom('leads').select('state').where('id', '=', one.id).executeTakeFirstOrThrow()).state).toBe('RESERVED');
      const c = await t.app.inject({ method: 'POST', url: `/api/agent/leads/${one.id}/discard`, headers: a.headers, payload: { kind: 'CLIENT', reason: 'No le interesa invertir' } });
      expect(c.statusCode).toBe(200);
      expect(c.json()).toMatchObject({ state: 'DISCARDED', discardKind: 'CLIENT', discardReason: 'No le interesa invertir' });
      const o = await t.app.inject({ method: 'POST', url: `/api/agent/leads/${two.id}/discard`, headers: a.headers, payload: { kind: 'OFFERING', reason: 'Rechazó la oferta GOLD' } });
      expect(o.statusCode).toBe(200);
      const twice = await t.app.inject({ method: 'POST', url: `/api/agent/leads/${two.id}/discard`, headers: a.headers, payload: { kind: 'OFFERING', reason: 'otra vez' } });
      expect(twice.statusCode).toBe(409);
      const figures = (await t.app.inject({ method: 'GET', url: '/api/agent/figures', headers: a.headers })).json();
      expect(figures).toEqual({ activeLeads: 1, expiringSoon: 0, converted: 0, discardedClients: 1, discardedOfferings: 1, expired: 0, clients: 0, activeContracts: 0 });
      const discarded = (await t.app.inject({ method: 'GET', url: '/api/agent/leads?state=DISCARDED&sort=lastName,desc', headers: a.headers })).json();
      expect(discarded.totalElements).toBe(2);
    });

    it("another agent's lead, another company's agent, and a malformed id: 404, nothing changed", async () => {
      const [a, b] = [await agent(), await agent()];
      const other = await makeUser(['AGENT'], '2');
      const created = (await reserve(a.headers, lead())).json();
      for (const headers of [b.headers, other.headers]) {
        for (const action of ['extend', 'discard']) {
          const res = await t.app.inject({ method: 'POST', url: `/api/agent/leads/${created.id}/${action}`, headers, payload: { kind: 'CLIENT', reason: 'x' } });
          expect(res.statusCode).toBe(404);
          expect(res.json().code).toBe('leadNotFound');
        }
        const list = await t.app.inject({ method: 'GET', url: '/api/agent/leads', headers });
        expect(list.json().content.map((l: { id: string }) => l.id)).not.toContain(created.id);
      }
      expect((await t.app.inject({ method: 'POST', url: '/api/agent/leads/nope/extend', headers: a.headers })).statusCode).toBe(404);
      expect((await t.db.selectFrom('leads').select('state').where('id', '=', created.id).executeTakeFirstOrThrow()).state).toBe('RESERVED');
    });

    it('every role but AGENT is refused on the workspace, and a bad query is a clear 400', async () => {
      for (const email of ['investor@kc.example', 'advisor@kc.example', 'admin@kc.example', 'team.manager@kc.example']) {
        const headers = await authHeaders(t.db, email);
        for (const [method, url] of [
          ['GET', '/api/agent/leads'],
          ['POST', '/api/agent/leads'],
          ['GET', '/api/agent/clients'],
          ['GET', '/api/agent/figures'],
          ['GET', '/api/agent/zones'],
        ] as const) {
          const res = await t.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: lead() } : {}) });
          expect(res.statusCode, `${email} ${method} ${url}`).toBe(403);
        }
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/agent/leads', headers: { 'company-id': '1' } })).statusCode).toBe(401);
      const a = await agent();
      const bad = await t.app.inject({ method: 'GET', url: '/api/agent/leads?state=ALIVE&sort=name', headers: a.headers });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['sort', 'state']);
    });
  });

  describe('expiry job (clock pinned)', () => {
    it('warns once 15 days before (a task), then expires once (a notification, the task completed)', async () => {
      const a = await agent();
      const created = (await reserve(a.headers, lead())).json();
      const until = new Date(created.reservedUntil).getTime();
      let now = new Date(until - 16 * DAY);
      const job = createLeadExpiryJob({ db: t.db, pollMs: 0, log: t.app.log, clock: () => now });
      await job.runOnce();
      expect(await notificationsOf(a.id, 'leadExpiring')).toHaveLength(0);
      now = new Date(until - 15 * DAY);
      await job.runOnce();
      await job.runOnce();
      const tasks = await notificationsOf(a.id, 'leadExpiring');
      expect(tasks).toHaveLength(1);
      expect(tasks[0]).toMatchObject({ kind: 'task', severity: 'HIGH', task_state: 'open', subject_type: 'lead', subject_id: created.id });
      const listed = (await t.app.inject({ method: 'GET', url: '/api/agent/leads', headers: a.headers })).json();
      expect(listed.content[0].state).toBe('RESERVED');
      now = new Date(until - 1);
      await job.runOnce();
      expect((await t.db.selectFrom('leads').select('state').where('id', '=', created.id).executeTakeFirstOrThrow()).state).toBe('RESERVED');
      now = new Date(until);
      await job.runOnce();
      await job.runOnce();
      const row = await t.db.selectFrom('leads').select(['state', 'expired_at']).where('id', '=', created.id).executeTakeFirstOrThrow();
      expect(row.state).toBe('EXPIRED');
      expect(await notificationsOf(a.id, 'leadExpired')).toHaveLength(1);
      expect((await notificationsOf(a.id, 'leadExpiring'))[0]!.task_state).toBe('done');
      // The person is free for another agent.
      const b = await agent();
      expect((await reserve(b.headers, { ...lead(), email: created.email })).statusCode).toBe(201);
    });

    it('two runners at once handle each due lead exactly once', async () => {
      const a = await agent();
      const ids: string[] = [];
      for (let i = 0; i < 30; i += 1) ids.push((await reserve(a.headers, lead())).json().id);
      // Half due for the warning, half due for expiry, at the pinned instant.
      const now = new Date(Date.now() + 400 * DAY);
      await t.db
        .updateTable('leads')
        .set({ reserved_until: sql<Date>`${now}::timestamptz + interval '3 days'` })
        .where('id', 'in', ids.slice(0, 15))
        .execute();
      await t.db.updateTable('leads').set({ reserved_until: new Date(now.getTime() - DAY) }).where('id', 'in', ids.slice(15)).execute();
      const countAll = async (key: string) =>
        Number((await t.db.selectFrom('notifications').select((eb) => eb.fn.countAll<string>().as('n')).where('message_key', '=', key).executeTakeFirstOrThrow()).n);
      const before = { expired: await countAll('leadExpired'), warned: await countAll('leadExpiring') };
      const sibling = t.openSibling ? await t.openSibling() : undefined;
      const dbs: TDb[] = [t.db, sibling ? sibling.app.db : t.db];
      const jobs = dbs.map((db) => createLeadExpiryJob({ db, pollMs: 0, log: t.app.log, clock: () => now, batchSize: 4 }));
      const results = await Promise.all(jobs.map((job) => job.runOnce()));
      await sibling?.close();
      // Other tests' leads may be due at this instant too: every one handled once, by one runner.
      const expired = results.reduce((sum, r) => sum + r.expired, 0);
      const warned = results.reduce((sum, r) => sum + r.warned, 0);
      expect(expired).toBeGreaterThanOrEqual(15);
      expect(await countAll('leadExpired')).toBe(before.expired + expired);
      expect(await countAll('leadExpiring')).toBe(before.warned + warned);
      const perLead = await t.db
        .selectFrom('notifications')
        .select(['subject_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('message_key', 'in', ['leadExpired', 'leadExpiring'])
        .groupBy(['subject_id', 'message_key'])
        .having((eb) => eb.fn.countAll(), '>', 1)
        .execute();
      expect(perLead).toEqual([]);
      expect(await notificationsOf(a.id, 'leadExpired')).toHaveLength(15);
      expect(await notificationsOf(a.id, 'leadExpiring')).toHaveLength(15);
      const states = await t.db.selectFrom('leads').select('state').where('id', 'in', ids.slice(15)).execute();
      expect(states.every((s) => s.state === 'EXPIRED')).toBe(true);
    });
  });

  describe('conversion at sign-up confirmation', () => {
    it('the reserved person signs up and confirms: the lead converts, they become the agent client, the agent is told', async () => {
      const a = await agent();
      const email = unique('convert');
      const created = (await reserve(a.headers, lead({ email: email.toUpperCase() }))).json();
      const res = await register(t.app, registration({ email }));
      expect(res.statusCode).toBe(201);
      // Registered but not confirmed: still a lead.
      expect((await t.db.selectFrom('leads').select('state').where('id', '=', created.id).executeTakeFirstOrThrow()).state).toBe('RESERVED');
      t.sentMails.length = 0;
      await t.app.mailer.drain();
      const link = confirmationLinkOf(t.sentMails.find((m) => m.to === email)!.text);
      const confirm = await t.app.inject({ method: 'POST', url: `/api/users/confirm-sign-up/${link.userId}/${link.token}/1`, headers: { 'company-id': '1' } });
      expect(confirm.statusCode).toBe(200);
      const row = await t.db.selectFrom('leads').select(['state', 'converted_user_id']).where('id', '=', created.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ state: 'CONVERTED', converted_user_id: link.userId });
      const clients = (await t.app.inject({ method: 'GET', url: '/api/agent/clients', headers: a.headers })).json();
      expect(clients.content).toHaveLength(1);
      expect(clients.content[0]).toMatchObject({ id: link.userId, email, origin: 'LEAD', contracts: [] });
      expect(await notificationsOf(a.id, 'leadConverted')).toHaveLength(1);
      const figures = (await t.app.inject({ method: 'GET', url: '/api/agent/figures', headers: a.headers })).json();
      expect(figures).toMatchObject({ activeLeads: 0, converted: 1, clients: 1 });
      // Not pending: they have an agent.
      const admin = await authHeaders(t.db, 'admin@kc.example');
      const pending = (await t.app.inject({ method: 'GET', url: `/api/sales/pending-assignments?q=${encodeURIComponent(email)}`, headers: admin })).json();
      expect(pending.totalElements).toBe(0);
    });

    it('a sign-up without a reservation makes a pending assignment', async () => {
      const email = unique('pending');
      await register(t.app, registration({ email }));
      t.sentMails.length = 0;
      await t.app.mailer.drain();
      const link = confirmationLinkOf(t.sentMails.find((m) => m.to === email)!.text);
      await t.app.inject({ method: 'POST', url: `/api/users/confirm-sign-up/${link.userId}/${link.token}/1`, headers: { 'company-id': '1' } });
      const admin = await authHeaders(t.db, 'admin@kc.example');
      const pending = (await t.app.inject({ method: 'GET', url: `/api/sales/pending-assignments?q=${encodeURIComponent(email)}`, headers: admin })).json();
      expect(pending.content.map((p: { id: string }) => p.id)).toEqual([link.userId]);
    });
  });

  describe('pending assignments', () => {
    /** A team run by `managerId` with the agents in it. */
    async function team(managerId: string, agentIds: string[]) {
      const group = await t.db
        .insertInto('company_groups')
        .values({ company_id: '1', title: `G ${counter++}`, start_since: '2026-01-01' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await t.db
        .insertInto('teams')
        .values({ company_id: '1', group_id: group.id, title: `Equipo ${counter++}`, manager_id: managerId, start_since: '2026-01-01' })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const agentId of agentIds) await t.db.insertInto('team_memberships').values({ company_id: '1', team_id: row.id, agent_id: agentId }).execute();
      return row.id;
    }
    const investor = () => makeUser(['INVESTOR']);
    const assign = (headers: Record<string, string>, customerId: string, agentId: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/sales/pending-assignments/${customerId}`, headers, payload: { agentId } });
    const openAssignment = (customerId: string) =>
      t.db.selectFrom('customer_agent_assignments').selectAll().where('customer_id', '=', customerId).where('ended_at', 'is', null).executeTakeFirst();

    it('a team manager assigns to an agent of their team (notified, audited); another team agent is refused', async () => {
      const manager = await makeUser(['TEAM_MANAGER']);
      const mine = await agent();
      const theirs = await agent();
      await team(manager.id, [mine.id]);
      await team((await makeUser(['TEAM_MANAGER'])).id, [theirs.id]);
      const customer = await investor();

      const agents = (await t.app.inject({ method: 'GET', url: '/api/sales/assignable-agents', headers: manager.headers })).json();
      expect(agents.agents.map((x: { id: string }) => x.id)).toEqual([mine.id]);

      const refused = await assign(manager.headers, customer.id, theirs.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('agentNotAssignable');
      expect(await openAssignment(customer.id)).toBeUndefined();

      const res = await assign(manager.headers, customer.id, mine.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ customerId: customer.id, agentId: mine.id });
      expect(await openAssignment(customer.id)).toMatchObject({ agent_id: mine.id, assigned_by: manager.id, lead_id: null });
      expect(await notificationsOf(mine.id, 'clientAssigned')).toHaveLength(1);
      const audit = await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', customer.id).where('action', '=', 'user.assignAgent').execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]!.actor_id).toBe(manager.id);
      const clients = (await t.app.inject({ method: 'GET', url: '/api/agent/clients', headers: mine.headers })).json();
      expect(clients.content[0]).toMatchObject({ id: customer.id, origin: 'ASSIGNED' });

      const again = await assign(manager.headers, customer.id, mine.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('clientNotPending');
    });

    it('ADMIN and COMPANY_MANAGER assign to any agent of the company; bad input and other tenants are refused', async () => {
      const a = await agent();
      const admin = await authHeaders(t.db, 'admin@kc.example');
      const cm = await authHeaders(t.db, 'company.manager@kc.example');
      const customer = await investor();
      const other = await makeUser(['INVESTOR'], '2');
      const otherAgent = await makeUser(['AGENT'], '2');
      for (const [body, field] of [
        [undefined, 'agentId'],
        ['not-a-uuid', 'agentId'],
      ] as const) {
        const res = await assign(admin, customer.id, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([field]);
      }
      expect((await assign(admin, customer.id, otherAgent.id)).statusCode).toBe(403);
      expect((await assign(admin, other.id, a.id)).statusCode).toBe(404);
      expect((await assign(admin, 'nope', a.id)).statusCode).toBe(404);
      // An unconfirmed investor is not pending.
      const unconfirmed = await makeUser(['INVESTOR'], '1', { confirmed_at: null });
      expect((await assign(admin, unconfirmed.id, a.id)).statusCode).toBe(404);
      expect(await openAssignment(customer.id)).toBeUndefined();
      expect((await assign(cm, customer.id, a.id)).statusCode).toBe(200);
      const otherCompanyAdmin = await makeUser(['ADMIN'], '2');
      const list = (await t.app.inject({ method: 'GET', url: '/api/sales/pending-assignments?size=100', headers: otherCompanyAdmin.headers })).json();
      expect(list.content.every((p: { email: string }) => !p.email.endsWith('@kc.example') || p.email === other.email)).toBe(true);
      expect(list.content.map((p: { id: string }) => p.id)).toContain(other.id);
    });

    it('AGENT, ADVISOR, INVESTOR and GROUP_MANAGER are refused', async () => {
      const customer = await investor();
      const a = await agent();
      for (const email of ['agent@kc.example', 'advisor@kc.example', 'investor@kc.example', 'group.manager@kc.example']) {
        const headers = await authHeaders(t.db, email);
        expect((await t.app.inject({ method: 'GET', url: '/api/sales/pending-assignments', headers })).statusCode).toBe(403);
        expect((await t.app.inject({ method: 'GET', url: '/api/sales/assignable-agents', headers })).statusCode).toBe(403);
        expect((await assign(headers, customer.id, a.id)).statusCode).toBe(403);
      }
      expect(await openAssignment(customer.id)).toBeUndefined();
    });
  });

  it('tokenFor is per user (sanity of the fixtures)', async () => {
    const a = await agent();
    expect((await tokenFor(t.db, a.email)).userId).toBe(a.id);
  });
});
