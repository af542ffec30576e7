import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Bank statement imports (issue 15, decision 0019), tenant-scoped by `company_id`:
 * - `bank_statement_imports`: one row per imported file, with what the import did (recorded,
 *   already recorded, unmatched, already listed, ignored debits) and who imported it.
 * - `bank_statement_lines`: the lines no contract could take, kept for a person to resolve
 *   (assign to a contract, which records the payment, or dismiss with a reason). `line_key` is
 *   the line's identity (the same text as the reference its payment gets, `BS-` + a hash): unique per company,
 *   so importing the same file again lists nothing twice. A booked line is a row of `payments`
 *   whose reference is that key (unique per company there too), so it is booked once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE bank_statement_imports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      file_name text,
      file_sha256 text NOT NULL,
      lines integer NOT NULL,
      recorded integer NOT NULL,
      already_recorded integer NOT NULL,
      unmatched integer NOT NULL,
      already_listed integer NOT NULL,
      ignored integer NOT NULL,
      recorded_amount numeric(16,2) NOT NULL,
      imported_by uuid NOT NULL REFERENCES users(id),
      imported_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX bank_statement_imports_company ON bank_statement_imports (company_id, imported_at);

    CREATE TABLE bank_statement_lines (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      import_id uuid NOT NULL REFERENCES bank_statement_imports(id),
      line_number integer NOT NULL,
      line_key text NOT NULL CHECK (length(line_key) BETWEEN 1 AND 64),
      value_date date NOT NULL,
      amount numeric(14,2) NOT NULL CHECK (amount > 0),
      reference text NOT NULL,
      description text NOT NULL,
      reason text NOT NULL CHECK (reason IN ('NO_REFERENCE', 'UNKNOWN_CONTRACT', 'NOT_PAYABLE', 'BEFORE_CONTRACT', 'NO_PRICE', 'OUT_OF_SCOPE')),
      contract_id uuid,
      status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'ASSIGNED', 'DISMISSED')),
      resolved_by uuid REFERENCES users(id),
      resolved_at timestamptz,
      resolution_note text,
      payment_id uuid REFERENCES payments(id),
      UNIQUE (company_id, line_key),
      CHECK ((status = 'OPEN') = (resolved_at IS NULL)),
      CHECK ((status = 'ASSIGNED') = (payment_id IS NOT NULL))
    );
    CREATE INDEX bank_statement_lines_open ON bank_statement_lines (company_id, status, value_date, id);
    CREATE INDEX bank_statement_lines_import ON bank_statement_lines (import_id);
  `);
}
