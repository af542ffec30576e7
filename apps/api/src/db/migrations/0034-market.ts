import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The KC market (issue 18, decisions 0031 and 0034), tenant-scoped by `company_id`:
 * - `market_offers`: units of an ACTIVE contract advertised by its owner at a price per unit,
 *   until `valid_until` (00:00 Europe/Madrid after the last day of validity). `remaining_units`
 *   falls with each fill; the units reserved on a contract are the sum of its OPEN offers'
 *   remaining units. A row changes only under `SELECT … FOR UPDATE` (buy, change, withdrawal,
 *   expiry); `version` counts its changes.
 * - `market_trades`: one fill of an offer, append-only like the ledger it writes: who sold and
 *   bought (and the contracts), units, price, gross/fee/net in cents (gross = fee + net), the
 *   TRADE journal, the buyer's Idempotency-Key with the request's hash (one per buyer and key:
 *   a retry finds its trade, never buys twice), and what the buyer acknowledged.
 * - The ledger learns two accounts, `MARKET_PAYABLE` (EUR, per contract: what the platform owes a
 *   seller) and `MARKET_FEES` (EUR: the platform's fees), and the journal kind `TRADE`.
 * - Documents learn the kind `TRADE` (the trade confirmation of each party).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    ALTER TABLE ledger_lines DROP CONSTRAINT ledger_lines_account_check;
    ALTER TABLE ledger_lines ADD CONSTRAINT ledger_lines_account_check CHECK (account IN (
      'BANK', 'FUND_CAPITAL', 'ROUNDING', 'INCOME_SOURCE', 'INCOME_PAYABLE', 'INVESTOR_UNITS', 'KC_UNITS_ISSUED',
      'MARKET_PAYABLE', 'MARKET_FEES'));
    ALTER TABLE ledger_lines ADD CONSTRAINT ledger_lines_market_payable_contract CHECK (account <> 'MARKET_PAYABLE' OR contract_id IS NOT NULL);
    ALTER TABLE ledger_journals DROP CONSTRAINT ledger_journals_kind_check;
    ALTER TABLE ledger_journals ADD CONSTRAINT ledger_journals_kind_check CHECK (kind IN ('PAYMENT', 'DISTRIBUTION', 'REVERSAL', 'TRADE'));
    ALTER TABLE customer_documents DROP CONSTRAINT customer_documents_kind_check;
    ALTER TABLE customer_documents ADD CONSTRAINT customer_documents_kind_check CHECK (kind IN ('CONTRACT', 'RECEIPT', 'CONTRACT_STATEMENT', 'INVESTOR_STATEMENT', 'TRADE'));

    CREATE TABLE market_offers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      seller_id uuid NOT NULL REFERENCES users(id),
      contract_id uuid NOT NULL REFERENCES contracts(id),
      units numeric(24,6) NOT NULL CHECK (units > 0),
      remaining_units numeric(24,6) NOT NULL CHECK (remaining_units >= 0),
      price numeric(18,6) NOT NULL CHECK (price > 0),
      reference_price numeric(18,6) NOT NULL CHECK (reference_price > 0),
      valid_until timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'FILLED', 'WITHDRAWN', 'EXPIRED')),
      close_reason text CHECK (close_reason IN ('filled', 'seller', 'expired', 'contractClosed')),
      version integer NOT NULL DEFAULT 1 CHECK (version > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz,
      CHECK (remaining_units <= units),
      CHECK (status <> 'OPEN' OR (remaining_units > 0 AND closed_at IS NULL)),
      CHECK (status <> 'FILLED' OR remaining_units = 0),
      CHECK ((status = 'OPEN') = (close_reason IS NULL))
    );
    CREATE INDEX market_offers_open_price ON market_offers (company_id, price, created_at, id) WHERE status = 'OPEN';
    CREATE INDEX market_offers_open_date ON market_offers (company_id, created_at, id) WHERE status = 'OPEN';
    CREATE INDEX market_offers_open_contract ON market_offers (contract_id) INCLUDE (remaining_units) WHERE status = 'OPEN';
    CREATE INDEX market_offers_open_expiry ON market_offers (valid_until) WHERE status = 'OPEN';
    CREATE INDEX market_offers_seller ON market_offers (company_id, seller_id, created_at);

    CREATE TABLE market_trades (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      offer_id uuid NOT NULL REFERENCES market_offers(id),
      seller_id uuid NOT NULL REFERENCES users(id),
      seller_contract_id uuid NOT NULL REFERENCES contracts(id),
      buyer_id uuid NOT NULL REFERENCES users(id),
      buyer_contract_id uuid NOT NULL UNIQUE REFERENCES contracts(id),
      units numeric(24,6) NOT NULL CHECK (units > 0),
      price numeric(18,6) NOT NULL CHECK (price > 0),
      gross_cents bigint NOT NULL CHECK (gross_cents >= 0),
      fee_cents bigint NOT NULL CHECK (fee_cents >= 0),
      net_cents bigint NOT NULL CHECK (net_cents >= 0),
      journal_id bigint NOT NULL UNIQUE REFERENCES ledger_journals(id),
      idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 128),
      request_hash text NOT NULL CHECK (length(request_hash) = 64),
      assessment_id uuid NOT NULL,
      key_info_version text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (gross_cents = fee_cents + net_cents),
      CHECK (buyer_id <> seller_id),
      UNIQUE (company_id, buyer_id, idempotency_key)
    );
    CREATE INDEX market_trades_offer ON market_trades (offer_id, created_at);
    CREATE INDEX market_trades_company ON market_trades (company_id, created_at DESC);
    CREATE INDEX market_trades_seller ON market_trades (company_id, seller_id, created_at);
    CREATE INDEX market_trades_buyer ON market_trades (company_id, buyer_id, created_at);

    CREATE TRIGGER market_trades_no_change BEFORE UPDATE OR DELETE ON market_trades
      FOR EACH ROW EXECUTE FUNCTION kc_ledger_append_only();
    CREATE TRIGGER market_trades_no_truncate BEFORE TRUNCATE ON market_trades
      FOR EACH STATEMENT EXECUTE FUNCTION kc_ledger_append_only();
  `);
}
