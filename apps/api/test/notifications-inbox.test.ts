import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TNotification } from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import { completeTasks, notify, notifyCompanyAdmins, type TNotifyInput } from '../src/modules/notifications/service.ts';

const INVESTOR = 'investor@kc.example';
const ADVISOR = 'advisor@kc.example';
const ADMIN = 'admin@kc.example';
const OTHER = 'investor@other.example';

describe.each(DB_KINDS)('notifications inbox on %s', (kind) => {
  let t: TTestApp;
  let ids: Record<string, string>;
  let h: Record<string, Record<string, string>>;

  const get = (who: string, url: string, language = 'es') => t.app.inject({ method: 'GET', url, headers: { ...h[who], 'accept-language': language } });
  const post = (who: string, url: string, language = 'es') => t.app.inject({ method: 'POST', url, headers: { ...h[who], 'accept-language': language } });
  const unread = async (who: string) => (await get(who, '/api/notifications/unread-count')).json().unreadCount as number;
  /** Every stored item and event of the database, to prove that a refused request changed nothing. */
  const snapshot = async () => ({
    items: await t.db.selectFrom('notifications').selectAll().orderBy('id').execute(),
    events: await t.db.selectFrom('notification_events').selectAll().orderBy('user_id').orderBy('seq').execute(),
    inboxes: await t.db.selectFrom('notification_inboxes').selectAll().orderBy('user_id').execute(),
  });
  const make = (email: string, overrides: Partial<TNotifyInput> = {}) =>
    t.db.transaction().execute((tx) =>
      notify(tx, {
        companyId: email === OTHER ? '2' : '1',
        userId: ids[email]!,
        kind: 'notification',
        key: 'passwordChanged',
        links: [{ label: 'viewAccount', link: '/account' }],
        ...overrides,
      }),
    );
  const makeTask = (email: string, subjectId: string, overrides: Partial<TNotifyInput> = {}) =>
    make(email, {
      kind: 'task',
      key: 'contractHired',
      severity: 'HIGH',
      params: { customerName: 'Inés Inversora', productName: { es: 'Plan de jubilación', en: 'Retirement plan' } },
      links: [{ label: 'viewContract', link: `/inversor/contratos/${subjectId}` }, { label: 'dismiss', link: '/dashboard', dismiss: true }],
      subject: { type: 'contract', id: subjectId },
      taskType: 'confirm-first-payment',
      ...overrides,
    });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const users = await t.db.selectFrom('users').select(['id', 'email']).execute();
    ids = Object.fromEntries(users.map((u) => [u.email, u.id]));
    h = {
      [INVESTOR]: await authHeaders(t.db, INVESTOR),
      [ADVISOR]: await authHeaders(t.db, ADVISOR),
      [ADMIN]: await authHeaders(t.db, ADMIN),
      [OTHER]: await authHeaders(t.db, OTHER),
    };
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.db.deleteFrom('notification_events').execute();
    await t.db.deleteFrom('notifications').execute();
    await t.db.deleteFrom('notification_inboxes').execute();
  });

  it('needs a session and a company, and refuses a token of another company', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { 'company-id': '1' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { 'company-id': '1' } })).statusCode).toBe(401);
    const noCompany = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { authorization: h[INVESTOR]!['authorization']! } });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().code).toBe('companyMissing');
    const crossed = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { ...h[OTHER], 'company-id': '1' } });
    expect(crossed.statusCode).toBe(401);
    for (const path of ['read-all', `${crypto.randomUUID()}/read`, `${crypto.randomUUID()}/dismiss`, `${crypto.randomUUID()}/complete`]) {
      expect((await t.app.inject({ method: 'POST', url: `/api/notifications/${path}`, headers: { 'company-id': '1' } })).statusCode).toBe(401);
    }
  });

  it('lists the caller’s own items newest first in the paged envelope, in the language asked for', async () => {
    const first = await make(INVESTOR);
    const second = await makeTask(INVESTOR, crypto.randomUUID());
    await make(ADVISOR);
    await make(OTHER);
    const es = await get(INVESTOR, '/api/notifications');
    expect(es.statusCode).toBe(200);
    expect(es.headers['cache-control']).toBe('no-store');
    const page = es.json();
    expect(page).toMatchObject({ totalElements: 2, totalPages: 1, number: 0, size: 20, numberOfElements: 2, first: true, last: true, empty: false });
    expect(page.content.map((n: TNotification) => n.id)).toEqual([second, first]);
    const [task, note] = page.content as TNotification[];
    expect(task).toMatchObject({
      kind: 'task',
      key: 'contractHired',
      severity: 'HIGH',
      title: 'Inés Inversora ha contratado un Plan de jubilación: confirme el primer pago',
      isRead: false,
      readAt: null,
      task: { type: 'confirm-first-payment', state: 'open', completedAt: null, completedBy: null },
    });
    expect(task!.links).toEqual([
      { label: 'Ver el contrato', link: task!.links[0]!.link },
      { label: 'Descartar', link: '/dashboard', dismiss: true },
    ]);
    expect(note).toMatchObject({
      kind: 'notification',
      severity: 'NORMAL',
      title: 'Se ha cambiado la contraseña de su cuenta. Si no ha sido usted, contacte con nosotros de inmediato',
      links: [{ label: 'Revisar mi cuenta', link: '/account' }],
      subject: null,
      task: null,
    });
    const en = (await get(INVESTOR, '/api/notifications', 'en')).json().content as TNotification[];
    expect(en[0]!.title).toBe('Inés Inversora has taken out a Retirement plan: please confirm the first payment');
    expect(en[0]!.links[0]!.label).toBe('View the contract');
    expect(en[1]!.title).toBe('Your account password was changed. If this was not you, contact us immediately');
    expect(await unread(INVESTOR)).toBe(2);
    expect(await unread(ADMIN)).toBe(0);
  });

  it('pages with real totals and filters by severity, kind, read and task state', async () => {
    for (let i = 0; i < 5; i += 1) await make(INVESTOR, { severity: i % 2 === 0 ? 'LOW' : 'NORMAL' });
    const open = await makeTask(INVESTOR, crypto.randomUUID());
    const done = await makeTask(INVESTOR, crypto.randomUUID(), { severity: 'NORMAL' });
    await post(INVESTOR, `/api/notifications/${done}/complete`);
    const p1 = (await get(INVESTOR, '/api/notifications?size=3&page=2')).json();
    expect(p1).toMatchObject({ totalElements: 7, totalPages: 3, number: 2, numberOfElements: 1, last: true, first: false });
    const count = async (query: string) => (await get(INVESTOR, `/api/notifications?${query}`)).json().totalElements as number;
    expect(await count('severity=LOW')).toBe(3);
    expect(await count('severity=HIGH')).toBe(1);
    expect(await count('kind=task')).toBe(2);
    expect(await count('kind=notification')).toBe(5);
    expect(await count('read=true')).toBe(1);
    expect(await count('read=false')).toBe(6);
    expect(await count('taskState=open')).toBe(1);
    expect(await count('taskState=done')).toBe(1);
    expect((await get(INVESTOR, '/api/notifications?taskState=open')).json().content[0].id).toBe(open);
    expect(await count('size=1000')).toBe(7);
    // Items made in one transaction (same created_at) keep the order they were made in.
    const [a, b] = await t.db.transaction().execute(async (tx) => [
      await notify(tx, { companyId: '1', userId: ids[INVESTOR]!, kind: 'notification', key: 'passwordChanged' }),
      await notify(tx, { companyId: '1', userId: ids[INVESTOR]!, kind: 'notification', key: 'passwordChanged' }),
    ]);
    expect((await get(INVESTOR, '/api/notifications?size=2')).json().content.map((n: TNotification) => n.id)).toEqual([b, a]);
    expect((await get(INVESTOR, '/api/notifications?size=1000')).json().size).toBe(100);
  });

  it('refuses bad filters with a clear error', async () => {
    for (const query of ['severity=URGENT', 'kind=memo', 'read=yes', 'taskState=closed', 'page=-1', 'size=0', 'page=abc']) {
      const res = await get(INVESTOR, `/api/notifications?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe('validation');
      expect(res.json().errors[0].message, query).toBe('Valor no válido');
    }
  });

  it('marks one item read once; another user’s, another company’s or an unknown id answers 404 and changes nothing', async () => {
    const mine = await make(INVESTOR);
    const advisors = await make(ADVISOR);
    const others = await make(OTHER);
    const before = await snapshot();
    for (const [who, id] of [
      [INVESTOR, advisors],
      [ADMIN, mine],
      [OTHER, mine],
      [INVESTOR, others],
      [INVESTOR, crypto.randomUUID()],
      [INVESTOR, 'not-a-uuid'],
    ] as const) {
      for (const action of ['read', 'dismiss', 'complete']) {
        const res = await post(who, `/api/notifications/${id}/${action}`);
        expect(res.statusCode, `${who} ${action}`).toBe(404);
        expect(res.json()).toMatchObject({ code: 'notificationNotFound', detail: 'El aviso no existe o no pertenece a su bandeja.' });
      }
    }
    expect(await snapshot()).toEqual(before);
    const read = await post(INVESTOR, `/api/notifications/${mine}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: mine, isRead: true });
    expect(read.json().readAt).toEqual(expect.any(String));
    expect(await unread(INVESTOR)).toBe(0);
    expect(await unread(ADVISOR)).toBe(1);
    const events = await t.db.selectFrom('notification_events').select('seq').where('user_id', '=', ids[INVESTOR]!).execute();
    const again = await post(INVESTOR, `/api/notifications/${mine}/read`);
    expect(again.json().readAt).toBe(read.json().readAt);
    expect(await t.db.selectFrom('notification_events').select('seq').where('user_id', '=', ids[INVESTOR]!).execute()).toHaveLength(events.length);
  });

  it('marks all read for the caller only', async () => {
    await make(INVESTOR);
    await make(INVESTOR);
    const already = await make(INVESTOR);
    await post(INVESTOR, `/api/notifications/${already}/read`);
    await make(ADVISOR);
    const res = await post(INVESTOR, '/api/notifications/read-all');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2, unreadCount: 0 });
    expect(await unread(INVESTOR)).toBe(0);
    expect(await unread(ADVISOR)).toBe(1);
    expect((await post(INVESTOR, '/api/notifications/read-all')).json()).toEqual({ updated: 0, unreadCount: 0 });
  });

  it('dismisses an item: it leaves the list and counts as read', async () => {
    const keep = await make(INVESTOR);
    const gone = await make(INVESTOR);
    const res = await post(INVESTOR, `/api/notifications/${gone}/dismiss`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: gone, isRead: true });
    const list = (await get(INVESTOR, '/api/notifications')).json();
    expect(list.content.map((n: TNotification) => n.id)).toEqual([keep]);
    expect(await unread(INVESTOR)).toBe(1);
    expect((await post(INVESTOR, `/api/notifications/${gone}/dismiss`)).statusCode).toBe(200);
    expect(await unread(INVESTOR)).toBe(1);
  });

  it('completes a task recording who did it; a notification is not a task (409, nothing changed)', async () => {
    const task = await makeTask(ADVISOR, crypto.randomUUID());
    const note = await make(ADVISOR);
    const before = await snapshot();
    const refused = await post(ADVISOR, `/api/notifications/${note}/complete`, 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'notificationNotTask', title: 'Not a task' });
    expect(await snapshot()).toEqual(before);
    const done = await post(ADVISOR, `/api/notifications/${task}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      isRead: true,
      task: { state: 'done', completedBy: { id: ids[ADVISOR], name: 'Alba Asesora' } },
    });
    const again = await post(ADVISOR, `/api/notifications/${task}/complete`);
    expect(again.json().task.completedAt).toBe(done.json().task.completedAt);
    expect(await unread(ADVISOR)).toBe(1);
  });

  it('closes open tasks about a subject by itself, recording who did the thing', async () => {
    const subject = crypto.randomUUID();
    const a = await makeTask(ADVISOR, subject);
    const b = await makeTask(ADMIN, subject);
    const elsewhere = await makeTask(ADVISOR, crypto.randomUUID());
    const otherType = await makeTask(ADVISOR, subject, { taskType: 'welcome-client' });
    const closed = await t.db.transaction().execute((tx) =>
      completeTasks(tx, { companyId: '1', subjectType: 'contract', subjectId: subject, taskType: 'confirm-first-payment', completedBy: ids[INVESTOR]! }),
    );
    expect(closed).toBe(2);
    const state = async (who: string, id: string) => (await get(who, '/api/notifications')).json().content.find((n: TNotification) => n.id === id).task;
    expect(await state(ADVISOR, a)).toMatchObject({ state: 'done', completedBy: { id: ids[INVESTOR], name: 'Inés Inversora' } });
    expect(await state(ADMIN, b)).toMatchObject({ state: 'done' });
    expect(await state(ADVISOR, elsewhere)).toMatchObject({ state: 'open' });
    expect(await state(ADVISOR, otherType)).toMatchObject({ state: 'open' });
    // Closing by itself does not read the item for its recipient.
    expect(await unread(ADVISOR)).toBe(3);
  });

  it('notifies every active ADMIN of one company, except who did it; nothing when the transaction rolls back', async () => {
    await t.db.transaction().execute((tx) =>
      notifyCompanyAdmins(tx, '1', { kind: 'notification', key: 'userCreated', params: { userName: 'Nuevo Asesor', email: 'nuevo@kc.example' } }),
    );
    const list = (await get(ADMIN, '/api/notifications')).json().content as TNotification[];
    expect(list.map((n) => n.title)).toEqual(['Se ha dado de alta al usuario Nuevo Asesor (nuevo@kc.example)']);
    expect((await get(ADMIN, '/api/notifications', 'en')).json().content[0].title).toBe('User Nuevo Asesor (nuevo@kc.example) has been created');
    expect(await unread(INVESTOR)).toBe(0);
    expect(await unread(OTHER)).toBe(0);
    const none = await t.db.transaction().execute((tx) =>
      notifyCompanyAdmins(tx, '1', { kind: 'notification', key: 'userDeactivated', params: { userName: 'X', email: 'x@kc.example' } }, { exceptUserId: ids[ADMIN]! }),
    );
    expect(none).toEqual([]);
    const before = await snapshot();
    await expect(
      t.db.transaction().execute(async (tx) => {
        await notify(tx, { companyId: '1', userId: ids[INVESTOR]!, kind: 'notification', key: 'passwordChanged' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await snapshot()).toEqual(before);
  });

  it('keeps event numbers gapless and the unread count exact under concurrent changes', async () => {
    const first = await Promise.all(Array.from({ length: 12 }, () => make(INVESTOR)));
    await Promise.all([
      ...Array.from({ length: 12 }, () => make(INVESTOR)),
      ...first.slice(0, 6).map((id) => post(INVESTOR, `/api/notifications/${id}/read`)),
      ...first.slice(3, 9).map((id) => post(INVESTOR, `/api/notifications/${id}/dismiss`)),
    ]);
    const seqs = (await t.db.selectFrom('notification_events').select('seq').where('user_id', '=', ids[INVESTOR]!).orderBy('seq').execute()).map((e) => Number(e.seq));
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    const stored = await t.db.selectFrom('notifications').select(['read_at']).where('user_id', '=', ids[INVESTOR]!).execute();
    const reallyUnread = stored.filter((r) => r.read_at === null).length;
    expect(reallyUnread).toBe(24 - 9);
    expect(await unread(INVESTOR)).toBe(reallyUnread);
    await post(INVESTOR, '/api/notifications/read-all');
    expect(await unread(INVESTOR)).toBe(0);
  });

  it('numbers each user’s events without gaps, with the unread count after each change', async () => {
    const n1 = await make(INVESTOR);
    await make(ADVISOR);
    await make(INVESTOR);
    await post(INVESTOR, `/api/notifications/${n1}/read`);
    await post(INVESTOR, '/api/notifications/read-all');
    const events = await t.db
      .selectFrom('notification_events')
      .select(['seq', 'type', 'unread', 'notification_id'])
      .where('user_id', '=', ids[INVESTOR]!)
      .orderBy('seq')
      .execute();
    expect(events.map((e) => [String(e.seq), e.type, e.unread])).toEqual([
      ['1', 'created', 1],
      ['2', 'created', 2],
      ['3', 'updated', 1],
      ['4', 'all-read', 0],
    ]);
  });
});
