import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Seller payouts (issue 18, decision 0036): what the platform owed a seller after market trades
 * (MARKET_PAYABLE on the seller's contract, decision 0034), paid to their bank.
 * - The ledger learns the journal kind `PAYOUT` (MARKET_PAYABLE +amount on the seller's contract,
 *   BANK −amount).
 * - `market_payouts`: one row per payout, append-only like the ledger it writes: the seller's
 *   contract and its owner, the amount in cents, the value date, the bank reference, the journal,
 *   who recorded it, and the Idempotency-Key with the request's hash (one per company and key: a
 *   retry finds its payout, never pays twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    ALTER TABLE ledger_journals DROP CONSTRAINT ledger_journals_kind_check;
    ALTER TABLE ledger_journals ADD CONSTRAINT ledger_journals_kind_check CHECK (kind IN ('PAYMENT', 'DISTRIBUTION', 'REVERSAL', 'TRADE', 'PAYOUT'));

    CREATE TABLE market_payouts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      contract_id uuid NOT NULL REFERENCES contracts(id),
      seller_id uuid NOT NULL REFERENCES users(id),
      amount_cents bigint NOT NULL CHECK (amount_cents > 0),
      value_date date NOT NULL,
      bank_reference text NOT NULL CHECK (length(bank_reference) BETWEEN 1 AND 64),
      journal_id bigint NOT NULL UNIQUE REFERENCES ledger_journals(id),
      idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 128),
      request_hash text NOT NULL CHECK (length(request_hash) = 64),
      created_by uuid NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (company_id, idempotency_key)
    );
    CREATE INDEX market_payouts_contract ON market_payouts (contract_id, created_at);
    CREATE INDEX market_payouts_seller ON market_payouts (company_id, seller_id, created_at);
    CREATE INDEX market_trades_seller_contract ON market_trades (seller_contract_id, created_at);

    CREATE TRIGGER market_payouts_no_change BEFORE UPDATE OR DELETE ON market_payouts
      FOR EACH ROW EXECUTE FUNCTION kc_ledger_append_only();
    CREATE TRIGGER market_payouts_no_truncate BEFORE TRUNCATE ON market_payouts
      FOR EACH STATEMENT EXECUTE FUNCTION kc_ledger_append_only();
  `);
}
