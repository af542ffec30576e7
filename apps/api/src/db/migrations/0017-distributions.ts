import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Income (issue 15, part income; decision 0020): `distributions`, one row per declared
 * distribution of a period's rent and timber income, with its figures and the DISTRIBUTION
 * journal that credited it. A period is distributed once (no two distributions of a company
 * share a period: the service refuses overlaps under a lock; the unique key is the database's
 * guard against the same period twice). Append-only like the rest of the ledger.
 *
 * No new index on the lines: a distribution reads its own journal's lines through
 * `ledger_lines_journal`, and every extra index would slow the million-line insert.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE distributions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      period_from date NOT NULL,
      period_to date NOT NULL,
      record_date date NOT NULL,
      amount_per_unit numeric(18,6) NOT NULL CHECK (amount_per_unit > 0),
      description text NOT NULL CHECK (length(description) BETWEEN 3 AND 500),
      contracts integer NOT NULL CHECK (contracts > 0),
      total_units numeric(24,6) NOT NULL CHECK (total_units > 0),
      total numeric(16,2) NOT NULL CHECK (total > 0),
      credited numeric(16,2) NOT NULL CHECK (credited >= 0),
      remainder numeric(16,2) NOT NULL CHECK (remainder >= 0),
      journal_id bigint NOT NULL UNIQUE REFERENCES ledger_journals(id),
      declared_by uuid REFERENCES users(id),
      declared_at timestamptz NOT NULL DEFAULT now(),
      CHECK (period_from <= period_to AND period_to <= record_date),
      CHECK (total = credited + remainder),
      UNIQUE (company_id, period_from, period_to)
    );
    CREATE INDEX distributions_company ON distributions (company_id, record_date DESC, declared_at DESC);

    CREATE TRIGGER distributions_no_change BEFORE UPDATE OR DELETE ON distributions
      FOR EACH ROW EXECUTE FUNCTION kc_ledger_append_only();
    CREATE TRIGGER distributions_no_truncate BEFORE TRUNCATE ON distributions
      FOR EACH STATEMENT EXECUTE FUNCTION kc_ledger_append_only();
  `);
}
