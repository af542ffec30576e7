import type { FastifyInstance } from 'fastify';
import { mustEnrolSecondFactor } from '@kc/domain';
import type { TDb } from '../../src/db/database.ts';
import { DEVELOPMENT_SECOND_FACTOR_KEY } from '../../src/config.ts';
import { sealSecret } from '../../src/lib/secret-box.ts';
import { hashToken, newToken } from '../../src/lib/tokens.ts';

/**
 * The authenticator-app secret of the staff fixture (base32): tests compute codes with
 * `totpCodeAt(TEST_TOTP_SECRET, at)` (src/modules/strong-auth/totp.ts).
 */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export interface TTokenOptions {
  ttlSeconds?: number;
  /**
   * Staff must enrol a second factor before the back office (issue 18): unless this is false, a
   * staff user without one gets an enrolled authenticator app (TEST_TOTP_SECRET) first. Tests of
   * the enrolment gate pass false.
   */
  enrolStaff?: boolean;
  /** Unless false, the session is stamped as having proved its second factor now (no step-up asked for 5 minutes). */
  stepUp?: boolean;
}

/** Gives a user an enrolled authenticator app with TEST_TOTP_SECRET (no recovery codes), unless they have one. */
export async function enrolTestTotp(db: TDb, userId: string, companyId: string): Promise<void> {
  await db
    .insertInto('user_totp')
    .values({
      user_id: userId,
      company_id: companyId,
      secret_encrypted: sealSecret(Buffer.from(DEVELOPMENT_SECOND_FACTOR_KEY, 'hex'), TEST_TOTP_SECRET, userId),
      enrolled_at: new Date(),
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/**
 * Issues an access token for a seeded user straight into the database, so tests of other
 * modules need not go through /oauth/token. Returns headers for `inject`.
 */
export async function tokenFor(db: TDb, email: string, options: TTokenOptions = {}): Promise<{ token: string; userId: string; companyId: string }> {
  const user = await db.selectFrom('users').select(['id', 'company_id', 'roles']).where('email', '=', email).executeTakeFirstOrThrow();
  if (options.enrolStaff !== false && mustEnrolSecondFactor(user.roles)) await enrolTestTotp(db, user.id, user.company_id);
  const token = newToken();
  await db
    .insertInto('access_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: user.id,
      company_id: user.company_id,
      client_id: 'kc-mobile',
      expires_at: new Date(Date.now() + (options.ttlSeconds ?? 3600) * 1000),
      second_factor_at: options.stepUp === false ? null : new Date(),
    })
    .execute();
  return { token, userId: user.id, companyId: user.company_id };
}

export async function authHeaders(db: TDb, email: string, options: TTokenOptions = {}): Promise<Record<string, string>> {
  const { token, companyId } = await tokenFor(db, email, options);
  return { authorization: `Bearer ${token}`, 'company-id': companyId };
}

export type { FastifyInstance };
