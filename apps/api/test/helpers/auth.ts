import type { FastifyInstance } from 'fastify';
import type { TDb } from '../../src/db/database.ts';
import { hashToken, newToken } from '../../src/lib/tokens.ts';

/**
 * Issues an access token for a seeded user straight into the database, so tests of other
 * modules need not go through /oauth/token. Returns headers for `inject`.
 */
export async function tokenFor(db: TDb, email: string, options: { ttlSeconds?: number } = {}): Promise<{ token: string; userId: string; companyId: string }> {
  const user = await db.selectFrom('users').select(['id', 'company_id']).where('email', '=', email).executeTakeFirstOrThrow();
  const token = newToken();
  await db
    .insertInto('access_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: user.id,
      company_id: user.company_id,
      client_id: 'kc-mobile',
      expires_at: new Date(Date.now() + (options.ttlSeconds ?? 3600) * 1000),
    })
    .execute();
  return { token, userId: user.id, companyId: user.company_id };
}

export async function authHeaders(db: TDb, email: string): Promise<Record<string, string>> {
  const { token, companyId } = await tokenFor(db, email);
  return { authorization: `Bearer ${token}`, 'company-id': companyId };
}

export type { FastifyInstance };
