import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The ledger's per-line guards become per-statement (issue 15's budgets; docs/decisions/0029).
 *
 * A distribution writes one line per contract: at 1M contracts, the four foreign keys of
 * `ledger_lines` (journal, company, contract, user) and the row trigger "lines are written with
 * their journal" were 5M trigger calls, ≈ 64 % of the statement (EXPLAIN ANALYZE, 2026-11-27).
 * They are replaced by one AFTER INSERT trigger FOR EACH STATEMENT that checks the new lines as a
 * set (transition table), and checks more than the keys did:
 * - every line's journal exists, belongs to the line's company and was created in this
 *   transaction (lines are never added to a journal later);
 * - a line that names a contract names a contract of its company, and its user (when given) is
 *   that contract's owner — the foreign keys only said that both rows existed;
 * - a line names a user only together with the contract it belongs to.
 * The referenced rows cannot go away behind the lines: journals are append-only (0014), a
 * contract with lines cannot be deleted nor change its id, owner or company (trigger below), and
 * a user's lines always name one of their contracts, whose own foreign key keeps the user. The
 * ledger check (`POST /api/ledger/check`) recomputes the same rules over every line.
 * The deferred balance check per journal (0014) is unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE FUNCTION kc_ledger_lines_checked_as_set() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
DECLARE
  bad record;
BEGIN
  SELECT n.journal_id, n.company_id, j.id AS found, j.company_id AS journal_company, j.xmin = pg_current_xact_id()::xid AS open
    INTO bad
    FROM (SELECT DISTINCT journal_id, company_id FROM new_lines) n
    LEFT JOIN ledger_journals j ON j.id = n.journal_id
    WHERE j.id IS NULL OR j.company_id <> n.company_id OR j.xmin <> pg_current_xact_id()::xid
    LIMIT 1;
  IF FOUND THEN
    IF bad.found IS NULL THEN
      RAISE EXCEPTION 'ledger line names journal %, which does not exist', bad.journal_id USING ERRCODE = 'foreign_key_violation';
    ELSIF bad.journal_company <> bad.company_id THEN
      RAISE EXCEPTION 'ledger journal % has lines of another company', bad.journal_id USING ERRCODE = 'check_violation';
    END IF;
    RAISE EXCEPTION 'ledger journal % is closed: lines are written with their journal, never added later', bad.journal_id USING ERRCODE = 'insufficient_privilege';
  END IF;
  SELECT n.contract_id, n.user_id INTO bad
    FROM new_lines n
    WHERE n.contract_id IS NOT NULL
      AND NOT EXISTS (
        SELECT 1 FROM contracts c
        WHERE c.id = n.contract_id AND c.company_id = n.company_id AND (n.user_id IS NULL OR c.user_id = n.user_id)
      )
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger line names contract %, which is not a contract of its company and user %', bad.contract_id, bad.user_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM new_lines n WHERE n.user_id IS NOT NULL AND n.contract_id IS NULL) THEN
    RAISE EXCEPTION 'a ledger line names a user only with the contract it belongs to' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION kc_contracts_keep_ledger_lines() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.id = OLD.id AND NEW.user_id = OLD.user_id AND NEW.company_id = OLD.company_id THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM ledger_lines WHERE contract_id = OLD.id) THEN
    RAISE EXCEPTION 'contract % has ledger lines: it cannot be deleted nor change its id, owner or company', OLD.id USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$fn$`,
    )
    .execute(db);
  await runStatements(db, `
    ALTER TABLE ledger_lines
      DROP CONSTRAINT ledger_lines_journal_id_fkey,
      DROP CONSTRAINT ledger_lines_company_id_fkey,
      DROP CONSTRAINT ledger_lines_contract_id_fkey,
      DROP CONSTRAINT ledger_lines_user_id_fkey;
    DROP TRIGGER ledger_lines_with_journal ON ledger_lines;
    DROP FUNCTION kc_ledger_lines_same_transaction();
    CREATE TRIGGER ledger_lines_checked_as_set AFTER INSERT ON ledger_lines
      REFERENCING NEW TABLE AS new_lines
      FOR EACH STATEMENT EXECUTE FUNCTION kc_ledger_lines_checked_as_set();
    CREATE TRIGGER contracts_keep_ledger_lines BEFORE DELETE OR UPDATE OF id, user_id, company_id ON contracts
      FOR EACH ROW EXECUTE FUNCTION kc_contracts_keep_ledger_lines()
  `);
}

