import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { forgetSessions } from '../../lib/session-cache.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

export function findClient(db: TExecutor, clientId: string) {
  return db.selectFrom('oauth_clients').select(['id', 'secret_hash']).where('id', '=', clientId).executeTakeFirst();
}

/**
 * A login's writes in one statement (so one round trip and one commit): the new token, and the
 * user's last logon.
 */
export async function insertAccessTokenAndLogon(
  db: TExecutor,
  token: { tokenHash: string; userId: string; companyId: string; clientId: string; expiresAt: Date },
): Promise<void> {
  await db
    .with('token', (qb) =>
      qb.insertInto('access_tokens').values({
        token_hash: token.tokenHash,
        user_id: token.userId,
        company_id: token.companyId,
        client_id: token.clientId,
        expires_at: token.expiresAt,
      }),
    )
    .updateTable('users')
    .set({ last_logon_at: sql<Date>`now()` })
    .where('id', '=', token.userId)
    .execute();
}

/** Revokes one token by its hash (no error when it does not exist or is already revoked); this process forgets it at once. */
export async function revokeAccessToken(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
  forgetSessions(db);
}

/** The current windows of some rate-limit keys, in one query, without counting a hit. */
export function peekRateLimits(db: TExecutor, keys: string[]) {
  return db.selectFrom('rate_limits').select(['key', 'hits', 'window_start']).where('key', 'in', keys).execute();
}

/** The active user behind an unrevoked, unexpired token, with the company the token was issued for. */
export function findTokenUser(db: TExecutor, tokenHash: string) {
  return db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.id', 'u.company_id', 'u.email', 'u.roles', 'u.is_temporal_password', 't.company_id as token_company', 't.expires_at'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', new Date())
    .where('u.is_active', '=', true)
    .where('u.is_deleted', '=', false)
    .executeTakeFirst();
}

/** Personal data export (issue 16): a user's sessions as metadata (client, start, expiry, end), never the token's hash. */
export async function findSessionsForExport(db: TExecutor, companyId: string, userId: string) {
  return db
    .selectFrom('access_tokens')
    .select(['client_id', 'created_at', 'expires_at', 'revoked_at'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}
