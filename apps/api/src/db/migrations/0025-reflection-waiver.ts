import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The reflection period's waiver (issue 16, part "reflection period"; docs/decisions/0026): the
 * investor's explicit waiver of one NEW contract's period, part of the contract's record: who
 * waived (the owner), when (the server's clock), and the key and version of the confirmation text
 * they accepted. One waiver per contract (the primary key): a second one is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE contract_reflection_waivers (
      contract_id uuid PRIMARY KEY REFERENCES contracts(id) ON DELETE CASCADE,
      company_id text NOT NULL REFERENCES companies(id),
      waived_by uuid NOT NULL REFERENCES users(id),
      waived_at timestamptz NOT NULL,
      text_key text NOT NULL CHECK (length(text_key) BETWEEN 1 AND 64),
      text_version text NOT NULL CHECK (length(text_version) BETWEEN 1 AND 64)
    )
  `);
}
