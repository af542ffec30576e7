import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The investor's board, kept by the database (issue 12, docs/decisions/0039-contract-boards.md).
 *
 * `kc_contract_board(company, user, state, limit, offset)` is the dashboard's one read: the
 * owner's count per state and one page of their contracts (newest first), in all states (state
 * NULL) or in one, as `{"counts": {...}, "rows": [...]}`. It is PL/pgSQL so that each connection
 * plans its statement once.
 *
 * `contract_boards` keeps, per owner, the board everyone opens first: all states, page 0, the
 * page size of the dashboard (10). Every statement that changes `contracts`, or waives a
 * reflection period, rewrites the boards of the owners it touched in the same transaction, so a
 * board is never older than the committed contracts. Two transactions changing one owner's
 * contracts write the board one after the other: each locks the owners' board rows first (in one
 * order), and the rewrite that follows reads with a snapshot taken after that lock, so the later
 * one sees the earlier one's committed rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Statements with semicolons inside their bodies: each run on its own, not split by runStatements.
  await sql
    .raw(
      `CREATE FUNCTION kc_contract_board(p_company text, p_user uuid, p_state text, p_limit integer, p_offset integer)
RETURNS json LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  RETURN json_build_object(
    'counts', (SELECT coalesce(json_object_agg(c.state, c.n), '{}')
                 FROM (SELECT state, count(*) AS n FROM contracts WHERE company_id = p_company AND user_id = p_user GROUP BY state) c),
    'rows', (SELECT coalesce(json_agg(p ORDER BY p.submission_date DESC, p.id DESC), '[]')
               FROM (SELECT id, product_key, state, initial_investment::text AS initial_investment,
                            recurring_amount::text AS recurring_amount, to_char(submission_date, 'YYYY-MM-DD') AS submission_date,
                            to_char(expiring_date, 'YYYY-MM-DD') AS expiring_date, contract_period_type, created_at,
                            (SELECT w.waived_at FROM contract_reflection_waivers w WHERE w.contract_id = k.id) AS waived_at
                       FROM contracts k
                      WHERE k.company_id = p_company AND k.user_id = p_user AND (p_state IS NULL OR k.state = p_state)
                      ORDER BY k.submission_date DESC, k.id DESC
                      LIMIT p_limit OFFSET p_offset) p));
END
$fn$`,
    )
    .execute(db);
  await runStatements(db, `
    CREATE TABLE contract_boards (
      company_id text NOT NULL,
      user_id uuid NOT NULL,
      board json NOT NULL,
      PRIMARY KEY (company_id, user_id)
    )
  `);
  await sql
    .raw(
      `CREATE FUNCTION kc_write_contract_boards(p_companies text[], p_users uuid[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO contract_boards (company_id, user_id, board)
    SELECT o.c, o.u, '{"counts": {}, "rows": []}'::json FROM unnest(p_companies, p_users) AS o(c, u) ORDER BY o.c, o.u
    ON CONFLICT (company_id, user_id) DO NOTHING;
  PERFORM 1 FROM contract_boards b JOIN unnest(p_companies, p_users) AS o(c, u) ON b.company_id = o.c AND b.user_id = o.u
    ORDER BY b.company_id, b.user_id FOR UPDATE OF b;
  UPDATE contract_boards b SET board = kc_contract_board(b.company_id, b.user_id, NULL, 10, 0)
    FROM unnest(p_companies, p_users) AS o(c, u) WHERE b.company_id = o.c AND b.user_id = o.u;
END
$fn$`,
    )
    .execute(db);
  // Transition tables are seen only by the trigger's own function: it hands the owners on as arrays.
  // One function for every event; PL/pgSQL plans a statement when it first runs, so each event's
  // branch names only the transition tables that event has.
  await sql
    .raw(
      `CREATE FUNCTION kc_contract_boards_after_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE companies text[]; users uuid[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM contract_boards;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(o.company_id), array_agg(o.user_id) INTO companies, users
      FROM (SELECT DISTINCT company_id, user_id FROM new_rows) o;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.company_id), array_agg(o.user_id) INTO companies, users
      FROM (SELECT DISTINCT company_id, user_id FROM old_rows) o;
  ELSE
    -- Only owners whose board can change: a row that moved, or changed a column the board shows.
    SELECT array_agg(o.company_id), array_agg(o.user_id) INTO companies, users
      FROM (SELECT n.company_id, n.user_id FROM new_rows n LEFT JOIN old_rows b ON b.id = n.id
             WHERE b.id IS NULL
                OR (n.company_id, n.user_id, n.product_key, n.state, n.initial_investment, n.recurring_amount,
                    n.submission_date, n.expiring_date, n.contract_period_type, n.created_at)
                   IS DISTINCT FROM
                   (b.company_id, b.user_id, b.product_key, b.state, b.initial_investment, b.recurring_amount,
                    b.submission_date, b.expiring_date, b.contract_period_type, b.created_at)
            UNION
            SELECT b.company_id, b.user_id FROM old_rows b LEFT JOIN new_rows n ON n.id = b.id
             WHERE n.id IS NULL OR (n.company_id, n.user_id) IS DISTINCT FROM (b.company_id, b.user_id)) o;
  END IF;
  IF companies IS NOT NULL THEN PERFORM kc_write_contract_boards(companies, users); END IF;
  RETURN NULL;
END
$fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION kc_contract_boards_after_waiver() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE companies text[]; users uuid[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM kc_rebuild_contract_boards();
    PERFORM pg_notify('kc_contract_owners', '*');
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(o.company_id), array_agg(o.user_id) INTO companies, users
      FROM (SELECT DISTINCT k.company_id, k.user_id FROM new_rows w JOIN contracts k ON k.id = w.contract_id) o;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(o.company_id), array_agg(o.user_id) INTO companies, users
      FROM (SELECT k.company_id, k.user_id FROM new_rows w JOIN contracts k ON k.id = w.contract_id
            UNION SELECT k.company_id, k.user_id FROM old_rows w JOIN contracts k ON k.id = w.contract_id) o;
  ELSE
    SELECT array_agg(o.company_id), array_agg(o.user_id) INTO companies, users
      FROM (SELECT DISTINCT k.company_id, k.user_id FROM old_rows w JOIN contracts k ON k.id = w.contract_id) o;
  END IF;
  IF companies IS NOT NULL THEN
    PERFORM kc_write_contract_boards(companies, users);
    -- The waiver shows on the board: every instance's answer cache forgets these owners' pages.
    PERFORM pg_notify('kc_contract_owners', o.c || ' ' || o.u) FROM unnest(companies, users) AS o(c, u);
  END IF;
  RETURN NULL;
END
$fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION kc_rebuild_contract_boards() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  -- Every board written again from the contracts (after a bulk load without triggers, or a
  -- TRUNCATE of the waivers); owners left without contracts lose theirs.
  DELETE FROM contract_boards b
   WHERE NOT EXISTS (SELECT 1 FROM contracts k WHERE k.company_id = b.company_id AND k.user_id = b.user_id);
  INSERT INTO contract_boards (company_id, user_id, board)
    SELECT o.company_id, o.user_id, kc_contract_board(o.company_id, o.user_id, NULL, 10, 0)
      FROM (SELECT DISTINCT company_id, user_id FROM contracts) o
    ON CONFLICT (company_id, user_id) DO UPDATE SET board = EXCLUDED.board;
END
$fn$`,
    )
    .execute(db);
  await runStatements(db, `
    CREATE TRIGGER contracts_boards_insert AFTER INSERT ON contracts
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kc_contract_boards_after_change();
    CREATE TRIGGER contracts_boards_update AFTER UPDATE ON contracts
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kc_contract_boards_after_change();
    CREATE TRIGGER contracts_boards_delete AFTER DELETE ON contracts
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kc_contract_boards_after_change();
    CREATE TRIGGER contracts_boards_truncate AFTER TRUNCATE ON contracts
      FOR EACH STATEMENT EXECUTE FUNCTION kc_contract_boards_after_change();
    CREATE TRIGGER reflection_waivers_boards_insert AFTER INSERT ON contract_reflection_waivers
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kc_contract_boards_after_waiver();
    CREATE TRIGGER reflection_waivers_boards_update AFTER UPDATE ON contract_reflection_waivers
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kc_contract_boards_after_waiver();
    CREATE TRIGGER reflection_waivers_boards_delete AFTER DELETE ON contract_reflection_waivers
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kc_contract_boards_after_waiver();
    CREATE TRIGGER reflection_waivers_boards_truncate AFTER TRUNCATE ON contract_reflection_waivers
      FOR EACH STATEMENT EXECUTE FUNCTION kc_contract_boards_after_waiver();
    SELECT kc_rebuild_contract_boards()
  `);
}
