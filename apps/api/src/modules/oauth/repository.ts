import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type TExecutor = Kysely<Database> | Transaction<Database>;

export function findClient(db: TExecutor, clientId: string) {
  return db.selectFrom('oauth_clients').select(['id', 'secret_hash']).where('id', '=', clientId).executeTakeFirst();
}

export async function companyExists(db: TExecutor, companyId: string): Promise<boolean> {
  const row = await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst();
  return row !== undefined;
}

export async function insertAccessToken(
  db: TExecutor,
  token: { tokenHash: string; userId: string; companyId: string; clientId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('access_tokens')
    .values({
      token_hash: token.tokenHash,
      user_id: token.userId,
      company_id: token.companyId,
      client_id: token.clientId,
      expires_at: token.expiresAt,
    })
    .execute();
}

/** Revokes one token by its hash (no error when it does not exist or is already revoked). */
export async function revokeAccessToken(db: TExecutor, tokenHash: string): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The current window of a rate-limit key, without counting a hit. */
export function peekRateLimit(db: TExecutor, key: string) {
  return db.selectFrom('rate_limits').select(['hits', 'window_start']).where('key', '=', key).executeTakeFirst();
}
