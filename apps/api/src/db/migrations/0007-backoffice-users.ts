import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/** Letters folded for the user search: accents removed (ñ → n, ç → c), then lower case. */
const ACCENTED = 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ';
const PLAIN = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCcYyy';

/**
 * The back office (issue 13):
 * - `audit_log`: append-only. A trigger refuses UPDATE, DELETE and TRUNCATE, so not even SQL
 *   run by hand changes an entry (short of disabling triggers or dropping the table).
 * - `password_tokens`: one-time links to set a first password (a user created by staff) or to
 *   reset one; only the SHA-256 hash of the token is stored.
 * - `users.search_text`: name, e-mail and DNI/NIE folded by `kc_fold` (no accents, lower
 *   case), kept by a trigger on every write, with a trigram index (pg_trgm, which PGlite ships
 *   as an extension too) so that `LIKE '%fragment%'` is fast at 100k users; the role filter
 *   (`roles @> ARRAY[role]`) has a GIN index of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Several test schemas of one database may race to create the extension: the loser goes on.
  await sql
    .raw(
      `DO $do$ BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
END $do$`,
    )
    .execute(db);
  await sql
    .raw(`CREATE FUNCTION kc_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$ SELECT lower(translate(value, '${ACCENTED}', '${PLAIN}')) $fn$`)
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION kc_user_search_text() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.search_text := kc_fold(NEW.first_name || ' ' || NEW.last_name || ' ' || NEW.email || ' ' || coalesce(NEW.dni, ''));
  RETURN NEW;
END
$fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION kc_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$fn$`,
    )
    .execute(db);
  await runStatements(db, `
    ALTER TABLE users ADD COLUMN search_text text NOT NULL DEFAULT '';
    CREATE TRIGGER users_search_text BEFORE INSERT OR UPDATE OF first_name, last_name, email, dni ON users
      FOR EACH ROW EXECUTE FUNCTION kc_user_search_text();
    UPDATE users SET search_text = kc_fold(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(dni, ''));
    CREATE INDEX users_search_trgm ON users USING gin (search_text public.gin_trgm_ops);
    CREATE INDEX users_roles ON users USING gin (roles);

    CREATE TABLE password_tokens (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id),
      company_id text NOT NULL REFERENCES companies(id),
      purpose text NOT NULL CHECK (purpose IN ('SET', 'RESET')),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX password_tokens_user ON password_tokens (user_id) WHERE used_at IS NULL;

    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id text NOT NULL REFERENCES companies(id),
      actor_id uuid REFERENCES users(id),
      ip_address text,
      at timestamptz NOT NULL DEFAULT now(),
      entity_type text NOT NULL,
      entity_id text NOT NULL,
      action text NOT NULL,
      before jsonb,
      after jsonb
    );
    CREATE INDEX audit_log_company_at ON audit_log (company_id, at DESC, id DESC);
    CREATE INDEX audit_log_entity ON audit_log (company_id, entity_id, id DESC);
    CREATE INDEX audit_log_actor ON audit_log (company_id, actor_id, id DESC);
    CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION kc_audit_log_append_only();
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION kc_audit_log_append_only();
  `);
}
