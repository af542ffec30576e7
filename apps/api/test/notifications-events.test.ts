import { ACCEPTED } from './helpers/investor-protection.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFLECTION_WAIVER_TEXT, type TNotification } from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders, tokenFor } from './helpers/auth.ts';
import { confirmationLinkOf, register, registration } from './helpers/accounts.ts';
import { recordFirstPayment } from './helpers/first-payment.ts';
import { backdateHire } from './helpers/reflection.ts';

/** What the advisor's actions carry (issue 14): a payment reference to activate, a reason to suspend or resume. */
const TRANSITION_DETAILS = { reason: 'Motivo de prueba' };

const INVESTOR = 'investor@kc.example';
const ADVISOR = 'advisor@kc.example';
const ADMIN = 'admin@kc.example';

function isoDay(offsetYears = 0): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() + offsetYears, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);
}

/** The real events of the platform put the right item in the right inbox, in the reader's language. */
describe.each(DB_KINDS)('notifications made by real events on %s', (kind) => {
  let t: TTestApp;
  let ids: Record<string, string>;
  let investor: Record<string, string>;
  let advisor: Record<string, string>;
  let admin: Record<string, string>;
  let product: string;
  let card: string;

  const inbox = async (headers: Record<string, string>, language = 'es', query = '') =>
    (await t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: { ...headers, 'accept-language': language } })).json()
      .content as TNotification[];
  const itemAbout = async (headers: Record<string, string>, key: string, subjectId: string, language = 'es') =>
    (await inbox(headers, language)).find((n) => n.key === key && n.subject?.id === subjectId);
  const hire = async (headers: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${ids[INVESTOR]}/contracts`,
      headers,
      payload: {
        productType: 'SAVINGS_PLAN',
        productKey: 'jubilacion',
        productId: product,
        recurringAmount: 150,
        initialAmount: 2500,
        submissionDate: isoDay(),
        expiringDate: isoDay(20),
        paymentPreferenceId: card,
        ...ACCEPTED,
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const act = (headers: Record<string, string>, id: string, action: string) =>
    // The activation names the first payment (issue 15): recordFirstPayment's reference for the contract.
    t.app.inject({ method: 'POST', url: `/api/contracts/${id}/${action}`, headers, payload: { ...TRANSITION_DETAILS, paymentReference: `TRF-${id}` } });
  const itemCount = async () => Number((await t.db.selectFrom('notifications').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const users = await t.db.selectFrom('users').select(['id', 'email']).execute();
    ids = Object.fromEntries(users.map((u) => [u.email, u.id]));
    investor = await authHeaders(t.db, INVESTOR);
    advisor = await authHeaders(t.db, ADVISOR);
    admin = await authHeaders(t.db, ADMIN);
    product = (await t.db.selectFrom('products').select('id').where('company_id', '=', '1').where('product_key', '=', 'jubilacion').executeTakeFirstOrThrow()).id;
    card = (await t.db.selectFrom('payment_preferences').select('id').where('user_id', '=', ids[INVESTOR]!).where('kind', '=', 'CARD').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());

  it('a hire gives the investor’s advisor a task to confirm the first payment, which closes when the contract is activated', async () => {
    const contract = await hire(investor);
    const task = await itemAbout(advisor, 'contractHired', contract);
    expect(task).toMatchObject({
      kind: 'task',
      severity: 'HIGH',
      title: 'Inés Inversora ha contratado un Plan Jubilación Digna: confirme el primer pago',
      links: [{ label: 'Ver el contrato', link: `/inversor/contratos/${contract}` }],
      subject: { type: 'contract', id: contract },
      task: { type: 'confirm-first-payment', state: 'open', completedBy: null },
      isRead: false,
    });
    expect((await itemAbout(advisor, 'contractHired', contract, 'en'))!.title).toBe(
      'Inés Inversora has taken out a Dignified Retirement Plan: please confirm the first payment',
    );
    // Nobody else gets it.
    expect(await itemAbout(admin, 'contractHired', contract)).toBeUndefined();
    expect(await itemAbout(investor, 'contractHired', contract)).toBeUndefined();

    await recordFirstPayment(t.app, advisor, contract);
    // Inside the reflection period the activation waits for the investor's waiver (decision 0026).
    const waiver = { confirmed: true, textVersion: REFLECTION_WAIVER_TEXT.version };
    expect((await t.app.inject({ method: 'POST', url: `/api/contracts/${contract}/waive-reflection`, headers: investor, payload: waiver })).statusCode).toBe(200);
    expect((await act(advisor, contract, 'activate')).statusCode).toBe(200);
    const closed = await itemAbout(advisor, 'contractHired', contract);
    expect(closed!.task).toMatchObject({ state: 'done', completedBy: { id: ids[ADVISOR], name: 'Alba Asesora' } });
    expect(closed!.task!.completedAt).toEqual(expect.any(String));

    const changed = await itemAbout(investor, 'contractStateChanged', contract);
    expect(changed).toMatchObject({ kind: 'notification', severity: 'NORMAL', title: 'Su contrato Plan Jubilación Digna está ahora Activo', task: null });
    expect((await itemAbout(investor, 'contractStateChanged', contract, 'en'))!.title).toBe('Your Dignified Retirement Plan contract is now Active');
  });

  it('every state change tells the investor; a cancelled contract closes the advisor’s task too', async () => {
    const contract = await hire(investor);
    expect((await act(investor, contract, 'cancel')).statusCode).toBe(200);
    expect((await itemAbout(advisor, 'contractHired', contract))!.task).toMatchObject({ state: 'done', completedBy: { id: ids[INVESTOR] } });
    const titles = (await inbox(investor)).filter((n) => n.subject?.id === contract).map((n) => n.title);
    expect(titles).toEqual(['Su contrato Plan Jubilación Digna está ahora Eliminado']);

    const other = await hire(advisor);
    await recordFirstPayment(t.app, admin, other);
    await backdateHire(t.db, other); // past the reflection period (decision 0026)
    expect((await act(admin, other, 'activate')).statusCode).toBe(200);
    await act(admin, other, 'suspend');
    const en = (await inbox(investor, 'en')).filter((n) => n.subject?.id === other).map((n) => n.title);
    expect(en).toContain('Your Dignified Retirement Plan contract is now Suspended');
    expect(en).toContain('Your Dignified Retirement Plan contract is now Active');
  });

  it('a refused transition makes no notification and leaves the task open', async () => {
    const contract = await hire(investor);
    const before = await itemCount();
    const refused = await act(investor, contract, 'activate');
    expect(refused.statusCode).toBe(403);
    const wrong = await act(advisor, contract, 'resume');
    expect(wrong.statusCode).toBe(409);
    expect(await itemCount()).toBe(before);
    expect((await itemAbout(advisor, 'contractHired', contract))!.task!.state).toBe('open');
  });

  it('a confirmed account gives the advisor a task to welcome the client, which the advisor completes', async () => {
    const body = registration({ firstName: 'Lucía', lastName: 'García Pérez' });
    expect((await register(t.app, body, 'en')).statusCode).toBe(201);
    t.sentMails.length = 0;
    await t.app.mailer.drain();
    const link = confirmationLinkOf(t.sentMails.find((m) => m.to === body['email'])!.text);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/users/confirm-sign-up/${link.userId}/${link.token}/1`,
      headers: { 'company-id': '1' },
    });
    expect(confirmed.statusCode).toBe(200);
    const task = await itemAbout(advisor, 'accountConfirmed', link.userId);
    expect(task).toMatchObject({
      kind: 'task',
      title: 'Lucía García Pérez ha confirmado su cuenta: dele la bienvenida como su nuevo cliente',
      links: [{ label: 'Ver mis clientes', link: '/advisor/dashboard' }],
      subject: { type: 'user', id: link.userId },
      task: { type: 'welcome-client', state: 'open' },
    });
    expect((await itemAbout(advisor, 'accountConfirmed', link.userId, 'en'))!.title).toBe(
      'Lucía García Pérez has confirmed their account: welcome your new client',
    );
    const done = await t.app.inject({ method: 'POST', url: `/api/notifications/${task!.id}/complete`, headers: advisor });
    expect(done.json().task).toMatchObject({ state: 'done', completedBy: { id: ids[ADVISOR], name: 'Alba Asesora' } });
    // Another user of the company cannot complete it.
    const other = await t.app.inject({ method: 'POST', url: `/api/notifications/${task!.id}/complete`, headers: admin });
    expect(other.statusCode).toBe(404);
  });

  it('a password change notifies the user (HIGH); a refused change notifies nobody', async () => {
    const { token } = await tokenFor(t.db, 'owner@kc.example');
    const owner = { authorization: `Bearer ${token}`, 'company-id': '1' };
    const before = await itemCount();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: owner,
      payload: { currentPassword: 'not-my-password', newPassword: 'a-new-password-2026', repeatPassword: 'a-new-password-2026' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await itemCount()).toBe(before);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: owner,
      payload: { currentPassword: 'demo-password-2026', newPassword: 'a-new-password-2026', repeatPassword: 'a-new-password-2026' },
    });
    expect(changed.statusCode).toBe(200);
    const items = await inbox(owner);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'notification',
      severity: 'HIGH',
      key: 'passwordChanged',
      title: 'Se ha cambiado la contraseña de su cuenta. Si no ha sido usted, contacte con nosotros de inmediato',
      links: [{ label: 'Revisar mi cuenta', link: '/account' }],
    });
    expect((await inbox(owner, 'en'))[0]!.title).toBe('Your account password was changed. If this was not you, contact us immediately');
  });
});
