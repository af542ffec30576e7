import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { ZJobSearchQuery } from '@kc/domain';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { searchStatements } from '../src/modules/jobs/repository.ts';

const DAY = 86_400_000;
const MADRID = '3117735';
const SEVILLA = '2510911';
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The job search's budget (issue 17, migration 0027): a keyword search in a city can be served by
 * the GIN index over (city, search vector) of the published offers, on PGlite and PostgreSQL, and
 * through that index it finds exactly what the search means: the words in the offer's language,
 * that city, listed offers only, this company only; and the list without keywords, counted apart
 * from its page, has the same totals. The figure itself is bench/jobs-search.ts's.
 */
describe.each(DB_KINDS)('job search index on %s', (kind) => {
  let t: TTestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await buildTestApp(kind);
    const offers: [string, string, { title: string; description: string; city?: string; language?: 'es' | 'en'; status?: 'PUBLISHED' | 'CLOSED' | 'DRAFT'; closesOn?: string }][] = [
      ['spanish', '2', { title: 'Técnico forestal de campo', description: 'Inventario de montes y marcación de pies.' }],
      ['english', '2', { title: 'Forest ranger', description: 'Patrols the woods with the tecnico on site.', language: 'en' }],
      ['otherCity', '2', { title: 'Técnico forestal', description: 'Inventario de montes.', city: SEVILLA }],
      ['closed', '2', { title: 'Técnico forestal (cerrada)', description: 'Inventario de montes.', status: 'CLOSED' }],
      ['draft', '2', { title: 'Técnico forestal (borrador)', description: 'Inventario de montes.', status: 'DRAFT' }],
      ['expired', '2', { title: 'Técnico forestal (caducada)', description: 'Inventario de montes.', closesOn: new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10) }],
      ['oneWord', '2', { title: 'Técnico agrícola', description: 'Riego y abonado de fincas.' }],
      ['otherCompany', '1', { title: 'Técnico forestal de otra empresa', description: 'Inventario de montes.' }],
    ];
    for (const [key, company, o] of offers) {
      const status = o.status ?? 'PUBLISHED';
      const row = await t.db
        .insertInto('job_offers')
        .values({
          company_id: company,
          title: o.title,
          company_name: 'Empresa de prueba',
          country_id: 'ES',
          city_id: o.city ?? MADRID,
          city_name: o.city === SEVILLA ? 'Sevilla' : 'Madrid',
          contract_type: 'PERMANENT',
          salary_min: '22000.00',
          salary_max: '30000.00',
          description: o.description,
          conditions: '',
          language: o.language ?? 'es',
          status,
          published_at: status === 'DRAFT' ? null : new Date(),
          closed_at: status === 'CLOSED' ? new Date() : null,
          closes_on: o.closesOn ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[key] = row.id;
    }
  });
  afterAll(async () => t?.close());

  const query = ZJobSearchQuery.parse({ q: 'tecnico forestal', cityId: MADRID });

  it('finds two words in a city through the API: both languages, listed offers of this company only', async () => {
    const res = await t.app.inject({ url: `/api/jobs/offers?q=t%C3%A9cnico%20forestal&cityId=${MADRID}&size=20&page=0`, headers: { 'company-id': '2' } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { totalElements: number; content: { id: string }[] };
    expect(body.totalElements).toBe(2);
    expect(body.content.map((o) => o.id).sort()).toEqual([ids['spanish'], ids['english']].sort());
  });

  it('counts the list without keywords apart from its page: listed offers of this city and company only', async () => {
    const list = (page: number) => t.app.inject({ url: `/api/jobs/offers?cityId=${MADRID}&size=2&page=${page}`, headers: { 'company-id': '2' } });
    const first = (await list(0)).json() as { totalElements: number; content: { id: string }[] };
    const second = (await list(1)).json() as { totalElements: number; content: { id: string }[] };
    const past = (await list(5)).json() as { totalElements: number; content: { id: string }[] };
    expect([first.totalElements, second.totalElements, past.totalElements]).toEqual([3, 3, 3]);
    expect([...first.content, ...second.content].map((o) => o.id).sort()).toEqual([ids['spanish'], ids['english'], ids['oneWord']].sort());
    expect(past.content).toEqual([]);
  });

  it("can be served by migration 0027's index over (city, vector), and finds the same offers through it", async () => {
    const { page } = searchStatements(t.db, '2', query, today());
    const compiled = page.compile();
    // In a transaction rolled back at the end: the table's other indexes dropped and sequential
    // scans priced out, so the planner either uses the index or has none to use.
    const others = ['job_offers_search', 'job_offers_city', 'job_offers_listed', 'job_offers_company', 'job_offers_city_listed'];
    const outcome = await t.db
      .transaction()
      .execute(async (tx) => {
        for (const index of others) await sql`DROP INDEX ${sql.id(index)}`.execute(tx);
        await sql`SET LOCAL enable_seqscan = off`.execute(tx);
        const plan = await tx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]));
        const rows = await tx.executeQuery<{ id: string; total: string }>(CompiledQuery.raw(compiled.sql, [...compiled.parameters]));
        throw Object.assign(new Error('rollback'), { plan: plan.rows.map((r) => r['QUERY PLAN']).join('\n'), rows: rows.rows });
      })
      .catch((error: { plan?: string; rows?: { id: string; total: string }[] }) => {
        if (error.plan === undefined) throw error;
        return { plan: error.plan, rows: error.rows! };
      });
    expect(outcome.plan).toContain('job_offers_city_search');
    expect(outcome.plan).not.toContain('Seq Scan');
    expect(outcome.rows.map((r) => r.id).sort()).toEqual([ids['spanish'], ids['english']].sort());
    expect(outcome.rows.map((r) => Number(r.total))).toEqual([2, 2]);
    // Rolled back: the other indexes are still there.
    const indexes = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE tablename = 'job_offers' AND schemaname = current_schema()`.execute(t.db);
    expect(indexes.rows.map((r) => r.indexname)).toEqual(expect.arrayContaining([...others, 'job_offers_city_search']));
  });
});
