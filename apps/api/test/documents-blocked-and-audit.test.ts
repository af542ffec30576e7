import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDocumentList } from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';
import { markBlocked } from '../src/modules/privacy/repository.ts';

const INVESTOR = 'investor@kc.example';
type THeaders = Record<string, string>;

/**
 * Documents and exports after the security review (issue 15, 16; decisions 0021, 0027):
 * - staff's CSV export of a customer's data leaves one audit entry `document.export` (actor, target,
 *   dataset), as a PDF's download does; the customer's own export leaves none;
 * - once a person's data is blocked (the retention job's `markBlocked`), their advisor gets the
 *   same 404 as on the client's page from the list, a PDF and a CSV export; ADMIN (who sees
 *   blocked people) still reaches them, and nothing is written for the refusals.
 */
describe.each(DB_KINDS)('documents: blocked customers and audited exports on %s', (kind) => {
  let t: TTestApp;
  const h: Record<string, THeaders> = {};
  let ids: Record<string, string>;
  let documentId: string;

  const get = (headers: THeaders, url: string) => t.app.inject({ method: 'GET', url, headers });
  const exportAudits = () =>
    t.db.selectFrom('audit_log').select(['actor_id', 'entity_type', 'entity_id', 'action', 'after', 'company_id']).where('action', '=', 'document.export').orderBy('id').execute();
  const count = async (table: 'audit_log' | 'customer_documents') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await buildTestApp(kind);
    for (const email of ['admin@kc.example', 'advisor@kc.example', INVESTOR]) h[email] = await authHeaders(t.db, email);
    const users = await t.db.selectFrom('users').select(['id', 'email', 'advisor_id']).execute();
    ids = Object.fromEntries(users.map((u) => [u.email, u.id]));
    // The demo advisor advises the demo investor: the case the review found.
    expect(users.find((u) => u.email === INVESTOR)!.advisor_id).toBe(ids['advisor@kc.example']);
    const list = await get(h[INVESTOR]!, `/api/documents/customers/${ids[INVESTOR]}`);
    expect(list.statusCode).toBe(200);
    documentId = (list.json() as TDocumentList).documents.find((d) => d.kind === 'CONTRACT')!.id;
  });
  afterAll(async () => t?.close());

  it("records staff's CSV export of a customer's data (actor, customer, dataset), and nothing for the customer's own", async () => {
    expect(await exportAudits()).toEqual([]);
    const own = await get(h[INVESTOR]!, `/api/documents/customers/${ids[INVESTOR]}/exports/payments`);
    expect(own.statusCode).toBe(200);
    expect(await exportAudits()).toEqual([]);

    const staff = await get(h['advisor@kc.example']!, `/api/documents/customers/${ids[INVESTOR]}/exports/payments?lang=en`);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = staff.body.replace(/^\uFEFF/, '').trim().split('\r\n').length - 1;
    const entries = await exportAudits();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: ids['advisor@kc.example'],
      entity_type: 'user',
      entity_id: ids[INVESTOR],
      company_id: '1',
      after: { customerId: ids[INVESTOR], dataset: 'payments', language: 'en', rows },
    });

    const admin = await get(h['admin@kc.example']!, `/api/documents/customers/${ids[INVESTOR]}/exports/income`);
    expect(admin.statusCode).toBe(200);
    const after = await exportAudits();
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ actor_id: ids['admin@kc.example'], entity_type: 'user', entity_id: ids[INVESTOR], after: { customerId: ids[INVESTOR], dataset: 'income' } });
  });

  it('refuses the advisor of a blocked customer on the list, a PDF and a CSV export (404, as the client page), writing nothing; ADMIN still reaches them', async () => {
    // Before the block, the advisor reaches all three.
    expect((await get(h['advisor@kc.example']!, `/api/documents/customers/${ids[INVESTOR]}`)).statusCode).toBe(200);
    expect((await get(h['advisor@kc.example']!, `/api/documents/files/${documentId}`)).statusCode).toBe(200);

    await t.db.transaction().execute((tx) => markBlocked(tx, ids[INVESTOR]!, new Date()));
    const client = await get(h['advisor@kc.example']!, `/api/advisor/clients/${ids[INVESTOR]}`);
    expect(client.statusCode).toBe(404);

    const before = { audit: await count('audit_log'), documents: await count('customer_documents') };
    const refused = [
      [`/api/documents/customers/${ids[INVESTOR]}`, 'customerNotFound'],
      [`/api/documents/files/${documentId}`, 'documentNotFound'],
      [`/api/documents/files/${documentId}?lang=en`, 'documentNotFound'],
      [`/api/documents/customers/${ids[INVESTOR]}/exports/contracts`, 'customerNotFound'],
    ] as const;
    for (const [url, code] of refused) {
      const res = await get(h['advisor@kc.example']!, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 404, code });
    }
    // The same answer as for an id that does not exist: nothing tells the person is there.
    const unknown = await get(h['advisor@kc.example']!, `/api/documents/customers/00000000-0000-4000-8000-000000000000`);
    const { requestId: _a, ...unknownProblem } = unknown.json();
    const { requestId: _b, ...blockedProblem } = (await get(h['advisor@kc.example']!, `/api/documents/customers/${ids[INVESTOR]}`)).json();
    expect(blockedProblem).toEqual(unknownProblem);
    expect({ audit: await count('audit_log'), documents: await count('customer_documents') }).toEqual(before);

    // ADMIN sees blocked people: the list, the PDF (audited) and the export (audited).
    expect((await get(h['admin@kc.example']!, `/api/documents/customers/${ids[INVESTOR]}`)).statusCode).toBe(200);
    const pdf = await get(h['admin@kc.example']!, `/api/documents/files/${documentId}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const csv = await get(h['admin@kc.example']!, `/api/documents/customers/${ids[INVESTOR]}/exports/contracts`);
    expect(csv.statusCode).toBe(200);
    const latest = await t.db.selectFrom('audit_log').select(['action', 'actor_id']).orderBy('id', 'desc').limit(2).execute();
    expect(latest).toEqual([
      { action: 'document.export', actor_id: ids['admin@kc.example'] },
      { action: 'document.download', actor_id: ids['admin@kc.example'] },
    ]);
  });
});
