import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Notifications and tasks (docs/decisions/0011-notifications.md).
 *
 * - `notifications`: one row per item of a user's inbox, its title stored as a message key and
 *   parameters (rendered in the reader's language), its links as label keys and web paths.
 * - `notification_inboxes`: one row per user with an inbox: the last event number (`last_seq`)
 *   and the unread count. Every change to a user's items takes this row's lock, so a user's
 *   event numbers are gapless and committed in order: a stream that resumes after event N
 *   misses nothing and repeats nothing.
 * - `notification_events`: what changed, numbered per user (the SSE event ids), with the unread
 *   count right after the change. Each insert announces 'inbox <user id>' on `kc_notifications`
 *   (delivered at commit; PostgreSQL folds one transaction's duplicates).
 * - `notification_stream_tickets`: single-use tickets (hashed) that open one stream, bound to
 *   the access token they were issued under.
 * - Sessions ending (a token revoked or deleted, a user deactivated or deleted) are announced
 *   as 'session <user id>' on the same channel, so open streams close at once on every
 *   instance (one channel: one LISTEN connection per instance).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE notifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id text NOT NULL REFERENCES companies(id),
      user_id uuid NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('notification', 'task')),
      severity text NOT NULL CHECK (severity IN ('HIGH', 'NORMAL', 'LOW')),
      message_key text NOT NULL,
      params jsonb NOT NULL DEFAULT '{}',
      links jsonb NOT NULL DEFAULT '[]',
      subject_type text,
      subject_id text,
      task_type text,
      task_state text CHECK (task_state IN ('open', 'done')),
      completed_at timestamptz,
      completed_by uuid REFERENCES users(id),
      read_at timestamptz,
      dismissed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      -- The number of the event that made it: the inbox's order (newest first), stable within a transaction.
      created_seq bigint NOT NULL,
      CHECK ((kind = 'task') = (task_type IS NOT NULL AND task_state IS NOT NULL)),
      CHECK ((subject_type IS NULL) = (subject_id IS NULL))
    );
    CREATE INDEX notifications_inbox ON notifications (user_id, created_seq DESC) WHERE dismissed_at IS NULL;
    CREATE INDEX notifications_open_tasks ON notifications (company_id, subject_type, subject_id, task_type) WHERE task_state = 'open';
    CREATE TABLE notification_inboxes (
      user_id uuid PRIMARY KEY REFERENCES users(id),
      company_id text NOT NULL REFERENCES companies(id),
      last_seq bigint NOT NULL DEFAULT 0,
      unread integer NOT NULL DEFAULT 0 CHECK (unread >= 0)
    );
    CREATE TABLE notification_events (
      user_id uuid NOT NULL REFERENCES users(id),
      seq bigint NOT NULL,
      company_id text NOT NULL REFERENCES companies(id),
      type text NOT NULL CHECK (type IN ('created', 'updated', 'all-read')),
      notification_id uuid REFERENCES notifications(id),
      unread integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, seq)
    );
    CREATE TABLE notification_stream_tickets (
      ticket_hash text PRIMARY KEY,
      token_hash text NOT NULL REFERENCES access_tokens(token_hash) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id),
      company_id text NOT NULL REFERENCES companies(id),
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX notification_stream_tickets_expiry ON notification_stream_tickets (expires_at);
  `);
  // Statements with semicolons inside their bodies: run one by one, not split.
  await sql
    .raw(
      `CREATE FUNCTION kc_notify_inbox() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('kc_notifications', 'inbox ' || NEW.user_id::text);
  RETURN NULL;
END
$fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION kc_notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('kc_notifications', 'session ' || NEW.id::text);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('kc_notifications', 'session ' || OLD.user_id::text);
  ELSE
    PERFORM pg_notify('kc_notifications', 'session ' || NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$fn$`,
    )
    .execute(db);
  await runStatements(db, `
    CREATE TRIGGER notification_events_notify AFTER INSERT ON notification_events
      FOR EACH ROW EXECUTE FUNCTION kc_notify_inbox();
    CREATE TRIGGER access_tokens_revoked AFTER UPDATE OF revoked_at ON access_tokens
      FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION kc_notify_session_ended();
    CREATE TRIGGER access_tokens_deleted AFTER DELETE ON access_tokens
      FOR EACH ROW EXECUTE FUNCTION kc_notify_session_ended();
    CREATE TRIGGER users_session_ended AFTER UPDATE OF is_active, is_deleted ON users
      FOR EACH ROW WHEN ((OLD.is_active AND NOT NEW.is_active) OR (NOT OLD.is_deleted AND NEW.is_deleted)) EXECUTE FUNCTION kc_notify_session_ended();
  `);
}
