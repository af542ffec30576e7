import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Whether a person has a second factor, kept on `users` by the database (issue 12, the dashboard
 * with many investors; bench/README.md, session 28).
 *
 * Every authenticated request whose session is not cached runs the session's statement, and that
 * statement asked two `EXISTS` (a confirmed authenticator app, a passkey): in PostgreSQL alone
 * they were a fifth of its cost. `users.has_second_factor` now says the same, written by triggers
 * on `user_totp` and `passkeys` in the writer's transaction (enrolment, confirmation, removal, in
 * the API or in SQL), so it is never older than the factors themselves. `kc_refresh_second_factor`
 * is the one definition of "has a factor"; the session's statement and `hasSecondFactorSql` (the
 * fresh reads of the staff gate, step-up, the login and the removals) read the column. A test holds
 * the column to the factors after every way of adding and removing one (apps/api/test/strong-auth.test.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE FUNCTION kc_refresh_second_factor(p_user uuid) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE has boolean;
BEGIN
  has := EXISTS (SELECT 1 FROM user_totp f WHERE f.user_id = p_user AND f.enrolled_at IS NOT NULL)
      OR EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = p_user);
  UPDATE users SET has_second_factor = has WHERE id = p_user AND has_second_factor IS DISTINCT FROM has;
END
$fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION kc_second_factor_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM kc_refresh_second_factor(u.id) FROM users u WHERE u.has_second_factor;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM kc_refresh_second_factor(NEW.user_id); END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id) THEN PERFORM kc_refresh_second_factor(OLD.user_id); END IF;
  RETURN NULL;
END
$fn$`,
    )
    .execute(db);
  await runStatements(db, `
    ALTER TABLE users ADD COLUMN has_second_factor boolean NOT NULL DEFAULT false;
    SELECT kc_refresh_second_factor(o.user_id) FROM (SELECT user_id FROM user_totp UNION SELECT user_id FROM passkeys) o;
    CREATE TRIGGER user_totp_second_factor AFTER INSERT OR UPDATE OF user_id, enrolled_at OR DELETE ON user_totp
      FOR EACH ROW EXECUTE FUNCTION kc_second_factor_changed();
    CREATE TRIGGER user_totp_second_factor_truncate AFTER TRUNCATE ON user_totp
      FOR EACH STATEMENT EXECUTE FUNCTION kc_second_factor_changed();
    CREATE TRIGGER passkeys_second_factor AFTER INSERT OR UPDATE OF user_id OR DELETE ON passkeys
      FOR EACH ROW EXECUTE FUNCTION kc_second_factor_changed();
    CREATE TRIGGER passkeys_second_factor_truncate AFTER TRUNCATE ON passkeys
      FOR EACH STATEMENT EXECUTE FUNCTION kc_second_factor_changed()
  `);
}
