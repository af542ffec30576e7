import { sql, type Kysely, type Transaction } from 'kysely';
import type { TJobSearchQuery, TManagedOfferQuery } from '@kc/domain';
import type { Database } from '../../db/schema.ts';
import { withCustomPlan } from '../../db/preparing-client.ts';

/** The offers' SQL of the jobs board (issue 17); the applications' is in applications-repository.ts. Scoped by company. */
type TExecutor = Kysely<Database> | Transaction<Database>;

export const OFFER_COLUMNS = [
  'o.id',
  'o.company_id',
  'o.title',
  'o.company_name',
  'o.country_id',
  'o.city_id',
  'o.city_name',
  'o.contract_type',
  'o.salary_min',
  'o.salary_max',
  'o.description',
  'o.conditions',
  'o.language',
  'o.status',
  'o.published_at',
  'o.closes_on',
  'o.closed_at',
  'o.created_at',
  'o.updated_at',
] as const;

/**
 * The keywords as one tsquery: Spanish OR English stemming of the folded text (websearch syntax:
 * quotes, OR, -word). IMMUTABLE, so PostgreSQL folds it to a constant and the GIN index serves it.
 * It only narrows the candidates: see `keywordsMatch`.
 */
const keywords = (q: string) =>
  sql`(websearch_to_tsquery('spanish'::regconfig, kc_fold(${q})) || websearch_to_tsquery('english'::regconfig, kc_fold(${q})))`;

/** The keywords stemmed in the offer's own language (its vector's), for the exact match and the rank. */
const ownLanguage = (q: string) =>
  sql`(CASE WHEN o.language = 'en' THEN websearch_to_tsquery('english'::regconfig, kc_fold(${q})) ELSE websearch_to_tsquery('spanish'::regconfig, kc_fold(${q})) END)`;

/**
 * An offer matches when its vector matches the keywords stemmed in its own language. The OR of
 * both languages first (the GIN index); then the exact test, without which an excluded word
 * (-chopo) stemmed in the other language ('chopo' in English, 'chop' in Spanish) would exclude
 * nothing.
 */
const keywordsMatch = (q: string) => sql<boolean>`(o.search_vector @@ ${keywords(q)} AND o.search_vector @@ ${ownLanguage(q)})`;

/** Listed: published and not past its closing date (`today` is the caller's, so a test can pin it). */
const listed = (today: string) => sql<boolean>`o.status = 'PUBLISHED' AND (o.closes_on IS NULL OR o.closes_on >= ${today}::date)`;

/**
 * The statements of one page of the public search with the exact total: with keywords
 * `count(*) OVER ()` in the page's statement (a page past the last match counts alone, with
 * `base`); without keywords `base` counts, beside the page (at 100,000 offers the window count
 * read every listed row, ≈ 0.8–1 s; the separate count is index-only). Relevance is `ts_rank` with the column's weights (title
 * A, company and city B, description and conditions C): `ts_rank_cd` (cover density) cost ≈ 6×
 * as much over 100k offers (≈ 21 ms against 3.3 ms median for a two-word search in one city).
 * With keywords and a city, migration 0027's GIN index over (city, vector) serves the filter
 * (test/jobs-search.test.ts checks the statement can use it).
 */
export function searchStatements(db: Kysely<Database>, companyId: string, query: TJobSearchQuery, today: string) {
  let base = db.selectFrom('job_offers as o').where('o.company_id', '=', companyId).where(listed(today));
  if (query.q) base = base.where(keywordsMatch(query.q));
  if (query.cityId) base = base.where('o.city_id', '=', query.cityId);
  if (query.salaryFrom) base = base.where('o.salary_max', '>=', query.salaryFrom);
  if (query.salaryTo) base = base.where('o.salary_min', '<=', query.salaryTo);
  if (query.contractType) base = base.where('o.contract_type', '=', query.contractType);
  const sort = query.sort ?? (query.q ? 'relevance' : 'date');
  let page = base.select([
    'o.id',
    'o.title',
    'o.company_name',
    'o.country_id',
    'o.city_id',
    'o.city_name',
    'o.contract_type',
    'o.salary_min',
    'o.salary_max',
    'o.language',
    'o.published_at',
    'o.closes_on',
    sql<string>`left(o.description, 240)`.as('excerpt'),
    // With keywords the matches are counted in the page's statement (they are all read to rank
    // them anyway); without, the page walks an index in date order and stops at its size, and
    // `base` counts apart, index-only (migration 0027).
    sql<string | null>`${query.q ? sql`count(*) OVER ()` : sql`NULL`}`.as('total'),
  ]);
  if (sort === 'relevance' && query.q) page = page.orderBy(sql`ts_rank(o.search_vector, ${ownLanguage(query.q)})`, 'desc');
  if (sort === 'salary') page = page.orderBy('o.salary_max', 'desc').orderBy('o.salary_min', 'desc');
  page = page.orderBy('o.published_at', 'desc').orderBy('o.id', 'desc').limit(query.size).offset(query.page * query.size);
  return { base, page };
}

