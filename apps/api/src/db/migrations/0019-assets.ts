import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Properties and plantations behind KC (issue 15, part assets; docs/decisions/0022-assets.md):
 * one `assets` row per rented home or paulownia plantation of a company, with the fields of its
 * kind (the other kind's are null, CHECKs say which are required), money as `numeric` at the
 * cent, hectares at 4 decimals, photos as a JSON list of {url, altEs, altEn, caption}. The
 * status goes DRAFT → PUBLISHED ⇄ WITHDRAWN; only PUBLISHED rows are public. Every change is
 * in the audit log (same transaction). `asset_images` keeps the photos ADMIN uploads (JPEG, PNG or
 * WebP, at most 2 MB, checked by their first bytes), served at /api/asset-images/{company}/{id}.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE assets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      kind text NOT NULL CHECK (kind IN ('HOME', 'PLANTATION')),
      status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'PUBLISHED', 'WITHDRAWN')),
      title text NOT NULL CHECK (length(title) BETWEEN 3 AND 120),
      description text NOT NULL CHECK (length(description) BETWEEN 20 AND 4000),
      city text NOT NULL,
      province text NOT NULL,
      country text NOT NULL,
      acquisition_date date NOT NULL,
      acquisition_price numeric(14,2) NOT NULL CHECK (acquisition_price > 0),
      valuation numeric(14,2) NOT NULL CHECK (valuation > 0),
      valuation_date date NOT NULL CHECK (valuation_date >= acquisition_date),
      photos jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(photos) = 'array'),
      address text,
      built_area numeric(12,2) CHECK (built_area > 0),
      rooms integer CHECK (rooms BETWEEN 0 AND 50),
      bathrooms integer CHECK (bathrooms BETWEEN 0 AND 20),
      monthly_rent numeric(12,2) CHECK (monthly_rent >= 0),
      occupancy text CHECK (occupancy IN ('RENTED', 'VACANT')),
      energy_rating text CHECK (energy_rating IN ('A', 'B', 'C', 'D', 'E', 'F', 'G')),
      location text,
      hectares numeric(14,4) CHECK (hectares > 0),
      trees_planted integer CHECK (trees_planted > 0),
      planting_date date,
      expected_harvest_year integer,
      expected_timber_volume numeric(14,2) CHECK (expected_timber_volume > 0),
      certification text,
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid REFERENCES users(id),
      updated_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz,
      withdrawn_at timestamptz,
      CHECK (kind <> 'HOME' OR (address IS NOT NULL AND built_area IS NOT NULL AND rooms IS NOT NULL AND bathrooms IS NOT NULL
        AND monthly_rent IS NOT NULL AND occupancy IS NOT NULL AND energy_rating IS NOT NULL)),
      CHECK (kind <> 'HOME' OR occupancy = 'RENTED' OR monthly_rent = 0),
      CHECK (kind <> 'PLANTATION' OR (location IS NOT NULL AND hectares IS NOT NULL AND trees_planted IS NOT NULL
        AND planting_date IS NOT NULL AND expected_harvest_year IS NOT NULL AND expected_timber_volume IS NOT NULL)),
      CHECK (status <> 'PUBLISHED' OR published_at IS NOT NULL)
    );
    CREATE INDEX assets_company_status ON assets (company_id, status, kind, title);

    CREATE TABLE asset_images (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
      bytes bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 2097152),
      sha256 text NOT NULL,
      uploaded_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX asset_images_company ON asset_images (company_id, created_at);
  `);
}
