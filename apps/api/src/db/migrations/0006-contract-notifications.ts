import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Every committed change to `contracts` is announced on the channel `kc_contract_owners` with
 * the owner's `company_id user_id` as payload ('*' after a TRUNCATE), whoever made it: this API
 * process, another instance, or SQL run by hand (not with triggers disabled, e.g.
 * `session_replication_role = replica`). API processes LISTEN on it to keep their
 * dashboard caches coherent (docs/decisions/0009-dashboard-cache.md). PostgreSQL sends a
 * notification only when the transaction commits and folds duplicates within one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement with semicolons inside its body: run on its own, not split by runStatements.
  await sql
    .raw(
      `CREATE FUNCTION kc_notify_contract_owner() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('kc_contract_owners', '*');
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('kc_contract_owners', OLD.company_id || ' ' || OLD.user_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('kc_contract_owners', NEW.company_id || ' ' || NEW.user_id);
  END IF;
  RETURN NULL;
END
$fn$`,
    )
    .execute(db);
  await runStatements(db, `
    CREATE TRIGGER contracts_notify_owner AFTER INSERT OR UPDATE OR DELETE ON contracts
      FOR EACH ROW EXECUTE FUNCTION kc_notify_contract_owner();
    CREATE TRIGGER contracts_notify_truncate AFTER TRUNCATE ON contracts
      FOR EACH STATEMENT EXECUTE FUNCTION kc_notify_contract_owner();
  `);
}
