import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';

const INVESTOR = 'investor@kc.example';
/** Another investor of the same company (the agent's converted client). */
const NEIGHBOUR = 'cliente.agente@kc.example';
/** An investor of company 2. */
const OTHER_COMPANY = 'investor@other.example';

describe.each(DB_KINDS)("someone else's id in the path comes before the body's rules on %s", (kind) => {
  let t: TTestApp;
  let investorId: string;
  let contractId: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    investorId = (await t.db.selectFrom('users').select('id').where('email', '=', INVESTOR).executeTakeFirstOrThrow()).id;
    contractId = (await t.db.selectFrom('contracts').select('id').where('user_id', '=', investorId).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t.close());

  const post = async (email: string, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { ...(await authHeaders(t.db, email)), 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

  it("answers 404 for another investor's customer id whatever the body, in the same company and in another one", async () => {
    const url = `/api/customers/${investorId}/contracts`;
    for (const email of [NEIGHBOUR, OTHER_COMPANY]) {
      for (const body of [{}, { productKey: 42, initialAmount: 'lots' }, { productKey: 'jubilacion', initialAmount: 5000 }]) {
        const res = await post(email, url, body);
        expect(res.statusCode, `${email} ${JSON.stringify(body)}`).toBe(404);
        expect(res.json(), email).toMatchObject({ code: 'customerNotFound' });
        expect(res.json().errors, email).toBeUndefined();
      }
    }
  });

  it('still answers 400 with the fields to the customer themself', async () => {
    const res = await post(INVESTOR, `/api/customers/${investorId}/contracts`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', errors: expect.arrayContaining([expect.objectContaining({ field: expect.any(String) })]) });
  });

  it("answers 404 for another person's contract search and contract action with a wrong body", async () => {
    const search = await post(NEIGHBOUR, `/api/users/${investorId}/contracts/search`, { state: 'NOPE' });
    expect(search.statusCode).toBe(404);
    expect(search.json()).toMatchObject({ code: 'userNotFound' });
    expect((await post(INVESTOR, `/api/users/${investorId}/contracts/search`, { state: 'NOPE' })).statusCode).toBe(400);

    const waiver = await post(NEIGHBOUR, `/api/contracts/${contractId}/waive-reflection`, { confirmed: 'maybe' });
    expect(waiver.statusCode).toBe(404);
    expect(waiver.json()).toMatchObject({ code: 'contractNotFound' });
    expect((await post(OTHER_COMPANY, `/api/contracts/${contractId}/waive-reflection`, { confirmed: 'maybe' })).statusCode).toBe(404);
    expect((await post(INVESTOR, `/api/contracts/${contractId}/waive-reflection`, { confirmed: 'maybe' })).statusCode).toBe(400);
  });
  const send = async (email: string, method: 'POST' | 'PUT', url: string, payload: unknown) =>
    t.app.inject({ method, url, headers: { ...(await authHeaders(t.db, email)), 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  const idOf = async (email: string) => (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  it("answers 404 to staff for another company's client, contract or user whatever the body, and 400 with fields for their own", async () => {
    const stranger = await idOf(OTHER_COMPANY);
    const strangerContract = (await t.db.selectFrom('contracts').select('id').where('user_id', '=', stranger).executeTakeFirstOrThrow()).id;
    const refusals: Array<[string, 'POST' | 'PUT', string, unknown, string]> = [
      ['advisor@kc.example', 'POST', `/api/advisor/clients/${stranger}/notes`, { text: 42 }, 'clientNotFound'],
      ['advisor@kc.example', 'POST', `/api/ledger/contracts/${strangerContract}/payments`, { amount: 'lots' }, 'contractNotFound'],
      ['admin@kc.example', 'PUT', `/api/users/${stranger}/roles`, { roles: 'ADMIN' }, 'userNotFound'],
      ['admin@kc.example', 'POST', `/api/users/${stranger}/consents/history`, {}, 'userNotFound'],
    ];
    for (const [email, method, url, body, code] of refusals) {
      const res = await send(email, method, url, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code });
      expect(res.json().errors, url).toBeUndefined();
    }
    const own: Array<[string, 'POST' | 'PUT', string, unknown]> = [
      ['advisor@kc.example', 'POST', `/api/advisor/clients/${investorId}/notes`, { text: 42 }],
      ['advisor@kc.example', 'POST', `/api/ledger/contracts/${contractId}/payments`, { amount: 'lots' }],
      ['admin@kc.example', 'PUT', `/api/users/${investorId}/roles`, { roles: 'ADMIN' }],
      ['admin@kc.example', 'POST', `/api/users/${investorId}/consents/history`, {}],
    ];
    for (const [email, method, url, body] of own) {
      const res = await send(email, method, url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors?.length, url).toBeGreaterThan(0);
    }
  });
});
