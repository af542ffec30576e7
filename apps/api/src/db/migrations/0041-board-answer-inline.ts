import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The kept answer alone, in its row (issue 12, docs/decisions/0041-board-answer-inline.md).
 *
 * - The `board` column of migration 0038 is dropped, and the board functions stop writing it.
 *   Migration 0039 kept it for the instances of the version before, which read it; the version
 *   before this one reads `answer` only (decision 0040's rolling-upgrade rule).
 * - `answer` is kept in the row, uncompressed, up to `toast_tuple_target` (8160 bytes, a whole
 *   page): with the table's default (≈ 2 kB) PostgreSQL compressed every answer (≈ 2.9 kB for ten
 *   contracts) and moved most of them to the TOAST table, so every dashboard read went through a
 *   second index and a decompression. Past 8160 bytes it is compressed in the row (STORAGE MAIN),
 *   and only past a page moved out of it.
 * - Every existing answer is written again (`answer || ''` is a new, plain value), so the rows
 *   take the new storage now rather than on their owner's next change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION kc_write_contract_boards(p_companies text[], p_users uuid[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO contract_boards (company_id, user_id, answer)
    SELECT o.c, o.u, '' FROM unnest(p_companies, p_users) AS o(c, u) ORDER BY o.c, o.u
    ON CONFLICT (company_id, user_id) DO NOTHING;
  PERFORM 1 FROM contract_boards b JOIN unnest(p_companies, p_users) AS o(c, u) ON b.company_id = o.c AND b.user_id = o.u
    ORDER BY b.company_id, b.user_id FOR UPDATE OF b;
  UPDATE contract_boards b SET answer = kc_contract_board_answer(b.company_id, b.user_id)
    FROM unnest(p_companies, p_users) AS o(c, u) WHERE b.company_id = o.c AND b.user_id = o.u;
END
$fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION kc_rebuild_contract_boards() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  -- Every board written again from the contracts (after a bulk load without triggers, a TRUNCATE
  -- of the waivers, or a change to Madrid's time-zone rules); owners left without contracts lose theirs.
  DELETE FROM contract_boards b
   WHERE NOT EXISTS (SELECT 1 FROM contracts k WHERE k.company_id = b.company_id AND k.user_id = b.user_id);
  INSERT INTO contract_boards (company_id, user_id, answer)
    SELECT o.company_id, o.user_id, kc_contract_board_answer(o.company_id, o.user_id)
      FROM (SELECT DISTINCT company_id, user_id FROM contracts) o
    ON CONFLICT (company_id, user_id) DO UPDATE SET answer = EXCLUDED.answer;
END
$fn$`,
    )
    .execute(db);
  await runStatements(db, `
    ALTER TABLE contract_boards DROP COLUMN board;
    ALTER TABLE contract_boards SET (toast_tuple_target = 8160);
    ALTER TABLE contract_boards ALTER COLUMN answer SET STORAGE MAIN;
    UPDATE contract_boards SET answer = answer || ''
  `);
}
