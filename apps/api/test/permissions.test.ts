import { ACCEPTED, passingAnswers } from './helpers/investor-protection.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_PERMISSIONS, PASSWORD_CHANGE_ACTIONS, PUBLIC, REFLECTION_WAIVER_TEXT, ROLES, can, type TAction, type TRole } from '@kc/domain';
import { DEMO_ACCOUNTS } from '../src/db/seed/demo.ts';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';

/** An id that exists nowhere: an allowed call answers 404 (or 400), and changes nothing. */
const NOWHERE = '00000000-0000-4000-8000-000000000000';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type TOperation = { method: string; path: string; key: string };

/**
 * The notification stream stays open for an allowed caller, which `inject` would wait on for
 * ever: its role and temporary-password rules are checked through the ticket it needs
 * (POST /api/notifications/stream-ticket, same action), and over a real socket in
 * notifications-stream.test.ts.
 */
const STREAM = 'GET /api/notifications/stream';

function fill(path: string, ids: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? NOWHERE);
}

/**
 * The whole permission matrix (issue 13): every endpoint of the OpenAPI document × every role
 * (and no session), allowed or denied as packages/domain/src/permissions says; a temporary
 * password reaches only identity and the password change; another company's ids → 404.
 */
describe.each(DB_KINDS)('the permission matrix (%s)', (kind) => {
  let t: TTestApp;
  let operations: TOperation[];
  const headersOf = {} as Record<TRole, Record<string, string>>;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    for (const account of DEMO_ACCOUNTS.filter((a) => a.company === '1')) {
      headersOf[account.roles[0] as TRole] = await authHeaders(t.db, account.email);
    }
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((m) => ({ method: m.toUpperCase(), path, key: `${m.toUpperCase()} ${path}` })),
    );
  });
  afterAll(async () => t?.close());

  const call = (op: TOperation, headers: Record<string, string>, ids: Record<string, string> = {}, payload?: unknown) =>
    t.app.inject({
      method: op.method as 'GET',
      url: fill(op.path, { contractState: 'ALL', action: 'activate', countryId: 'ES', companyId: '1', token: 'x', dataset: 'payments' /* documents (issue 15) */, ...ids }),
      headers,
      ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: (payload ?? {}) as Record<string, unknown> }),
    });

  it('has a row for every endpoint of the OpenAPI document, and no row without an endpoint', () => {
    const documented = operations.map((o) => o.key).sort();
    expect(documented.length).toBeGreaterThan(30);
    expect(documented.filter((key) => !Object.hasOwn(ENDPOINT_PERMISSIONS, key)), 'endpoints without a matrix row').toEqual([]);
    expect(Object.keys(ENDPOINT_PERMISSIONS).filter((key) => !documented.includes(key)), 'rows without an endpoint').toEqual([]);
  });

  it('refuses every protected endpoint without a session (401) and lets every public one through', async () => {
    for (const op of operations) {
      const action = ENDPOINT_PERMISSIONS[op.key as keyof typeof ENDPOINT_PERMISSIONS];
      const res = await call(op, { 'company-id': '1' });
      if (action === PUBLIC) {
        expect(res.statusCode, op.key).not.toBe(403);
        // The token endpoints answer 401 for a missing client (RFC 6749), not for a missing session.
        if (!op.path.startsWith('/oauth/')) expect(res.statusCode, op.key).not.toBe(401);
      } else {
        expect(res.statusCode, op.key).toBe(401);
      }
    }
  });

  it('allows each role exactly what the matrix says, on every protected endpoint', async () => {
    const mismatches: string[] = [];
    for (const op of operations) {
      const action = ENDPOINT_PERMISSIONS[op.key as keyof typeof ENDPOINT_PERMISSIONS];
      if (action === PUBLIC || op.key === STREAM) continue;
      for (const role of ROLES) {
        const res = await call(op, headersOf[role]);
        const allowed = can([role], action as TAction);
        const denied = res.statusCode === 401 || res.statusCode === 403;
        if (allowed === denied) mismatches.push(`${role} ${op.key}: ${res.statusCode} (${allowed ? 'allowed' : 'denied'} by the matrix)`);
        if (!allowed) expect(res.json().code, `${role} ${op.key}`).toBe('forbidden');
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('lets a person with a temporary password reach only identity and the password change (403 passwordChangeRequired)', async () => {
    const headers = await authHeaders(t.db, 'supplier@kc.example');
    await t.db.updateTable('users').set({ is_temporal_password: true }).where('email', '=', 'supplier@kc.example').execute();
    try {
      for (const op of operations) {
        const action = ENDPOINT_PERMISSIONS[op.key as keyof typeof ENDPOINT_PERMISSIONS];
        if (action === PUBLIC || op.key === STREAM) continue;
        const res = await call(op, headers);
        if (PASSWORD_CHANGE_ACTIONS.includes(action as TAction)) {
          expect(res.statusCode, op.key).not.toBe(403);
        } else {
          expect(res.statusCode, op.key).toBe(403);
          expect(res.json().code, op.key).toBe('passwordChangeRequired');
        }
      }
      const identity = await t.app.inject({ url: '/api/users/identity', headers });
      expect(identity.json()).toMatchObject({ username: 'supplier@kc.example', isTemporalPassword: true });
    } finally {
      await t.db.updateTable('users').set({ is_temporal_password: false }).where('email', '=', 'supplier@kc.example').execute();
    }
  });

  it("answers 404 to another company's ids on every endpoint that takes one, and changes nothing there", async () => {
    const other = await t.db.selectFrom('users').select(['id', 'roles', 'is_active', 'is_deleted']).where('email', '=', 'investor@other.example').executeTakeFirstOrThrow();
    const product = await t.db.selectFrom('products').select('id').where('company_id', '=', '2').limit(1).executeTakeFirstOrThrow();
    const contract = await t.db
      .insertInto('contracts')
      .values({
        company_id: '2',
        user_id: other.id,
        product_id: product.id,
        product_key: 'jubilacion',
        state: 'NEW',
        initial_investment: '100.00',
        recurring_amount: '10.00',
        submission_date: '2030-01-01',
        expiring_date: '2040-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const preference = await t.db
      .insertInto('payment_preferences')
      .values({ company_id: '2', user_id: other.id, kind: 'BANK_TRANSFER', iban_last4: '1234' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = { userId: other.id, customerId: other.id, id: contract.id };
    const agentOfCompany1 = await t.db.selectFrom('users').select('id').where('email', '=', 'agent@kc.example').executeTakeFirstOrThrow();
    const bodies: Record<string, unknown> = {
      'PUT /api/users/{userId}/roles': { roles: ['ADVISOR'] },
      // Leads (issue 14): a valid agent of company 1, so that only the other company's customer is wrong.
      'POST /api/sales/pending-assignments/{customerId}': { agentId: agentOfCompany1.id },
      'POST /api/customers/{customerId}/contracts': {
        productType: 'SAVINGS_PLAN',
        productKey: 'jubilacion',
        productId: product.id,
        recurringAmount: 150,
        initialAmount: 2500,
        submissionDate: new Date().toISOString().slice(0, 10),
        expiringDate: `${new Date().getUTCFullYear() + 20}${new Date().toISOString().slice(4, 10)}`,
        paymentPreferenceId: preference.id,
        ...ACCEPTED,
      },
      // Investor protection (issue 16, helper kis): valid bodies, so that only the company is wrong.
      'POST /api/customers/{customerId}/appropriateness': { answers: passingAnswers(), netWorth: '1000.00', yearlyIncome: '0', commitments: '0' },
      'POST /api/customers/{customerId}/risk-check': { initialAmount: 100, recurringAmount: 0 },
      // Consent records (issue 16): a valid reason, so that only the company is wrong.
      'POST /api/users/{userId}/consents/history': { reason: 'Reclamación R-1' },
      // The reflection period's waiver (decision 0026): a valid confirmation, so that only the company is wrong.
      'POST /api/contracts/{id}/waive-reflection': { confirmed: true, textVersion: REFLECTION_WAIVER_TEXT.version },
      // The KC market (issue 18): valid requests, so that only the offer's company is wrong.
      'PATCH /api/market/offers/{id}': { price: '10.000000' },
      'POST /api/market/offers/{id}/buy': { units: '1', acknowledgedKeyInformation: true, acknowledgedRiskWarning: true },
    };
    /** Headers a valid request needs besides the session (the market's buy: its Idempotency-Key). */
    const extraHeaders: Record<string, Record<string, string>> = { 'POST /api/market/offers/{id}/buy': { 'idempotency-key': 'permissions-other-company' } };
    const checked: string[] = [];
    for (const op of operations) {
      const action = ENDPOINT_PERMISSIONS[op.key as keyof typeof ENDPOINT_PERMISSIONS];
      if (action === PUBLIC || !/\{(userId|customerId|id)\}/.test(op.path)) continue;
      // The widest caller of company 1 the matrix allows: an ADMIN, or the owner for own-data endpoints.
      const role: TRole = can(['ADMIN'], action as TAction) ? 'ADMIN' : 'INVESTOR';
      const pathIds = op.key === 'DELETE /api/users/payment-preferences/{id}' ? { id: preference.id } : ids;
      const res = await call(op, { ...headersOf[role], ...extraHeaders[op.key] }, pathIds, bodies[op.key]);
      expect(res.statusCode, `${role} ${op.key}`).toBe(404);
      checked.push(op.key);
    }
    expect(checked.length).toBeGreaterThanOrEqual(10);
    const after = await t.db.selectFrom('users').select(['roles', 'is_active', 'is_deleted']).where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ roles: other.roles, is_active: other.is_active, is_deleted: other.is_deleted });
    const stored = await t.db.selectFrom('contracts').select('state').where('id', '=', contract.id).executeTakeFirstOrThrow();
    expect(stored.state).toBe('NEW');
    const pref = await t.db.selectFrom('payment_preferences').select('removed_at').where('id', '=', preference.id).executeTakeFirstOrThrow();
    expect(pref.removed_at).toBeNull();
    expect(await t.db.selectFrom('audit_log').select('id').where('company_id', '=', '2').execute()).toEqual([]);
  });
});