/** One page of the public search and its exact total (the statements: `searchStatements`). */
export async function searchOffers(db: Kysely<Database>, companyId: string, query: TJobSearchQuery, today: string) {
  const { base, page } = searchStatements(db, companyId, query, today);
  const count = async () => {
    const statement = base.select((eb) => eb.fn.countAll<string>().as('n'));
    return Number((await db.executeQuery(withCustomPlan(statement.compile()))).rows[0]?.n ?? 0);
  };
  if (!query.q) {
    const [result, total] = await Promise.all([db.executeQuery(withCustomPlan(page.compile())), count()]);
    return { rows: result.rows.map(({ total: _, ...row }) => row), total, sorted: true };
  }
  const rows = (await db.executeQuery(withCustomPlan(page.compile()))).rows;
  let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && query.page > 0) total = await count();
  return { rows: rows.map(({ total: _, ...row }) => row), total, sorted: true };
}

export type TOfferSearchRow = Awaited<ReturnType<typeof searchOffers>>['rows'][number];

/** An offer of the company (any status), or undefined; `lock` takes its row for the change. */
export function findOffer(db: TExecutor, companyId: string, offerId: string, lock = false) {
  const query = db.selectFrom('job_offers as o').select([...OFFER_COLUMNS]).where('o.company_id', '=', companyId).where('o.id', '=', offerId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}
export type TOfferRow = NonNullable<Awaited<ReturnType<typeof findOffer>>>;

/** The cities with open offers of a country, and how many each has. */
export async function openOfferCities(db: TExecutor, companyId: string, countryId: string, today: string) {
  return db
    .selectFrom('job_offers as o')
    .select(['o.city_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('o.company_id', '=', companyId)
    .where('o.country_id', '=', countryId)
    .where(listed(today))
    .groupBy('o.city_id')
    .execute();
}

export interface TOfferValues {
  title: string;
  company_name: string;
  country_id: string;
  city_id: string;
  city_name: string;
  contract_type: TOfferRow['contract_type'];
  salary_min: string;
  salary_max: string;
  description: string;
  conditions: string;
  language: 'es' | 'en';
  closes_on: string | null;
}

export async function insertOffer(tx: TExecutor, companyId: string, createdBy: string | null, values: TOfferValues): Promise<string> {
  const row = await tx
    .insertInto('job_offers')
    .values({ company_id: companyId, created_by: createdBy, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOffer(tx: TExecutor, companyId: string, offerId: string, values: TOfferValues): Promise<void> {
  await tx
    .updateTable('job_offers')
    .set({ ...values, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', offerId)
    .execute();
}

export async function setOfferStatus(tx: TExecutor, companyId: string, offerId: string, status: 'PUBLISHED' | 'CLOSED', at: Date): Promise<void> {
  await tx
    .updateTable('job_offers')
    .set(status === 'PUBLISHED' ? { status, published_at: at, closed_at: null, updated_at: at } : { status, closed_at: at, updated_at: at })
    .where('company_id', '=', companyId)
    .where('id', '=', offerId)
    .execute();
}

export async function insertOfferHistory(
  tx: TExecutor,
  rows: { companyId: string; offerId: string; from: string | null; to: string; by: string | null; note?: string | null; at?: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insertInto('job_offer_status_history')
    .values(
      rows.map((r) => ({
        company_id: r.companyId,
        offer_id: r.offerId,
        from_status: r.from,
        to_status: r.to,
        changed_by: r.by,
        note: r.note ?? null,
        ...(r.at ? { changed_at: r.at } : {}),
      })),
    )
    .execute();
}

export function listOfferHistory(db: TExecutor, companyId: string, offerId: string) {
  return db
    .selectFrom('job_offer_status_history')
    .select(['from_status', 'to_status', 'changed_by', 'changed_at', 'note'])
    .where('company_id', '=', companyId)
    .where('offer_id', '=', offerId)
    .orderBy('id')
    .execute();
}

/** The live (not anonymised) applications of an offer. */
export async function countApplications(db: TExecutor, offerId: string): Promise<number> {
  const row = await db
    .selectFrom('job_applications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('offer_id', '=', offerId)
    .where('anonymised_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The back office's list of offers (every status), newest first, with live applications counted. */
export async function listManagedOffers(db: Kysely<Database>, companyId: string, query: TManagedOfferQuery) {
  let base = db.selectFrom('job_offers as o').where('o.company_id', '=', companyId);
  if (query.status) base = base.where('o.status', '=', query.status);
  if (query.q) base = base.where(keywordsMatch(query.q));
  const rows = await base
    .select([...OFFER_COLUMNS.filter((c) => c !== 'o.description' && c !== 'o.conditions')])
    .select((eb) =>
      eb
        .selectFrom('job_applications as a')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('a.offer_id', '=', 'o.id')
        .where('a.anonymised_at', 'is', null)
        .as('applications'),
    )
    .select(sql<string>`count(*) OVER ()`.as('total'))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(query.size)
    .offset(query.page * query.size)
    .execute();
  let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && query.page > 0) {
    total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst())?.n ?? 0);
  }
  return { rows, total };
}

// The scheduled job --------------------------------------------------------------------------------

/**
 * Leases up to `limit` published offers past their closing date and closes them in the same
 * statement (FOR UPDATE SKIP LOCKED: two runners never take the same offer; a closed offer no
 * longer matches, so each is closed once).
 */
export async function closeExpiredOffers(tx: Transaction<Database>, today: string, at: Date, limit: number) {
  const result = await sql<{ id: string; company_id: string }>`
    UPDATE job_offers SET status = 'CLOSED', closed_at = ${at}, updated_at = ${at}
    WHERE id IN (
      SELECT id FROM job_offers
      WHERE status = 'PUBLISHED' AND closes_on < ${today}::date
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, company_id`.execute(tx);
  return result.rows;
}
