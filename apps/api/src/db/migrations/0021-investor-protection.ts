import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Investor protection before a hire (issue 16, helper kis; docs/decisions/0024):
 * - `appropriateness_assessments`: every test an investor took (append-only: a new test is a new
 *   row), with the answers, the score and result, the loss-bearing simulation's figures and the
 *   10 % shown as what they could lose, who submitted it and when.
 * - `contract_investor_protection`: one row per contract hired since, in the hire's
 *   transaction: the key information sheet's version accepted and when, the test the hire relied
 *   on, the warnings shown and when they were acknowledged. Part of the contract's record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE appropriateness_assessments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      user_id uuid NOT NULL REFERENCES users(id),
      version text NOT NULL,
      answers jsonb NOT NULL,
      score integer NOT NULL CHECK (score >= 0),
      max_score integer NOT NULL CHECK (max_score >= score),
      passed boolean NOT NULL,
      net_worth numeric(14,2) NOT NULL CHECK (net_worth >= 0),
      yearly_income numeric(14,2) NOT NULL CHECK (yearly_income >= 0),
      commitments numeric(14,2) NOT NULL CHECK (commitments >= 0),
      loss_capacity numeric(14,2) NOT NULL CHECK (loss_capacity >= 0),
      taken_by uuid REFERENCES users(id),
      taken_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX appropriateness_assessments_user ON appropriateness_assessments (company_id, user_id, taken_at DESC);

    CREATE TABLE contract_investor_protection (
      contract_id uuid PRIMARY KEY REFERENCES contracts(id) ON DELETE CASCADE,
      company_id text NOT NULL REFERENCES companies(id),
      key_info_version text NOT NULL,
      key_info_accepted_at timestamptz NOT NULL,
      assessment_id uuid NOT NULL REFERENCES appropriateness_assessments(id),
      warnings jsonb NOT NULL DEFAULT '[]'::jsonb,
      acknowledged_at timestamptz,
      CHECK (jsonb_array_length(warnings) = 0 OR acknowledged_at IS NOT NULL)
    );
  `);
}
