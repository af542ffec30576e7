import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Audit entries name people by id only (docs/decisions/0047). Entries written before kept the
 * person's data in `before`/`after`, where an erasure never reaches (the log is append-only):
 * users' and leads' e-mail and names, the address a reset link went to, both addresses of an
 * e-mail change, the agent's and customer's addresses of an assignment, a passkey's chosen name,
 * a candidate's CV file name, a recruiter's note on an application and the reason typed on a
 * contract's change. They are removed from the JSON, every entry kept; what the removal would
 * lose of a fact is kept as one (`emailChanged`, `noteChanged`, `reasonGiven`). A sales group's
 * or team's own contact (`email`, `phone` of a companyGroup or team entry) is the node's and stays.
 *
 * The append-only trigger refuses every UPDATE: it is disabled for these statements alone and
 * enabled again before the migration ends. Kysely runs the pending migrations in one transaction,
 * so the trigger is never off for anyone else, and a failure leaves it (and every entry) as it was.
 * Running it again changes nothing (each statement only touches rows that still hold a key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await scrubAuditEntries(db);
}

/** Kept on its own so that a test can run it on entries of the old shape. */
export async function scrubAuditEntries(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change;

    UPDATE audit_log
       SET before = nullif(before - 'email', '{}'::jsonb),
           after = (after - 'email') || '{"emailChanged": true}'::jsonb
     WHERE action = 'user.emailChanged' AND (before ? 'email' OR after ? 'email');

    UPDATE audit_log
       SET before = CASE WHEN before ?| ARRAY['email', 'newEmail', 'agentEmail', 'customerEmail', 'firstName', 'lastName']
                         THEN before - ARRAY['email', 'newEmail', 'agentEmail', 'customerEmail', 'firstName', 'lastName'] ELSE before END,
           after = CASE WHEN after ?| ARRAY['email', 'newEmail', 'agentEmail', 'customerEmail', 'firstName', 'lastName']
                        THEN after - ARRAY['email', 'newEmail', 'agentEmail', 'customerEmail', 'firstName', 'lastName'] ELSE after END
     WHERE entity_type NOT IN ('companyGroup', 'team')
       AND (before ?| ARRAY['email', 'newEmail', 'agentEmail', 'customerEmail', 'firstName', 'lastName']
            OR after ?| ARRAY['email', 'newEmail', 'agentEmail', 'customerEmail', 'firstName', 'lastName']);

    UPDATE audit_log SET after = after - 'name'
     WHERE action IN ('user.secondFactorEnrolled', 'user.secondFactorRemoved', 'user.passkeySignIn') AND after ? 'name';

    UPDATE audit_log SET after = nullif(after - 'fileName', '{}'::jsonb)
     WHERE action = 'jobApplication.downloadCv' AND after ? 'fileName';

    UPDATE audit_log
       SET before = before - 'note',
           after = (after - 'note') || jsonb_build_object('noteChanged', coalesce(before -> 'note', 'null'::jsonb) IS DISTINCT FROM coalesce(after -> 'note', 'null'::jsonb))
     WHERE action = 'jobApplication.changeStatus' AND (before ? 'note' OR after ? 'note');

    UPDATE audit_log SET after = (after - 'reason') || '{"reasonGiven": true}'::jsonb
     WHERE entity_type = 'contract' AND after ? 'reason';

    ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change;
  `);
}
