import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The money ledger (issue 15), every table tenant-scoped by `company_id`:
 * - `ledger_journals` + `ledger_lines`: double entry. A line's amount is signed (debit > 0,
 *   credit < 0), `numeric(24,6)`; EUR lines carry at most 2 decimals, KC units (`KCU`) 6. A
 *   deferred constraint trigger refuses, at commit, a journal with fewer than two lines or whose
 *   lines do not sum to zero in each currency; lines are written in their journal's own
 *   transaction, never added to a journal later. Both tables are append-only (UPDATE, DELETE and TRUNCATE refused): a mistake
 *   is corrected by a reversing journal (`reverses_journal_id`, at most one per journal).
 * - `kc_prices`: the published KC reference price per value date (one per date), with the asset
 *   report it comes from and who published it. Append-only too: payments were priced with it.
 * - `payments`: a received payment of a contract and the journal that booked it; the reference
 *   is unique per company, so recording (or importing) the same payment twice books it once.
 *   The schedule is computed from the contract (packages/domain ledger/schedule.ts): no table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE FUNCTION kc_ledger_append_only() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused (correct with a reversing journal)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$fn$`,
    )
    .execute(db);
  // Checks one journal at commit. Deferred events fire in insertion order, so the lines of one
  // journal come one after another: the last journal checked is remembered (transaction-local)
  // and its following lines skip the check. Every INSERT statement forgets it (see the
  // statement trigger below), so lines added after an early check are checked again.
  await sql
    .raw(
      `CREATE FUNCTION kc_ledger_check_journal() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
DECLARE
  jid bigint;
  jcompany text;
  line_count bigint;
  bad record;
BEGIN
  IF TG_TABLE_NAME = 'ledger_journals' THEN
    jid := NEW.id;
  ELSE
    jid := NEW.journal_id;
  END IF;
  IF coalesce(current_setting('kc.ledger_checked', true), '') = jid::text THEN
    RETURN NULL;
  END IF;
  SELECT company_id INTO jcompany FROM ledger_journals WHERE id = jid;
  SELECT count(*) INTO line_count FROM ledger_lines WHERE journal_id = jid;
  IF line_count < 2 THEN
    RAISE EXCEPTION 'ledger journal % has % line(s): a journal needs at least two', jid, line_count USING ERRCODE = 'check_violation';
  END IF;
  SELECT currency, sum(amount) AS total INTO bad FROM ledger_lines WHERE journal_id = jid GROUP BY currency HAVING sum(amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger journal % does not balance in %: lines sum to %', jid, bad.currency, bad.total USING ERRCODE = 'check_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM ledger_lines WHERE journal_id = jid AND company_id <> jcompany) THEN
    RAISE EXCEPTION 'ledger journal % has lines of another company', jid USING ERRCODE = 'check_violation';
  END IF;
  PERFORM set_config('kc.ledger_checked', jid::text, true);
  RETURN NULL;
END
$fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION kc_ledger_forget_checked() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
BEGIN
  PERFORM set_config('kc.ledger_checked', '', true);
  RETURN NULL;
