import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The jobs board (issue 17), every table tenant-scoped by `company_id`
 * (docs/decisions/0023-jobs-board.md):
 * - `job_offers`: DRAFT → PUBLISHED → CLOSED (reopen: CLOSED → PUBLISHED); salaries are EUR a
 *   year as `numeric(12,2)`; the city is a lookups city (GeoNames id) with its name kept for
 *   display and search. `search_vector` is a stored, generated tsvector: the title (weight A),
 *   company and city (B) and description and conditions (C), folded by `kc_fold` (accents and
 *   case; PGlite has no `unaccent`, so both databases fold alike) and stemmed in the offer's
 *   language; a search ORs its Spanish and English stemming, so either language finds it. A GIN index serves the search; no request runs to_tsvector over rows.
 * - `job_offer_status_history` and `job_application_status_history`: every status change
 *   (who, when, note), appended by the service or the scheduled job in the change's transaction.
 * - `job_applications`: one live application per offer and folded e-mail (`email_key`, a
 *   partial unique index: an anonymised row no longer holds it). The CV is a `bytea` (outside
 *   the web root, served only to the recruiter). The withdrawal token is stored as its SHA-256
 *   hash with its expiry, cleared once used. Anonymisation blanks the personal fields.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE job_offers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      title text NOT NULL,
      company_name text NOT NULL,
      country_id text NOT NULL,
      city_id text NOT NULL,
      city_name text NOT NULL,
      contract_type text NOT NULL CHECK (contract_type IN ('PERMANENT', 'FIXED_TERM', 'PART_TIME', 'INTERNSHIP', 'FREELANCE')),
      salary_min numeric(12,2) NOT NULL CHECK (salary_min > 0),
      salary_max numeric(12,2) NOT NULL,
      description text NOT NULL,
      conditions text NOT NULL DEFAULT '',
      language text NOT NULL CHECK (language IN ('es', 'en')),
      status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'PUBLISHED', 'CLOSED')),
      published_at timestamptz,
      closes_on date,
      closed_at timestamptz,
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector(CASE WHEN language = 'en' THEN 'english'::regconfig ELSE 'spanish'::regconfig END, kc_fold(title)), 'A') ||
        setweight(to_tsvector(CASE WHEN language = 'en' THEN 'english'::regconfig ELSE 'spanish'::regconfig END, kc_fold(company_name || ' ' || city_name)), 'B') ||
        setweight(to_tsvector(CASE WHEN language = 'en' THEN 'english'::regconfig ELSE 'spanish'::regconfig END, kc_fold(description || ' ' || conditions)), 'C')
      ) STORED,
      CHECK (salary_max >= salary_min),
      CHECK (status <> 'PUBLISHED' OR published_at IS NOT NULL)
    );
    CREATE INDEX job_offers_search ON job_offers USING gin (search_vector);
    CREATE INDEX job_offers_listed ON job_offers (company_id, published_at DESC) WHERE status = 'PUBLISHED';
    CREATE INDEX job_offers_city ON job_offers (company_id, city_id) WHERE status = 'PUBLISHED';
    CREATE INDEX job_offers_company ON job_offers (company_id, created_at DESC);

    CREATE TABLE job_offer_status_history (
      id bigserial PRIMARY KEY,
      company_id text NOT NULL REFERENCES companies(id),
      offer_id uuid NOT NULL REFERENCES job_offers(id),
      from_status text,
      to_status text NOT NULL,
      changed_by uuid REFERENCES users(id),
      changed_at timestamptz NOT NULL DEFAULT now(),
      note text
    );
    CREATE INDEX job_offer_status_history_offer ON job_offer_status_history (offer_id, id);

    CREATE TABLE job_applications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      offer_id uuid NOT NULL REFERENCES job_offers(id),
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text,
      email_key text,
      phone text,
      language text NOT NULL CHECK (language IN ('es', 'en')),
      status text NOT NULL DEFAULT 'NEW' CHECK (status IN ('NEW', 'REVIEWED', 'INTERVIEW', 'REJECTED', 'HIRED', 'WITHDRAWN')),
      note text,
      consent_at timestamptz,
      cv bytea,
      cv_file_name text,
      cv_size integer,
      submissions integer NOT NULL DEFAULT 1,
      withdraw_token_hash text UNIQUE,
      withdraw_token_expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      anonymised_at timestamptz,
      CHECK (anonymised_at IS NOT NULL OR (email IS NOT NULL AND email_key IS NOT NULL AND consent_at IS NOT NULL))
    );
    CREATE UNIQUE INDEX job_applications_live_email ON job_applications (offer_id, email_key) WHERE anonymised_at IS NULL;
    CREATE INDEX job_applications_offer ON job_applications (offer_id, created_at DESC);
    CREATE INDEX job_applications_retention ON job_applications (updated_at) WHERE anonymised_at IS NULL;

    CREATE TABLE job_application_status_history (
      id bigserial PRIMARY KEY,
      company_id text NOT NULL REFERENCES companies(id),
      application_id uuid NOT NULL REFERENCES job_applications(id),
      from_status text,
      to_status text NOT NULL,
      changed_by uuid REFERENCES users(id),
      changed_at timestamptz NOT NULL DEFAULT now(),
      note text
    );
    CREATE INDEX job_application_status_history_application ON job_application_status_history (application_id, id);
  `);
}
