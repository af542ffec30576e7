import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The job search's budget (issue 17: 100,000 offers, two words and a city, p99 ≤ 30 ms at 10
 * connections; docs/decisions/0023-jobs-board.md): one GIN index over the city and the search
 * vector of the published offers (btree_gin gives text a GIN operator class; PGlite ships it
 * as an extension too). With it the keywords and the city are intersected inside the index,
 * which yields only the offers of that city holding the words (185 entries for "técnico
 * forestal" in Madrid), instead of a BitmapAnd of the words' posting lists (4,608 entries) and
 * the city's (4,137), each read in full. The search's other indexes stay: the words alone
 * (every city, the back office's list) and the city alone.
 *
 * The list without keywords (the job list's first page) counted every listed offer with the
 * page (`count(*) OVER ()`, ≈ 0.8–1 s at 100,000): it now counts apart, and
 * `job_offers_city_listed` gives both the page of a city in date order (it stops after 20 rows)
 * and the count, index-only thanks to the closing date it includes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Several test schemas of one database may race to create the extension: the loser goes on.
  await sql
    .raw(
      `DO $do$ BEGIN
  CREATE EXTENSION IF NOT EXISTS btree_gin SCHEMA public;
EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
END $do$`,
    )
    .execute(db);
  await runStatements(db, `
    CREATE INDEX job_offers_city_search ON job_offers USING gin (city_id, search_vector) WHERE status = 'PUBLISHED';
    CREATE INDEX job_offers_city_listed ON job_offers (company_id, city_id, published_at DESC) INCLUDE (closes_on) WHERE status = 'PUBLISHED';
  `);
}
