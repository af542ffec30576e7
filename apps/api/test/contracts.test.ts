import { ACCEPTED } from './helpers/investor-protection.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CONTRACT_ACTIONS,
  CONTRACT_STATES,
  LEGACY_REVOCATION_REASON,
  PLAN_IDS,
  REFLECTION_WAIVER_TEXT,
  REVOCATION_REASON_KEY,
  TASK_TYPES,
  decideTransition,
  reflectionPeriodEnd,
  type TContractState,
} from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import pg from 'pg';
import { recordFirstPayment } from './helpers/first-payment.ts';
import { backdateHire } from './helpers/reflection.ts';

/** What the advisor's actions carry (issue 14): a payment reference to activate, a reason to suspend or resume. */
const TRANSITION_DETAILS = { reason: 'Motivo de prueba' };

const INVESTOR = 'investor@kc.example';
const OTHER = 'investor@other.example';

function isoDay(offsetYears = 0, offsetDays = 0): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear() + offsetYears, now.getUTCMonth(), now.getUTCDate() + offsetDays));
  return d.toISOString().slice(0, 10);
}

describe.each(DB_KINDS)('investor area on %s', (kind) => {
  let t: TTestApp;
  let investor: Record<string, string>;
  let other: Record<string, string>;
  let advisor: Record<string, string>;
  let admin: Record<string, string>;
  let agent: Record<string, string>;
  let ids: Record<string, string>;
  let products: Record<string, string>;
  let card: string;

  const contractCount = async () =>
    Number((await t.db.selectFrom('contracts').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const validBody = (overrides: Record<string, unknown> = {}) => ({
    productType: 'SAVINGS_PLAN',
    productKey: 'jubilacion',
    productId: products['jubilacion'],
    recurringAmount: 150,
    initialAmount: 2500.5,
    submissionDate: isoDay(),
    expiringDate: isoDay(20),
    paymentPreferenceId: card,
    // Issue 16: the demo investor's seeded test is passed; the sheet is read, the warning (above EUR 1,000) acknowledged.
    ...ACCEPTED,
    ...overrides,
  });
  const hire = (headers: Record<string, string>, body: unknown, customerId = ids[INVESTOR]!, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/customers/${customerId}/contracts`,
      headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as Record<string, unknown>,
    });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    investor = await authHeaders(t.db, INVESTOR);
    other = await authHeaders(t.db, OTHER);
    advisor = await authHeaders(t.db, 'advisor@kc.example');
    admin = await authHeaders(t.db, 'admin@kc.example');
    agent = await authHeaders(t.db, 'agent@kc.example');
    const users = await t.db.selectFrom('users').select(['id', 'email']).execute();
    ids = Object.fromEntries(users.map((u) => [u.email, u.id]));
    const rows = await t.db.selectFrom('products').select(['id', 'product_key']).where('company_id', '=', '1').execute();
    products = Object.fromEntries(rows.map((r) => [r.product_key, r.id]));
    card = (await t.db
      .selectFrom('payment_preferences')
      .select('id')
      .where('user_id', '=', ids[INVESTOR]!)
      .where('kind', '=', 'CARD')
      .executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t.close());

  describe('seed', () => {
    it('is idempotent and assigns the demo investor to the advisor', async () => {
      const { seedDemo } = await import('../src/db/seed/demo.ts');
      const before = await contractCount();
      await seedDemo(t.db, { baseYear: 2020 });
      expect(await contractCount()).toBe(before);
      const user = await t.db.selectFrom('users').select('advisor_id').where('email', '=', INVESTOR).executeTakeFirstOrThrow();
      expect(user.advisor_id).toBe(ids['advisor@kc.example']);
    });
  });

  describe('GET /api/products', () => {
    it('lists the seven plans with names in both languages, fixed values and the KC rate', async () => {
      const res = await t.app.inject({ url: '/api/products', headers: { 'company-id': '1' } });
      expect(res.statusCode).toBe(200);
      const list = res.json() as { productKey: string; nameEs: string; nameEn: string; kcRate: number; fixedValues: object }[];
      expect(list.map((p) => p.productKey)).toEqual([...PLAN_IDS]);
      expect(list.find((p) => p.productKey === 'padrinazgo')).toMatchObject({
        nameEs: 'Plan Padrinazgo',
        nameEn: 'Godparent Plan',
        kcRate: 10,
        fixedValues: { capitalInicial: 6000, aportacionMensual: 0 },
        productType: 'SAVINGS_PLAN',
      });
      const otherCompany = (await t.app.inject({ url: '/api/products', headers: { 'company-id': '2' } })).json() as { id: string }[];
      expect(otherCompany).toHaveLength(7);
      expect(otherCompany.map((p) => p.id)).not.toContain(products['jubilacion']);
    });
  });

  describe('GET /api/dashboard/{contractState}', () => {
    it('needs a session', async () => {
      expect((await t.app.inject({ url: '/api/dashboard/NEW', headers: { 'company-id': '1' } })).statusCode).toBe(401);
    });

    it('pages the NEW contracts 10 at a time with real totals and every counter', async () => {
      const res = await t.app.inject({ url: '/api/dashboard/NEW', headers: investor });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.facets).toEqual({ NEW: 13, ACTIVE: 3, STANDBY: 1, ARCHIVED: 2, DELETED: 1, ALL: 20 });
      expect(body.contracts).toMatchObject({ totalElements: 13, totalPages: 2, size: 10, number: 0, first: true, last: false, numberOfElements: 10 });
      expect(body.contracts.content.every((c: { userContractState: string }) => c.userContractState === 'NEW')).toBe(true);
      expect(Object.keys(body.contracts.content[0]).sort()).toEqual(
        ['id', 'productKey', 'userContractState', 'initialInvestment', 'recurringAmmount', 'submissionDate', 'expiringDate', 'contractPeriodType', 'reflection'].sort(),
      );
      expect(body.contracts.content[0].contractPeriodType).toBe('M1');
      expect(body.contracts.content[0].initialInvestment).toMatch(/^\d+\.\d{2}$/);
      const page2 = (await t.app.inject({ url: '/api/dashboard/NEW?page=1', headers: investor })).json();
      expect(page2.contracts).toMatchObject({ number: 1, numberOfElements: 3, last: true, first: false });
      const firstIds = new Set(body.contracts.content.map((c: { id: string }) => c.id));
      expect(page2.contracts.content.some((c: { id: string }) => firstIds.has(c.id))).toBe(false);
    });

    it('answers ALL, empty and each state', async () => {
      for (const url of ['/api/dashboard/ALL', '/api/dashboard', '/api/dashboard/?size=50']) {
        const res = await t.app.inject({ url, headers: investor });
        expect(res.statusCode, url).toBe(200);
        expect(res.json().contracts.totalElements, url).toBe(20);
      }
      const standby = (await t.app.inject({ url: '/api/dashboard/STANDBY', headers: investor })).json();
      expect(standby.contracts.content.map((c: { userContractState: string }) => c.userContractState)).toEqual(['STANDBY']);
      const bad = await t.app.inject({ url: '/api/dashboard/PAID', headers: investor });
      expect(bad.statusCode).toBe(400);
      expect((await t.app.inject({ url: '/api/dashboard/NEW?size=0', headers: investor })).statusCode).toBe(400);
    });

    it("shows only the caller's own contracts", async () => {
      const mine = (await t.app.inject({ url: '/api/dashboard/ALL', headers: other })).json();
      expect(mine.facets.ALL).toBe(2);
      const adminBoard = (await t.app.inject({ url: '/api/dashboard/ALL', headers: admin })).json();
      expect(adminBoard.facets.ALL).toBe(0);
      expect(adminBoard.contracts.empty).toBe(true);
    });

    it('refuses a token of another company', async () => {
      const res = await t.app.inject({ url: '/api/dashboard/NEW', headers: { ...other, 'company-id': '1' } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('payment preferences', () => {
    it('lists the masked card and the bank transfer', async () => {
      const res = await t.app.inject({ url: '/api/users/payment-preferences', headers: investor });
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list).toHaveLength(2);
      expect(list[0]).toMatchObject({ kind: 'CARD', creditCard: '•••• •••• •••• 4242', cardBrand: 'visa' });
      expect(list[0].expirationDate).toMatch(/^\d{2}\/\d{2}$/);
      expect(list[1]).toMatchObject({ kind: 'BANK_TRANSFER', creditCard: null, ibanLastFour: '0189' });
      expect((await t.app.inject({ url: '/api/users/payment-preferences', headers: { 'company-id': '1' } })).statusCode).toBe(401);
    });

    it('adds a card keeping only brand, last four and expiry, then removes it', async () => {
      const headers = await authHeaders(t.db, 'supplier@kc.example');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/payment-preferences',
        headers,
        payload: { creditCard: '5555 5555 5555 4444', ccv: '123', expirationDate: '11/39' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ kind: 'CARD', creditCard: '•••• •••• •••• 4444', cardBrand: 'mastercard', expirationDate: '11/39' });
      const stored = await t.db.selectFrom('payment_preferences').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
      expect(JSON.stringify(stored)).not.toContain('5555555555554444');
      // The security code is nowhere in the row (ids and the timestamp left out: a random uuid may hold '123').
      const { id: _id, user_id: _userId, created_at: _createdAt, ...cardColumns } = stored;
      expect(JSON.stringify(cardColumns)).not.toContain('123');
      expect(Object.keys(stored).some((column) => /ccv|cvc|security/i.test(column))).toBe(false);
      expect(t.logs.join('')).not.toContain('5555 5555 5555 4444');
      const del = await t.app.inject({ method: 'DELETE', url: `/api/users/payment-preferences/${res.json().id}`, headers });
      expect(del.statusCode).toBe(204);
      expect((await t.app.inject({ url: '/api/users/payment-preferences', headers })).json()).toEqual([]);
      const again = await t.app.inject({ method: 'DELETE', url: `/api/users/payment-preferences/${res.json().id}`, headers });
      expect(again.statusCode).toBe(404);
    });

    it.each([
      [{ creditCard: '4111 1111 1111 1112', ccv: '123', expirationDate: '12/39' }, 'creditCard', 'El número de tarjeta no es válido'],
      [{ creditCard: '4111 1111 1111 1111', ccv: '12', expirationDate: '12/39' }, 'ccv', 'El código de seguridad debe tener exactamente 3 caracteres'],
      [{ creditCard: '4111 1111 1111 1111', ccv: '123', expirationDate: '01/20' }, 'expirationDate', 'La tarjeta está caducada'],
      [{ creditCard: '', ccv: '123', expirationDate: '12/39' }, 'creditCard', 'Requerido'],
      [{ ccv: '123', expirationDate: '12/39' }, 'creditCard', 'Requerido'],
    ])('refuses a bad card %#, storing nothing', async (payload, field, message) => {
      const headers = await authHeaders(t.db, 'supplier@kc.example');
      const res = await t.app.inject({ method: 'POST', url: '/api/users/payment-preferences', headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
      expect((await t.app.inject({ url: '/api/users/payment-preferences', headers })).json()).toEqual([]);
    });

    it("cannot remove another user's preference (404) and it stays", async () => {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/users/payment-preferences/${card}`, headers: other });
      expect(res.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/users/payment-preferences/not-a-uuid', headers: other })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/users/payment-preferences', headers: investor })).json()).toHaveLength(2);
    });
  });

  describe('POST /api/customers/{customerId}/contracts', () => {
    it('hires a plan: a NEW contract with its first event and a mail to the investor', async () => {
      const before = await contractCount();
      const res = await hire(investor, validBody());
      expect(res.statusCode).toBe(201);
      const contract = res.json();
      expect(contract).toMatchObject({
        userContractState: 'NEW',
        productKey: 'jubilacion',
        initialInvestment: '2500.50',
        recurringAmmount: '150.00',
        allowedActions: ['cancel', 'revoke', 'archive'],
        paymentPreference: { id: card, creditCard: '•••• •••• •••• 4242' },
      });
      expect(contract.projection).toMatchObject({ numAnyos: 20, kcInteres: 10 });
      expect(contract.projection.resultadoKc).toBeGreaterThan(contract.projection.totalAportado);
      expect(contract.history).toEqual([
        expect.objectContaining({ fromState: null, toState: 'NEW', actor: { id: ids[INVESTOR], name: 'Inés Inversora' } }),
      ]);
      expect(await contractCount()).toBe(before + 1);
      await t.app.mailer.drain();
      expect(t.sentMails.some((m) => m.to === INVESTOR && m.subject.includes('Plan Jubilación Digna'))).toBe(true);
    });

    it('lets the advisor and an administrator hire for the investor, but not an agent or another investor', async () => {
      expect((await hire(advisor, validBody({ productKey: 'emprendedor', productId: products['emprendedor'] }))).statusCode).toBe(201);
      expect((await hire(admin, validBody())).statusCode).toBe(201);
      const before = await contractCount();
      expect((await hire(agent, validBody())).statusCode).toBe(404);
      expect((await hire(other, validBody())).statusCode).toBe(404);
      expect((await hire(investor, validBody(), ids['admin@kc.example'])).statusCode).toBe(404);
      expect((await hire(investor, validBody(), 'nope')).statusCode).toBe(404);
      expect(await contractCount()).toBe(before);
    });

    it.each([
      ['an amount over the bounds', { recurringAmount: 20_000 }, 'recurringAmount', 'validation'],
      ['a negative amount', { initialAmount: -1 }, 'initialAmount', 'validation'],
      ['three decimals', { initialAmount: 10.123 }, 'initialAmount', 'validation'],
      ['a padrinazgo with another capital', { productKey: 'padrinazgo', initialAmount: 5000, recurringAmount: 0 }, 'initialAmount', 'contractFixedValues'],
      ['an end that is not whole years later', { expiringDate: isoDay(20, 3) }, 'expiringDate', 'contractTermInvalid'],
      ['more than 35 years', { expiringDate: isoDay(36) }, 'expiringDate', 'contractTermInvalid'],
      ['a start in the past', { submissionDate: isoDay(-2), expiringDate: isoDay(8) }, 'submissionDate', 'contractStartInvalid'],
      ['an unknown product', { productId: '00000000-0000-4000-8000-000000000000' }, 'productId', 'productUnknown'],
      ['a product key that does not match', { productKey: 'fideicomiso' }, 'productId', 'productUnknown'],
      ['a missing payment method', { paymentPreferenceId: undefined }, 'paymentPreferenceId', 'validation'],
      ['a malformed date', { submissionDate: '2026-02-30' }, 'submissionDate', 'validation'],
    ])('refuses %s and stores nothing', async (_name, overrides, field, code) => {
      if ('productKey' in overrides && overrides.productKey === 'padrinazgo') Object.assign(overrides, { productId: products['padrinazgo'] });
      const before = await contractCount();
      const res = await hire(investor, validBody(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      expect(await contractCount()).toBe(before);
    });

    it("refuses another user's payment method and another company's product", async () => {
      const otherCard = (await t.db.selectFrom('payment_preferences').select('id').where('user_id', '=', ids[OTHER]!).executeTakeFirstOrThrow()).id;
      const before = await contractCount();
      const res = await hire(investor, validBody({ paymentPreferenceId: otherCard }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'paymentPreferenceUnknown', detail: 'La forma de pago elegida no existe o no es suya. Elija otra.' });
      const otherProduct = (await t.db.selectFrom('products').select('id').where('company_id', '=', '2').where('product_key', '=', 'jubilacion').executeTakeFirstOrThrow()).id;
      expect((await hire(investor, validBody({ productId: otherProduct }))).json().code).toBe('productUnknown');
      expect(await contractCount()).toBe(before);
    });

    it('honours Idempotency-Key: same body → the same contract, other body → 422', async () => {
      const key = crypto.randomUUID();
      const before = await contractCount();
      const first = await hire(investor, validBody(), undefined, key);
      expect(first.statusCode).toBe(201);
      const retry = await hire(investor, validBody(), undefined, key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().id).toBe(first.json().id);
      const changed = await hire(investor, validBody({ recurringAmount: 151 }), undefined, key);
      expect(changed.statusCode).toBe(422);
      expect(changed.json().code).toBe('idempotencyKeyReused');
      expect(await contractCount()).toBe(before + 1);
    });

    it.runIf(kind === 'postgres')('answers 409 while another transaction holds the key, and completes the hire once it ends', async () => {
      const key = crypto.randomUUID();
      const body = validBody();
      const before = await contractCount();
      // Another request's open transaction, as seen by PostgreSQL: it holds the key's lock (advisory
      // locks are per database: this test's own).
      const other = new pg.Client({ connectionString: t.databaseUrl });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [JSON.stringify(['1', ids[INVESTOR]!, key])]);
        const busy = await hire(investor, body, undefined, key);
        expect(busy.statusCode).toBe(409);
        expect(busy.json().code).toBe('idempotencyInProgress');
        expect(await contractCount()).toBe(before);
        await other.query('ROLLBACK');
      } finally {
        await other.end();
      }
      // That request ended without a contract: the key is free again, not stuck.
      const retry = await hire(investor, body, undefined, key);
      expect(retry.statusCode).toBe(201);
      expect(await contractCount()).toBe(before + 1);
    });

    it('creates one contract for concurrent requests with the same key', async () => {
      const key = crypto.randomUUID();
      const body = validBody();
      const before = await contractCount();
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => hire(investor, body, undefined, key)));
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.every((s) => [200, 201, 409].includes(s))).toBe(true);
      expect(await contractCount()).toBe(before + 1);
      const created = new Set(answers.filter((a) => a.statusCode !== 409).map((a) => a.json().id));
      expect(created.size).toBe(1);
      const rows = await t.db.selectFrom('contract_idempotency_keys').select('contract_id').where('idempotency_key', '=', key).execute();
      expect(rows.map((r) => r.contract_id)).toEqual([...created]);
    });

    it('frees the key of a refused request so a corrected retry works', async () => {
      const key = crypto.randomUUID();
      expect((await hire(investor, validBody({ recurringAmount: 99_999 }), undefined, key)).statusCode).toBe(400);
      expect((await hire(investor, validBody({ expiringDate: isoDay(20, 1) }), undefined, key)).statusCode).toBe(400);
      expect((await hire(investor, validBody(), undefined, key)).statusCode).toBe(201);
    });
  });

  describe('POST /api/users/{userId}/contracts/search', () => {
    const search = (headers: Record<string, string>, query: string, body: object = {}, userId = ids[OTHER]!) =>
      t.app.inject({ method: 'POST', url: `/api/users/${userId}/contracts/search${query}`, headers, payload: body });

    it('answers the paged envelope, 100 a page by default and capped', async () => {
      const res = await search(other, '');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        totalElements: 2,
        totalPages: 1,
        size: 100,
        number: 0,
        first: true,
        last: true,
        numberOfElements: 2,
        empty: false,
        pageable: { pageNumber: 0, pageSize: 100, offset: 0, sort: { sorted: false, unsorted: true, empty: true } },
      });
      expect((await search(other, '?size=5000')).json().size).toBe(100);
    });

    it('pages, filters by contractState and body filters, and sorts by whitelisted fields', async () => {
      const inv = ids[INVESTOR]!;
      const paged = (await search(investor, '?contractState=NEW&size=5&page=1', {}, inv)).json();
      expect(paged.numberOfElements).toBe(5);
      expect(paged.number).toBe(1);
      expect(paged.totalElements).toBeGreaterThanOrEqual(13);
      expect(paged.content.every((c: { userContractState: string }) => c.userContractState === 'NEW')).toBe(true);

      const sorted = (await search(investor, '?sort=initialInvestment,desc', {}, inv)).json();
      const amounts = sorted.content.map((c: { initialInvestment: string }) => Number(c.initialInvestment));
      expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
      expect(sorted.pageable.sort.sorted).toBe(true);
      const asc = (await search(investor, '?sort=submissionDate', {}, inv)).json();
      const dates = asc.content.map((c: { submissionDate: string }) => c.submissionDate);
      expect(dates).toEqual([...dates].sort());

      const active = (await search(investor, '', { state: 'ACTIVE' }, inv)).json();
      expect(active.content.every((c: { userContractState: string }) => c.userContractState === 'ACTIVE')).toBe(true);
      const big = (await search(investor, '', { initialInvestmentMin: 10000, productKey: 'emprendedor' }, inv)).json();
      expect(big.content.map((c: { productKey: string; initialInvestment: string }) => [c.productKey, Number(c.initialInvestment) >= 10000])).toEqual(
        big.content.map(() => ['emprendedor', true]),
      );
      expect(big.totalElements).toBeGreaterThanOrEqual(1);
      const none = (await search(investor, '', { submissionDateFrom: '2099-01-01' }, inv)).json();
      expect(none).toMatchObject({ empty: true, totalElements: 0, totalPages: 0 });
    });

    it('refuses sorting by another field and bad filters', async () => {
      expect((await search(other, '?sort=password_hash')).statusCode).toBe(400);
      expect((await search(other, '?contractState=PAID')).statusCode).toBe(400);
      expect((await search(other, '', { state: 'PAID' })).statusCode).toBe(400);
    });

    it("answers 404 for another user's or another company's contracts; the advisor reaches their client", async () => {
      expect((await search(investor, '')).statusCode).toBe(404);
      expect((await search(other, '', {}, ids[INVESTOR]!)).statusCode).toBe(404);
      expect((await search(agent, '', {}, ids[INVESTOR]!)).statusCode).toBe(404);
      expect((await search(advisor, '', {}, ids[INVESTOR]!)).statusCode).toBe(200);
      expect((await search(admin, '', {}, ids[OTHER]!)).statusCode).toBe(404);
    });
  });

  describe('contract details and transitions', () => {
    const newContract = async () => (await hire(investor, validBody())).json().id as string;
    const act = (headers: Record<string, string>, id: string, action: string) =>
      // The activation names the first payment (issue 15): recordFirstPayment's reference for the contract.
      t.app.inject({ method: 'POST', url: `/api/contracts/${id}/${action}`, headers, payload: { ...TRANSITION_DETAILS, paymentReference: `TRF-${id}` } });

    it("shows one contract with its history; others' ids answer 404", async () => {
      const id = await newContract();
      const res = await t.app.inject({ url: `/api/contracts/${id}`, headers: investor });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, customer: { email: INVESTOR }, productNameEs: 'Plan Jubilación Digna' });
      expect((await t.app.inject({ url: `/api/contracts/${id}`, headers: other })).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/contracts/${id}`, headers: agent })).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/contracts/${id}`, headers: { ...other, 'company-id': '2' } })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/contracts/xyz', headers: investor })).statusCode).toBe(404);
      const staffView = (await t.app.inject({ url: `/api/contracts/${id}`, headers: advisor })).json();
      expect(staffView.allowedActions).toEqual(['activate', 'cancel', 'archive']);
    });

    describe('archive and recover: back to the state it was archived from (decisions.md, "Contracts")', () => {
      const view = async (headers: Record<string, string>, id: string) => (await t.app.inject({ url: `/api/contracts/${id}`, headers })).json();
      const firstPaymentTask = (id: string) =>
        t.db
          .selectFrom('notifications')
          .select(['user_id', 'completed_at'])
          .where('subject_type', '=', 'contract')
          .where('subject_id', '=', id)
          .where('task_type', '=', TASK_TYPES.confirmFirstPayment)
          .executeTakeFirstOrThrow();
      const stateChanges = (body: { history: { fromState: string | null; toState: string }[] }) => body.history.map((e) => [e.fromState, e.toState]);
      const mailsSince = async (before: number) => {
        await t.app.mailer.drain();
        return t.sentMails.slice(before).filter((m) => m.to === INVESTOR);
      };
      /** A contract hired, paid and activated by the advisor (past its reflection period). */
      const activeContract = async () => {
        const id = await newContract();
        await backdateHire(t.db, id);
        await recordFirstPayment(t.app, advisor, id);
        expect((await act(advisor, id, 'activate')).json().userContractState).toBe('ACTIVE');
        return id;
      };

      it('brings a NEW contract back NEW: still unpaid, the advisor\'s first-payment task still open, not usable as ACTIVE', async () => {
        const id = await newContract();
        await t.app.mailer.drain();
        const sentBefore = t.sentMails.length;
        const archived = await act(investor, id, 'archive');
        expect(archived.statusCode).toBe(200);
        expect(archived.json()).toMatchObject({ userContractState: 'ARCHIVED', allowedActions: ['recover'] });
        // Archiving is not activating: the advisor still has to confirm the first payment.
        expect(await firstPaymentTask(id)).toMatchObject({ user_id: ids['advisor@kc.example'], completed_at: null });
        const recovered = await act(investor, id, 'recover');
        expect(recovered.statusCode).toBe(200);
        const body = recovered.json();
        expect(body.userContractState).toBe('NEW');
        expect(stateChanges(body)).toEqual([
          [null, 'NEW'],
          ['NEW', 'ARCHIVED'],
          ['ARCHIVED', 'NEW'],
        ]);
        expect(body.history[1].actor.id).toBe(ids[INVESTOR]);
        expect(body.history[2].actor.id).toBe(ids[INVESTOR]);
        expect(Date.parse(body.history[2].at)).toBeGreaterThan(Date.now() - 60_000);
        // A NEW contract's actions again (still inside its reflection period: revocable), and its countdown.
        expect(body.allowedActions).toEqual(['cancel', 'revoke', 'archive']);
        expect(body.reflection.canWaive).toBe(true);
        expect(await firstPaymentTask(id)).toMatchObject({ completed_at: null });
        expect((await view(advisor, id)).allowedActions).toEqual(['activate', 'cancel', 'archive']);
        // Not ACTIVE in any way: it cannot be suspended, and activating it still needs the first payment.
        expect((await act(advisor, id, 'suspend')).json().code).toBe('transitionNotAllowed');
        await backdateHire(t.db, id);
        const unpaid = await act(advisor, id, 'activate');
        expect(unpaid.statusCode).toBe(409);
        expect(unpaid.json().code).toBe('firstPaymentMissing');
        const board = (await t.app.inject({ url: '/api/dashboard/NEW?size=50', headers: investor })).json();
        expect(board.contracts.content.map((c: { id: string }) => c.id)).toContain(id);
        const mails = await mailsSince(sentBefore);
        expect(mails.map((m) => m.subject).sort()).toEqual(
          ['KC: su contrato Plan Jubilación Digna está ahora Archivado', 'KC: su contrato Plan Jubilación Digna está ahora Nuevo'].sort(),
        );
        const recoveryMail = mails.find((m) => m.subject.endsWith(' Nuevo'))!;
        expect(recoveryMail.text).toContain('Su contrato ha sido recuperado y vuelve a estar en estado Nuevo: quedará activo cuando su asesor confirme el primer pago.');
        expect(recoveryMail.text).not.toContain('definitivamente');
        // Once paid and activated, the task closes as it always did.
        await recordFirstPayment(t.app, advisor, id);
        expect((await act(advisor, id, 'activate')).json().userContractState).toBe('ACTIVE');
        expect((await firstPaymentTask(id)).completed_at).not.toBeNull();
      });

      it('brings a STANDBY contract back STANDBY: the investor cannot undo a suspension by archiving it', async () => {
        const id = await activeContract();
        expect((await act(advisor, id, 'suspend')).json().userContractState).toBe('STANDBY');
        await t.app.mailer.drain();
        const sentBefore = t.sentMails.length;
        expect((await act(investor, id, 'archive')).json()).toMatchObject({ userContractState: 'ARCHIVED', allowedActions: ['recover'] });
        const recovered = await act(investor, id, 'recover');
        expect(recovered.statusCode).toBe(200);
        expect(recovered.json().userContractState).toBe('STANDBY');
        expect(stateChanges(recovered.json()).slice(-3)).toEqual([
          ['ACTIVE', 'STANDBY'],
          ['STANDBY', 'ARCHIVED'],
          ['ARCHIVED', 'STANDBY'],
        ]);
        expect(recovered.json().allowedActions).toEqual(['archive']);
        const resume = await act(investor, id, 'resume');
        expect(resume.statusCode).toBe(403);
        expect(resume.json().code).toBe('transitionStaffOnly');
        const mails = await mailsSince(sentBefore);
        expect(mails.map((m) => m.subject).sort()).toEqual(
          ['KC: su contrato Plan Jubilación Digna está ahora Archivado', 'KC: su contrato Plan Jubilación Digna está ahora Suspendido'].sort(),
        );
        const recoveryMail = mails.find((m) => m.subject.endsWith(' Suspendido'))!;
        expect(recoveryMail.text).toContain('sigue suspendido temporalmente');
        expect(recoveryMail.text).not.toContain('definitivamente');
        // Only staff lift it, as before.
        expect((await act(advisor, id, 'resume')).json().userContractState).toBe('ACTIVE');
      });

      it('brings an ACTIVE contract back ACTIVE, "definitively activated"; staff recovering leave an audit entry', async () => {
        const id = await activeContract();
        await t.app.mailer.drain();
        const sentBefore = t.sentMails.length;
        expect((await act(investor, id, 'archive')).json().userContractState).toBe('ARCHIVED');
        const recovered = await act(advisor, id, 'recover');
        expect(recovered.statusCode).toBe(200);
        expect(recovered.json().userContractState).toBe('ACTIVE');
        expect(stateChanges(recovered.json()).slice(-2)).toEqual([
          ['ACTIVE', 'ARCHIVED'],
          ['ARCHIVED', 'ACTIVE'],
        ]);
        const audit = await t.db.selectFrom('audit_log').select(['actor_id', 'before', 'after']).where('entity_id', '=', id).where('action', '=', 'contract.recover').executeTakeFirstOrThrow();
        expect(audit).toMatchObject({ actor_id: ids['advisor@kc.example'], before: { state: 'ARCHIVED' }, after: { state: 'ACTIVE' } });
        const mails = await mailsSince(sentBefore);
        expect(mails.map((m) => m.subject).sort()).toEqual(
          ['KC: su contrato Plan Jubilación Digna está ahora Archivado', 'KC: su contrato Plan Jubilación Digna está ahora Activo'].sort(),
        );
        const recoveryMail = mails.find((m) => m.subject.endsWith(' Activo'))!;
        expect(recoveryMail.text).toContain('Su contrato ha sido recuperado y queda activado definitivamente.');
      });

      it('refuses to recover a contract whose history does not say what it was archived from, and every other move (both languages)', async () => {
        const id = await newContract();
        // Archived outside the state machine: no event says where it came from.
        await t.db.updateTable('contracts').set({ state: 'ARCHIVED' }).where('id', '=', id).execute();
        expect((await view(investor, id)).allowedActions).toEqual([]);
        const es = await act(investor, id, 'recover');
        expect(es.statusCode).toBe(409);
        expect(es.json()).toMatchObject({
          code: 'recoverOriginUnknown',
          title: 'No se puede recuperar el contrato',
          detail: 'El historial de este contrato no indica en qué estado se encontraba cuando se archivó, por lo que no puede recuperarse. Póngase en contacto con su asesor.',
        });
        const en = await act({ ...admin, 'accept-language': 'en' }, id, 'recover');
        expect(en.statusCode).toBe(409);
        expect(en.json()).toMatchObject({ code: 'recoverOriginUnknown', title: 'The contract cannot be recovered' });
        const row = await t.db.selectFrom('contracts').select('state').where('id', '=', id).executeTakeFirstOrThrow();
        expect(row.state).toBe('ARCHIVED');

        const archived = await newContract();
        expect((await act(investor, archived, 'archive')).statusCode).toBe(200);
        for (const action of ['archive', 'cancel', 'revoke', 'activate', 'suspend', 'resume'] as const) {
          const res = await act(action === 'activate' || action === 'suspend' || action === 'resume' ? advisor : investor, archived, action);
          expect(res.statusCode, action).toBe(409);
          expect(res.json().code, action).toBe('transitionNotAllowed');
        }
        // Another investor, or an agent, reaches nothing.
        expect((await act(other, archived, 'recover')).statusCode).toBe(404);
        expect((await act(agent, archived, 'recover')).statusCode).toBe(404);
        const deleted = await newContract();
        expect((await act(investor, deleted, 'cancel')).statusCode).toBe(200);
        expect((await act(investor, deleted, 'recover')).json().code).toBe('transitionNotAllowed');
        expect((await view(investor, archived)).userContractState).toBe('ARCHIVED');
      });
    });

    describe('revoke inside the reflection period (decision 0026, clock pinned)', () => {
      // Hired at 12:00 Madrid on 10 January 2026: the period ends at 00:00 Madrid on 15 January.
      const HIRED = new Date('2026-01-10T11:00:00Z');
      const END = reflectionPeriodEnd(HIRED);
      const hiredAt = async (id: string) => {
        await t.db.updateTable('contracts').set({ created_at: HIRED }).where('id', '=', id).execute();
      };
      const pinned = async <T>(now: Date, run: () => Promise<T>): Promise<T> => {
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(now);
        try {
          return await run();
        } finally {
          vi.useRealTimers();
        }
      };
      const stateOf = async (id: string) =>
        (await t.db.selectFrom('contracts').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

      it('revokes at the last instant: DELETED, the reason in the history, a mail and a notification', async () => {
        const id = await newContract();
        await hiredAt(id);
        await t.app.mailer.drain();
        const sentBefore = t.sentMails.length;
        const res = await pinned(new Date(END.getTime() - 1), () => act(investor, id, 'revoke'));
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.userContractState).toBe('DELETED');
        const revocation = body.history.find((e: { toState: string }) => e.toState === 'DELETED');
        // The event's time is the database's clock (PostgreSQL's is not pinned by the test).
        expect(revocation).toMatchObject({ fromState: 'NEW', actor: { id: ids[INVESTOR] }, at: expect.any(String) });
        expect(revocation.reason).toBe(REVOCATION_REASON_KEY);
        await t.app.mailer.drain();
        const mails = t.sentMails.slice(sentBefore).filter((m) => m.to === INVESTOR);
        expect(mails.map((m) => m.subject)).toEqual(['KC: su contrato Plan Jubilación Digna está ahora Eliminado']);
        // The mail says it in words; the key is not shown to the investor.
        expect(JSON.stringify(mails[0])).toContain('periodo de reflexión');
        expect(JSON.stringify(mails[0])).not.toContain(REVOCATION_REASON_KEY);
      });

      it('offers revoke to the owner inside the period only, and refuses it one instant after', async () => {
        const id = await newContract();
        await hiredAt(id);
        const inside = await pinned(new Date('2026-01-12T09:00:00Z'), () => t.app.inject({ url: `/api/contracts/${id}`, headers: investor }));
        expect(inside.json().allowedActions).toEqual(['cancel', 'revoke', 'archive']);
        const after = await pinned(END, () => t.app.inject({ url: `/api/contracts/${id}`, headers: investor }));
        expect(after.json().allowedActions).toEqual(['cancel', 'archive']);
        const res = await pinned(END, () => act(investor, id, 'revoke'));
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('reflectionPeriodOver');
        expect(res.json().detail).toBe(
          'El periodo de reflexión de este contrato terminó al acabar el día 2026-01-14 (hora de Madrid); ya no puede desistir de él sin motivo. Puede cancelarlo o archivarlo si su estado lo permite.',
        );
        expect(await stateOf(id)).toBe('NEW');
      });

      it('refuses another user, staff and another company, and a contract that is no longer NEW', async () => {
        const id = await newContract();
        expect((await act(other, id, 'revoke')).statusCode).toBe(404);
        expect((await act({ ...other, 'company-id': '2' }, id, 'revoke')).statusCode).toBe(404);
        expect((await act(agent, id, 'revoke')).statusCode).toBe(404);
        for (const staff of [advisor, admin]) {
          const res = await act(staff, id, 'revoke');
          expect(res.statusCode).toBe(403);
          expect(res.json().code).toBe('revokeOwnerOnly');
        }
        expect(await stateOf(id)).toBe('NEW');
        expect((await act(investor, id, 'archive')).statusCode).toBe(200);
        const res = await act(investor, id, 'revoke');
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('transitionNotAllowed');
        expect(await stateOf(id)).toBe('ARCHIVED');
      });

      // The waiver and the activation guard (decision 0026) ------------------------------------
      const INSIDE = new Date('2026-01-12T09:00:00Z');
      const waive = (headers: Record<string, string>, id: string, payload: unknown = { confirmed: true, textVersion: REFLECTION_WAIVER_TEXT.version }) =>
        t.app.inject({ method: 'POST', url: `/api/contracts/${id}/waive-reflection`, headers, payload: payload as Record<string, unknown> });
      const waiverOf = (id: string) => t.db.selectFrom('contract_reflection_waivers').selectAll().where('contract_id', '=', id).executeTakeFirst();
      const eventsOf = async (id: string) =>
        Number((await t.db.selectFrom('contract_events').select((eb) => eb.fn.countAll<string>().as('n')).where('contract_id', '=', id).executeTakeFirstOrThrow()).n);
      const auditCount = async (id: string) =>
        Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).where('entity_id', '=', id).executeTakeFirstOrThrow()).n);

      it('records a waiver inside the period (who, when, the text version): shown in the details, revoke gone, a second one refused', async () => {
        const id = await newContract();
        await hiredAt(id);
        const before = await pinned(INSIDE, () => t.app.inject({ url: `/api/contracts/${id}`, headers: investor }));
        expect(before.json().reflection).toEqual({ endsAt: END.toISOString(), waivedAt: null, waivedBy: null, waiverTextVersion: null, canWaive: true });
        // Staff see the period but cannot waive it.
        const staffView = await pinned(INSIDE, () => t.app.inject({ url: `/api/contracts/${id}`, headers: advisor }));
        expect(staffView.json().reflection.canWaive).toBe(false);
        const res = await pinned(INSIDE, () => waive(investor, id));
        expect(res.statusCode).toBe(200);
        expect(res.json().reflection).toMatchObject({
          endsAt: END.toISOString(),
          waivedAt: INSIDE.toISOString(),
          waivedBy: { id: ids[INVESTOR] },
          waiverTextVersion: REFLECTION_WAIVER_TEXT.version,
          canWaive: false,
        });
        expect(res.json().allowedActions).toEqual(['cancel', 'archive']);
        expect(res.json().userContractState).toBe('NEW');
        expect(await waiverOf(id)).toMatchObject({ waived_by: ids[INVESTOR], text_key: 'reflectionWaiver', text_version: REFLECTION_WAIVER_TEXT.version, company_id: '1' });
        expect(new Date((await waiverOf(id))!.waived_at).toISOString()).toBe(INSIDE.toISOString());
        // Twice: 409, the first record unchanged; and revoking is no longer possible.
        const again = await pinned(new Date(INSIDE.getTime() + 60_000), () => waive({ ...investor, 'accept-language': 'en' }, id));
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({ code: 'reflectionPeriodWaived', title: 'Reflection period waived' });
        expect(new Date((await waiverOf(id))!.waived_at).toISOString()).toBe(INSIDE.toISOString());
        const revoke = await pinned(INSIDE, () => act(investor, id, 'revoke'));
        expect(revoke.statusCode).toBe(409);
        expect(revoke.json().code).toBe('reflectionPeriodWaived');
        expect(await stateOf(id)).toBe('NEW');
      });

      it('refuses a waiver after the period, by staff (403), for another user or company (404), with bad input (400): nothing recorded', async () => {
        const id = await newContract();
        await hiredAt(id);
        const late = await pinned(END, () => waive(investor, id));
        expect(late.statusCode).toBe(409);
        expect(late.json()).toMatchObject({ code: 'reflectionPeriodOver' });
        expect(late.json().detail).toContain('2026-01-14');
        for (const staff of [advisor, admin]) {
          const res = await pinned(INSIDE, () => waive(staff, id));
          expect(res.statusCode).toBe(403);
          expect(res.json().code).toBe('reflectionWaiverOwnerOnly');
        }
        for (const stranger of [other, agent, { ...other, 'company-id': '2' }]) {
          expect((await pinned(INSIDE, () => waive(stranger, id))).statusCode).toBe(404);
        }
        expect((await pinned(INSIDE, () => waive(investor, '00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
        for (const payload of [{}, { confirmed: false, textVersion: REFLECTION_WAIVER_TEXT.version }, { confirmed: true }, { confirmed: true, textVersion: '' }]) {
          const res = await pinned(INSIDE, () => waive(investor, id, payload));
          expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        }
        const outdated = await pinned(INSIDE, () => waive(investor, id, { confirmed: true, textVersion: '2020-01-01' }));
        expect(outdated.statusCode).toBe(400);
        expect(outdated.json()).toMatchObject({ code: 'reflectionWaiverTextOutdated', errors: [{ field: 'textVersion' }] });
        expect(await waiverOf(id)).toBeUndefined();
        expect(await stateOf(id)).toBe('NEW');
        // A contract that is no longer NEW has nothing to waive.
        expect((await act(investor, id, 'archive')).statusCode).toBe(200);
        const archived = await pinned(INSIDE, () => waive(investor, id));
        expect(archived.statusCode).toBe(409);
        expect(archived.json().code).toBe('reflectionWaiverNotNew');
        expect(await waiverOf(id)).toBeUndefined();
      });

      it('refuses activation inside the period (409 reflectionPeriodOpen, es/en, nothing changed); allows it after the waiver', async () => {
        const id = await newContract();
        await hiredAt(id);
        const reference = await recordFirstPayment(t.app, advisor, id);
        const events = await eventsOf(id);
        const audits = await auditCount(id);
        await t.app.mailer.drain();
        const mailsBefore = t.sentMails.length;
        const es = await pinned(new Date(END.getTime() - 1), () =>
          t.app.inject({ method: 'POST', url: `/api/contracts/${id}/activate`, headers: { ...advisor, 'accept-language': 'es' }, payload: { paymentReference: reference } }),
        );
        expect(es.statusCode).toBe(409);
        expect(es.json()).toMatchObject({ code: 'reflectionPeriodOpen', title: 'Periodo de reflexión abierto' });
        expect(es.json().detail).toBe(
          'Este contrato está en su periodo de reflexión hasta el final del día 2026-01-14 (hora de Madrid): el inversor puede revocarlo sin dar motivos. No puede activarse antes, salvo que el inversor renuncie expresamente a ese periodo.',
        );
        const en = await pinned(INSIDE, () =>
          t.app.inject({ method: 'POST', url: `/api/contracts/${id}/activate`, headers: { ...admin, 'accept-language': 'en' }, payload: { paymentReference: reference } }),
        );
        expect(en.statusCode).toBe(409);
        expect(en.json().detail).toContain('until the end of 2026-01-14 (Madrid time)');
        expect(await stateOf(id)).toBe('NEW');
        expect(await eventsOf(id)).toBe(events);
        expect(await auditCount(id)).toBe(audits);
        await t.app.mailer.drain();
        expect(t.sentMails.length).toBe(mailsBefore);
        expect((await pinned(INSIDE, () => waive(investor, id))).statusCode).toBe(200);
        const ok = await pinned(INSIDE, () =>
          t.app.inject({ method: 'POST', url: `/api/contracts/${id}/activate`, headers: advisor, payload: { paymentReference: reference } }),
        );
        expect(ok.statusCode).toBe(200);
        expect(ok.json().userContractState).toBe('ACTIVE');
      });

      it('allows activation from the period’s end on, without a waiver', async () => {
        const id = await newContract();
        await hiredAt(id);
        const reference = await recordFirstPayment(t.app, advisor, id);
        const ok = await pinned(END, () => t.app.inject({ method: 'POST', url: `/api/contracts/${id}/activate`, headers: advisor, payload: { paymentReference: reference } }));
        expect(ok.statusCode).toBe(200);
        expect(ok.json().userContractState).toBe('ACTIVE');
      });

      it('shows the period on the dashboard row, the advisor queue and the client page', async () => {
        const id = await newContract();
        await hiredAt(id);
        const row = (await t.app.inject({ url: '/api/dashboard/NEW?size=50', headers: investor })).json().contracts.content.find((c: { id: string }) => c.id === id);
        expect(row.reflection).toEqual({ endsAt: END.toISOString(), waivedAt: null });
        const active = (await t.app.inject({ url: '/api/dashboard/ACTIVE', headers: investor })).json().contracts.content;
        expect(active.every((c: { reflection?: unknown }) => c.reflection === undefined)).toBe(true);
        const searched = (await t.app.inject({ method: 'POST', url: `/api/users/${ids[INVESTOR]}/contracts/search?size=100`, headers: investor, payload: {} })).json();
        expect(searched.content.find((c: { id: string }) => c.id === id).reflection).toEqual({ endsAt: END.toISOString(), waivedAt: null });
        await pinned(INSIDE, () => waive(investor, id));
        const client = (await t.app.inject({ url: `/api/advisor/clients/${ids[INVESTOR]}`, headers: advisor })).json();
        expect(client.contracts.find((c: { id: string }) => c.id === id).reflection).toEqual({ endsAt: END.toISOString(), waivedAt: INSIDE.toISOString() });
        const queue = (await t.app.inject({ url: '/api/advisor/queue?size=100', headers: advisor })).json();
        expect(queue.content.find((c: { contractId: string }) => c.contractId === id).reflection).toEqual({ endsAt: END.toISOString(), waivedAt: INSIDE.toISOString() });
      });

      it('keeps the revocation reason as a message key, and reads the first version’s fixed text as that key', async () => {
        const id = await newContract();
        await hiredAt(id);
        await pinned(INSIDE, () => act(investor, id, 'revoke'));
        const row = await t.db.selectFrom('contract_events').select('reason').where('contract_id', '=', id).where('to_state', '=', 'DELETED').executeTakeFirstOrThrow();
        expect(row.reason).toBe(REVOCATION_REASON_KEY);
        await t.db.updateTable('contract_events').set({ reason: LEGACY_REVOCATION_REASON }).where('contract_id', '=', id).where('to_state', '=', 'DELETED').execute();
        const detail = (await t.app.inject({ url: `/api/contracts/${id}`, headers: investor })).json();
        expect(detail.history.find((e: { toState: string }) => e.toState === 'DELETED').reason).toBe(REVOCATION_REASON_KEY);
        const client = (await t.app.inject({ url: `/api/advisor/clients/${ids[INVESTOR]}`, headers: advisor })).json();
        const history = client.contracts.find((c: { id: string }) => c.id === id).history as { toState: string; reason: string | null }[];
        expect(history.find((e) => e.toState === 'DELETED')!.reason).toBe(REVOCATION_REASON_KEY);
      });
    });

    it('lets the investor cancel a NEW contract and refuses everything after', async () => {
      const id = await newContract();
      expect((await act(investor, id, 'cancel')).json().userContractState).toBe('DELETED');
      for (const action of CONTRACT_ACTIONS) {
        const res = await act(admin, id, action);
        expect(res.statusCode, action).toBe(409);
        expect(res.json().code).toBe('transitionNotAllowed');
      }
      const res = await act(investor, id, 'archive');
      expect(res.json().detail).toBe('La operación «archive» no está permitida para un contrato en estado DELETED.');
    });

    it('keeps activate, suspend and resume for the advisor or an administrator', async () => {
      const id = await newContract();
      await backdateHire(t.db, id); // the reflection period is over (decision 0026)
      const refused = await act(investor, id, 'activate');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('transitionStaffOnly');
      await recordFirstPayment(t.app, advisor, id);
      expect((await act(advisor, id, 'activate')).json().userContractState).toBe('ACTIVE');
      expect((await act(investor, id, 'suspend')).statusCode).toBe(403);
      expect((await act(advisor, id, 'suspend')).json().userContractState).toBe('STANDBY');
      expect((await act(admin, id, 'resume')).json().userContractState).toBe('ACTIVE');
      const detail = (await t.app.inject({ url: `/api/contracts/${id}`, headers: investor })).json();
      expect(detail.history.at(-1).actor.id).toBe(ids['admin@kc.example']);
    });

    it('follows the state machine for every state and action (staff and investor)', async () => {
      for (const state of CONTRACT_STATES) {
        for (const action of CONTRACT_ACTIONS) {
          for (const [who, headers, isStaff] of [
            ['advisor', advisor, true],
            ['investor', investor, false],
          ] as const) {
            const id = await newContract();
            // Activation past the reflection period, revocation inside it (decision 0026): the machine is what is tested here.
            if (action === 'activate') await backdateHire(t.db, id);
            await recordFirstPayment(t.app, advisor, id); // activation needs it (issue 15); the machine is what is tested here
            await t.db.updateTable('contracts').set({ state }).where('id', '=', id).execute();
            // An ARCHIVED contract's history says where it came from (here: NEW).
            if (state === 'ARCHIVED') await t.db.insertInto('contract_events').values({ contract_id: id, from_state: 'NEW', to_state: 'ARCHIVED', actor_id: ids[INVESTOR]! }).execute();
            const res = await act(headers, id, action);
            const decision = decideTransition(state as TContractState, action, isStaff, !isStaff, { archivedFrom: state === 'ARCHIVED' ? 'NEW' : null });
            if (decision.ok) {
              expect(res.statusCode, `${who} ${action} ${state}`).toBe(200);
              expect(res.json().userContractState).toBe(decision.to);
            } else {
              expect(res.statusCode, `${who} ${action} ${state}`).toBe(decision.reason === 'staffOnly' || decision.reason === 'ownerOnly' ? 403 : 409);
              const row = await t.db.selectFrom('contracts').select('state').where('id', '=', id).executeTakeFirstOrThrow();
              expect(row.state).toBe(state);
            }
          }
        }
      }
    });

    it('refuses to activate a NEW contract until a payment is recorded, and with a reference that is not one of its payments (409, both languages)', async () => {
      const id = await newContract();
      await backdateHire(t.db, id); // past the reflection period (decision 0026)
      const none = await t.app.inject({ method: 'POST', url: `/api/contracts/${id}/activate`, headers: { ...advisor, 'accept-language': 'es' }, payload: { paymentReference: 'TRF-NINGUNO' } });
      expect(none.statusCode).toBe(409);
      expect(none.json()).toMatchObject({ code: 'firstPaymentMissing', title: 'Falta el primer pago' });
      const english = await t.app.inject({ method: 'POST', url: `/api/contracts/${id}/activate`, headers: { ...admin, 'accept-language': 'en' }, payload: { paymentReference: 'TRF-NONE' } });
      expect(english.json()).toMatchObject({ code: 'firstPaymentMissing', title: 'First payment missing' });
      const reference = await recordFirstPayment(t.app, advisor, id);
      const wrong = await t.app.inject({ method: 'POST', url: `/api/contracts/${id}/activate`, headers: { ...advisor, 'accept-language': 'en' }, payload: { paymentReference: 'TRF-OTHER' } });
      expect(wrong.statusCode).toBe(409);
      expect(wrong.json()).toMatchObject({ code: 'paymentReferenceNotRecorded' });
      expect(wrong.json().detail).toContain('TRF-OTHER');
      // A reversed payment does not count: the contract is back to having none.
      const payment = (await t.app.inject({ url: `/api/ledger/contracts/${id}/payments`, headers: advisor })).json().payments[0];
      const reversed = await t.app.inject({ method: 'POST', url: `/api/ledger/journals/${payment.journalId}/reverse`, headers: admin, payload: { reason: 'Transferencia devuelta' } });
      expect(reversed.statusCode).toBe(201);
      expect((await t.app.inject({ method: 'POST', url: `/api/contracts/${id}/activate`, headers: advisor, payload: { paymentReference: reference } })).json().code).toBe('firstPaymentMissing');
      const row = await t.db.selectFrom('contracts').select('state').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.state).toBe('NEW');
      const second = await recordFirstPayment(t.app, advisor, id, { reference: `TRF2-${id}` });
      const ok = await t.app.inject({ method: 'POST', url: `/api/contracts/${id}/activate`, headers: advisor, payload: { paymentReference: second } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().userContractState).toBe('ACTIVE');
    });

    it("refuses other users' contracts (404) and unknown actions (400)", async () => {
      const id = await newContract();
      expect((await act(other, id, 'archive')).statusCode).toBe(404);
      expect((await act(agent, id, 'archive')).statusCode).toBe(404);
      expect((await act(investor, id, 'delete')).statusCode).toBe(400);
      const row = await t.db.selectFrom('contracts').select('state').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.state).toBe('NEW');
    });
  });

  describe('account', () => {
    it('GET /api/users/me answers the caller with their advisor', async () => {
      const res = await t.app.inject({ url: '/api/users/me', headers: investor });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        email: INVESTOR,
        firstName: 'Inés',
        roles: ['INVESTOR'],
        advisor: { firstName: 'Alba', lastName: 'Asesora', email: 'advisor@kc.example' },
      });
      expect(JSON.stringify(res.json())).not.toContain('password');
    });

    it('changes the password and closes the other sessions only', async () => {
      const current = await authHeaders(t.db, 'owner@kc.example');
      const elsewhere = await authHeaders(t.db, 'owner@kc.example');
      const change = (payload: object) => t.app.inject({ method: 'POST', url: '/api/users/me/password', headers: current, payload });

      const wrong = await change({ currentPassword: 'not-my-password', newPassword: 'a-new-password-2026', repeatPassword: 'a-new-password-2026' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'currentPasswordWrong', errors: [{ field: 'currentPassword', message: 'Valor no válido' }] });
      const mismatch = await change({ currentPassword: 'demo-password-2026', newPassword: 'a-new-password-2026', repeatPassword: 'another-one-2026' });
      expect(mismatch.json().errors).toEqual([{ field: 'repeatPassword', message: 'Las contraseñas no coinciden' }]);
      const short = await change({ currentPassword: 'demo-password-2026', newPassword: 'short', repeatPassword: 'short' });
      expect(short.json().errors).toContainEqual({ field: 'newPassword', message: 'La contraseña debe tener al menos 10 caracteres' });
      expect((await t.app.inject({ url: '/api/users/me', headers: elsewhere })).statusCode).toBe(200);

      const ok = await change({ currentPassword: 'demo-password-2026', newPassword: 'a-new-password-2026', repeatPassword: 'a-new-password-2026' });
      expect(ok.statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/users/me', headers: current })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/users/me', headers: elsewhere })).statusCode).toBe(401);
      const { verifySecret } = await import('../src/lib/password.ts');
      const row = await t.db.selectFrom('users').select('password_hash').where('email', '=', 'owner@kc.example').executeTakeFirstOrThrow();
      expect(await verifySecret(row.password_hash, 'a-new-password-2026')).toBe(true);
      expect(t.logs.join('')).not.toContain('a-new-password-2026');
    });

    it('GET /api/users lists the company users for administration roles only', async () => {
      expect((await t.app.inject({ url: '/api/users', headers: investor })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/users', headers: advisor })).statusCode).toBe(403);
      const res = await t.app.inject({ url: '/api/users?size=100', headers: admin });
      expect(res.statusCode).toBe(200);
      const emails = res.json().content.map((u: { email: string }) => u.email);
      expect(emails).toContain(INVESTOR);
      expect(emails).not.toContain(OTHER);
      const manager = await authHeaders(t.db, 'company.manager@kc.example');
      const page = (await t.app.inject({ url: '/api/users?size=3&page=1', headers: manager })).json();
      expect(page).toMatchObject({ size: 3, number: 1, numberOfElements: 3 });
      expect(page.totalElements).toBe(emails.length);
      // A team manager reaches the people of their team (the demo sales network, issue 14), not the company's.
      const teamManager = await authHeaders(t.db, 'team.manager@kc.example');
      const scoped = await t.app.inject({ url: '/api/users?size=100', headers: teamManager });
      expect(scoped.statusCode).toBe(200);
      const reached = scoped.json().content.map((u: { email: string }) => u.email);
      expect(reached).toContain('agent@kc.example');
      expect(reached).not.toContain(INVESTOR);
      expect(reached).not.toContain('admin@kc.example');
    });
  });
});