END
$fn$`,
    )
    .execute(db);
  // A journal is written once: its lines are inserted in the transaction that created it (the
  // row's xmin is this transaction's id; ledger writes use no savepoints), never added later.
  await sql
    .raw(
      `CREATE FUNCTION kc_ledger_lines_same_transaction() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger_journals WHERE id = NEW.journal_id AND xmin = pg_current_xact_id()::xid) THEN
    RAISE EXCEPTION 'ledger journal % is closed: lines are written with their journal, never added later', NEW.journal_id USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$fn$`,
    )
    .execute(db);
  await runStatements(db, `
    CREATE TABLE kc_prices (
      company_id text NOT NULL REFERENCES companies(id),
      value_date date NOT NULL,
      price numeric(18,6) NOT NULL CHECK (price > 0),
      asset_report text NOT NULL CHECK (length(asset_report) BETWEEN 3 AND 500),
      published_by uuid REFERENCES users(id),
      published_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, value_date)
    );

    CREATE TABLE ledger_journals (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id text NOT NULL REFERENCES companies(id),
      kind text NOT NULL CHECK (kind IN ('PAYMENT', 'DISTRIBUTION', 'REVERSAL')),
      occurred_on date NOT NULL,
      description text NOT NULL,
      reverses_journal_id bigint REFERENCES ledger_journals(id),
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((kind = 'REVERSAL') = (reverses_journal_id IS NOT NULL))
    );
    CREATE UNIQUE INDEX ledger_journals_reversal ON ledger_journals (reverses_journal_id) WHERE reverses_journal_id IS NOT NULL;
    CREATE INDEX ledger_journals_company ON ledger_journals (company_id, occurred_on, id);

    CREATE TABLE ledger_lines (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      journal_id bigint NOT NULL REFERENCES ledger_journals(id),
      company_id text NOT NULL REFERENCES companies(id),
      account text NOT NULL CHECK (account IN ('BANK', 'FUND_CAPITAL', 'ROUNDING', 'INCOME_SOURCE', 'INCOME_PAYABLE', 'INVESTOR_UNITS', 'KC_UNITS_ISSUED')),
      currency text NOT NULL CHECK (currency IN ('EUR', 'KCU')),
      amount numeric(24,6) NOT NULL CHECK (amount <> 0),
      contract_id uuid REFERENCES contracts(id),
      user_id uuid REFERENCES users(id),
      CHECK ((currency = 'KCU') = (account IN ('INVESTOR_UNITS', 'KC_UNITS_ISSUED'))),
      CHECK (currency = 'KCU' OR amount = round(amount, 2)),
      CHECK (account NOT IN ('INVESTOR_UNITS', 'INCOME_PAYABLE') OR contract_id IS NOT NULL)
    );
    CREATE INDEX ledger_lines_journal ON ledger_lines (journal_id);
    CREATE INDEX ledger_lines_contract ON ledger_lines (contract_id, account) INCLUDE (amount) WHERE contract_id IS NOT NULL;
    CREATE INDEX ledger_lines_company_account ON ledger_lines (company_id, account);

    CREATE TABLE payments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      contract_id uuid NOT NULL REFERENCES contracts(id),
      user_id uuid NOT NULL REFERENCES users(id),
      amount numeric(14,2) NOT NULL CHECK (amount > 0),
      value_date date NOT NULL,
      method text NOT NULL CHECK (method IN ('TRANSFER', 'DIRECT_DEBIT', 'CARD')),
      reference text NOT NULL CHECK (length(reference) BETWEEN 1 AND 64),
      price numeric(18,6) NOT NULL,
      price_date date NOT NULL,
      units numeric(24,6) NOT NULL,
      journal_id bigint NOT NULL UNIQUE REFERENCES ledger_journals(id),
      recorded_by uuid REFERENCES users(id),
      recorded_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (company_id, reference),
      FOREIGN KEY (company_id, price_date) REFERENCES kc_prices (company_id, value_date)
    );
    CREATE INDEX payments_contract ON payments (contract_id, value_date, id);

    CREATE CONSTRAINT TRIGGER ledger_journals_balanced AFTER INSERT ON ledger_journals
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION kc_ledger_check_journal();
    CREATE CONSTRAINT TRIGGER ledger_lines_balanced AFTER INSERT ON ledger_lines
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION kc_ledger_check_journal();
    CREATE TRIGGER ledger_lines_with_journal BEFORE INSERT ON ledger_lines
      FOR EACH ROW EXECUTE FUNCTION kc_ledger_lines_same_transaction();
    CREATE TRIGGER ledger_lines_forget_checked AFTER INSERT ON ledger_lines
      FOR EACH STATEMENT EXECUTE FUNCTION kc_ledger_forget_checked();

    CREATE TRIGGER ledger_journals_no_change BEFORE UPDATE OR DELETE ON ledger_journals
      FOR EACH ROW EXECUTE FUNCTION kc_ledger_append_only();
    CREATE TRIGGER ledger_journals_no_truncate BEFORE TRUNCATE ON ledger_journals
      FOR EACH STATEMENT EXECUTE FUNCTION kc_ledger_append_only();
    CREATE TRIGGER ledger_lines_no_change BEFORE UPDATE OR DELETE ON ledger_lines
      FOR EACH ROW EXECUTE FUNCTION kc_ledger_append_only();
    CREATE TRIGGER ledger_lines_no_truncate BEFORE TRUNCATE ON ledger_lines
      FOR EACH STATEMENT EXECUTE FUNCTION kc_ledger_append_only();
    CREATE TRIGGER kc_prices_no_change BEFORE UPDATE OR DELETE ON kc_prices
      FOR EACH ROW EXECUTE FUNCTION kc_ledger_append_only();
    CREATE TRIGGER kc_prices_no_truncate BEFORE TRUNCATE ON kc_prices
      FOR EACH STATEMENT EXECUTE FUNCTION kc_ledger_append_only();
    CREATE TRIGGER payments_no_change BEFORE UPDATE OR DELETE ON payments
      FOR EACH ROW EXECUTE FUNCTION kc_ledger_append_only();
    CREATE TRIGGER payments_no_truncate BEFORE TRUNCATE ON payments
      FOR EACH STATEMENT EXECUTE FUNCTION kc_ledger_append_only();
  `);
}
