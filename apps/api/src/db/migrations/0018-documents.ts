import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Customer documents (issue 15, part "documents"): every PDF the server generates (contract
 * document, payment receipt, yearly statements) is stored once with its bytes and their sha256.
 * A document's identity is its subject (`document_id`: `contract.<id>`, `receipt.<id>`,
 * `statement.<contract>.<year>`, `annual.<user>.<year>`), its language, and the digest of the
 * figures it shows (`data_digest`): asking again for the same document returns the stored
 * bytes; if the ledger later changes what it would show (a payment recorded late with a value
 * date in a closed year), a new version is stored beside the old one, never over it.
 * Rows are never changed (UPDATE refused); they go only with their contract or user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE FUNCTION kc_documents_no_update() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
BEGIN
  RAISE EXCEPTION 'customer_documents are final: UPDATE refused' USING ERRCODE = 'insufficient_privilege';
END
$fn$`,
    )
    .execute(db);
  await runStatements(db, `
    CREATE TABLE customer_documents (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      document_id text NOT NULL CHECK (length(document_id) BETWEEN 3 AND 120),
      kind text NOT NULL CHECK (kind IN ('CONTRACT', 'RECEIPT', 'CONTRACT_STATEMENT', 'INVESTOR_STATEMENT')),
      contract_id uuid REFERENCES contracts(id) ON DELETE CASCADE,
      payment_id uuid REFERENCES payments(id),
      year int CHECK (year BETWEEN 2000 AND 2200),
      language text NOT NULL CHECK (language IN ('es', 'en')),
      data_digest text NOT NULL CHECK (length(data_digest) = 64),
      file_name text NOT NULL,
      content bytea NOT NULL,
      sha256 text NOT NULL CHECK (length(sha256) = 64),
      byte_size int NOT NULL CHECK (byte_size > 0),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (company_id, document_id, language, data_digest)
    );
    CREATE INDEX customer_documents_user ON customer_documents (company_id, user_id, created_at);
    CREATE TRIGGER customer_documents_final BEFORE UPDATE ON customer_documents
      FOR EACH ROW EXECUTE FUNCTION kc_documents_no_update();
  `);
}
