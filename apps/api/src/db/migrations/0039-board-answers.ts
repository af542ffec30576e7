import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The kept board as the dashboard's answer itself (issue 12, docs/decisions/0040-board-answers.md).
 *
 * Migration 0038 kept each owner's first dashboard page as data (`{"counts", "rows"}`) that the
 * API parsed, turned into the answer and wrote out again on every request. Its CPU profile put
 * that parse and write at ≈ 100 µs of the ≈ 450 µs the API spends on a request. Each owner's
 * `contract_boards` row now holds the JSON text of `GET /api/dashboard` (all states, page 0,
 * ten contracts), written by `kc_contract_board_answer` when a statement changes the owner's
 * contracts or waivers; the API sends it as it is.
 *
 * The answer is the one the API writes from `kc_contract_board` (contracts service `getDashboard`):
 * the page envelope of `toPage`, the summaries of `toSummary` (a NEW contract's reflection period
 * ends at 00:00 Europe/Madrid of the fifth day after its hire's Madrid date, `reflectionPeriodEnd`;
 * instants as `toISOString` writes them), the five states' counters and ALL. A test compares the
 * two for every owner of a varied data set (apps/api/test/contract-boards.test.ts).
 *
 * The `board` column stays, written as before next to `answer`: during a rolling upgrade the
 * instances still on the previous version read it (their session statement names it), so dropping
 * it here would fail their dashboards until they restart. A later release drops it and the
 * function that writes it (docs/decisions/0040-board-answers.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE FUNCTION kc_contract_board_answer(p_company text, p_user uuid) RETURNS text LANGUAGE plpgsql STABLE AS $fn$
DECLARE
  n_new bigint; n_active bigint; n_standby bigint; n_archived bigint; n_deleted bigint; total bigint;
  content text; shown bigint; pages bigint;
BEGIN
  SELECT count(*) FILTER (WHERE state = 'NEW'), count(*) FILTER (WHERE state = 'ACTIVE'),
         count(*) FILTER (WHERE state = 'STANDBY'), count(*) FILTER (WHERE state = 'ARCHIVED'),
         count(*) FILTER (WHERE state = 'DELETED')
    INTO n_new, n_active, n_standby, n_archived, n_deleted
    FROM contracts WHERE company_id = p_company AND user_id = p_user;
  total := n_new + n_active + n_standby + n_archived + n_deleted;
  SELECT coalesce(string_agg(s.summary, ',' ORDER BY s.submission_date DESC, s.id DESC), ''), count(*)
    INTO content, shown
    FROM (SELECT k.submission_date, k.id,
                 CASE WHEN k.state = 'NEW' THEN
                   (SELECT row_to_json(x)::text FROM (SELECT k.id, k.product_key AS "productKey", k.state AS "userContractState",
                           k.initial_investment::text AS "initialInvestment", k.recurring_amount::text AS "recurringAmmount",
                           to_char(k.submission_date, 'YYYY-MM-DD') AS "submissionDate", to_char(k.expiring_date, 'YYYY-MM-DD') AS "expiringDate",
                           k.contract_period_type AS "contractPeriodType",
                           (SELECT row_to_json(r) FROM (SELECT
                              to_char((((k.created_at AT TIME ZONE 'Europe/Madrid')::date + 5)::timestamp AT TIME ZONE 'Europe/Madrid') AT TIME ZONE 'UTC',
                                      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "endsAt",
                              (SELECT to_char(w.waived_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                                 FROM contract_reflection_waivers w WHERE w.contract_id = k.id) AS "waivedAt") r) AS reflection) x)
                 ELSE
                   (SELECT row_to_json(x)::text FROM (SELECT k.id, k.product_key AS "productKey", k.state AS "userContractState",
                           k.initial_investment::text AS "initialInvestment", k.recurring_amount::text AS "recurringAmmount",
                           to_char(k.submission_date, 'YYYY-MM-DD') AS "submissionDate", to_char(k.expiring_date, 'YYYY-MM-DD') AS "expiringDate",
                           k.contract_period_type AS "contractPeriodType") x)
                 END AS summary
            FROM contracts k
           WHERE k.company_id = p_company AND k.user_id = p_user
           ORDER BY k.submission_date DESC, k.id DESC
           LIMIT 10) s;
  pages := (total + 9) / 10;
  RETURN '{"contracts":{"content":[' || content
    || '],"pageable":{"pageNumber":0,"pageSize":10,"offset":0,"sort":{"sorted":false,"unsorted":true,"empty":true}},"totalElements":' || total
    || ',"totalPages":' || pages || ',"first":true,"last":' || (pages <= 1)::text || ',"number":0,"numberOfElements":' || shown
    || ',"size":10,"empty":' || (shown = 0)::text
    || '},"facets":{"NEW":' || n_new || ',"ACTIVE":' || n_active || ',"STANDBY":' || n_standby || ',"ARCHIVED":' || n_archived
    || ',"DELETED":' || n_deleted || ',"ALL":' || total || '}}';
END
$fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION kc_write_contract_boards(p_companies text[], p_users uuid[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO contract_boards (company_id, user_id, board, answer)
    SELECT o.c, o.u, '{"counts": {}, "rows": []}'::json, '' FROM unnest(p_companies, p_users) AS o(c, u) ORDER BY o.c, o.u
    ON CONFLICT (company_id, user_id) DO NOTHING;
  PERFORM 1 FROM contract_boards b JOIN unnest(p_companies, p_users) AS o(c, u) ON b.company_id = o.c AND b.user_id = o.u
    ORDER BY b.company_id, b.user_id FOR UPDATE OF b;
  UPDATE contract_boards b SET board = kc_contract_board(b.company_id, b.user_id, NULL, 10, 0),
                               answer = kc_contract_board_answer(b.company_id, b.user_id)
    FROM unnest(p_companies, p_users) AS o(c, u) WHERE b.company_id = o.c AND b.user_id = o.u;
END
$fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION kc_rebuild_contract_boards() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  -- Every board written again from the contracts (after a bulk load without triggers, or a
  -- TRUNCATE of the waivers); owners left without contracts lose theirs.
  DELETE FROM contract_boards b
   WHERE NOT EXISTS (SELECT 1 FROM contracts k WHERE k.company_id = b.company_id AND k.user_id = b.user_id);
  INSERT INTO contract_boards (company_id, user_id, board, answer)
    SELECT o.company_id, o.user_id, kc_contract_board(o.company_id, o.user_id, NULL, 10, 0), kc_contract_board_answer(o.company_id, o.user_id)
      FROM (SELECT DISTINCT company_id, user_id FROM contracts) o
    ON CONFLICT (company_id, user_id) DO UPDATE SET board = EXCLUDED.board, answer = EXCLUDED.answer;
END
$fn$`,
    )
    .execute(db);
  await runStatements(db, `
    ALTER TABLE contract_boards ADD COLUMN answer text NOT NULL DEFAULT '';
    ALTER TABLE contract_boards ALTER COLUMN answer DROP DEFAULT;
    UPDATE contract_boards SET answer = kc_contract_board_answer(company_id, user_id)
  `);
}
