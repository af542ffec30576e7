import { sealSecret } from '../apps/api/src/lib/secret-box.ts';
import { BENCH_SECOND_FACTOR_KEY } from './api-config.ts';

/** The authenticator-app secret of the bench's staff (base32); nothing in the bench needs its codes. */
const BENCH_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The bench's TOTP secret sealed for one user (the column `user_totp.secret_encrypted`). */
export const benchTotpSecretOf = (userId: string): string => sealSecret(Buffer.from(BENCH_SECOND_FACTOR_KEY, 'hex'), BENCH_TOTP_SECRET, userId);

/**
 * Staff must have a second factor before the back office (issue 18, 403 enrolmentRequired): the
 * statement and parameters that give a bench staff user an enrolled authenticator app (no-op when
 * they have one), for `client.query(text, values)` on the bench's database.
 */
export function enrolStaffStatement(userId: string, companyId = '1'): { text: string; values: string[] } {
  return {
    text: `INSERT INTO user_totp (user_id, company_id, secret_encrypted, enrolled_at) VALUES ($1, $2, $3, now()) ON CONFLICT (user_id) DO NOTHING`,
    values: [userId, companyId, benchTotpSecretOf(userId)],
  };
}
