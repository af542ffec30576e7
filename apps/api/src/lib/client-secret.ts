import { hash, timingSafeEqual } from 'node:crypto';
import { verifySecret } from './password.ts';

/**
 * OAuth client secrets. A client secret is a credential of a program, not a person's password:
 * the web app's is shipped inside the app (a public client, RFC 6749 §2.1), others are long and
 * random. A slow password hash protects nothing more there, and verifying one on every login
 * doubled the cost of a login (two argon2id verifications). Secrets are stored as
 * `sha256:<hex>` and compared in constant time; a stored argon2 hash (rows from before) still
 * verifies.
 */
const PREFIX = 'sha256:';

export const hashClientSecret = (secret: string): string => `${PREFIX}${hash('sha256', secret, 'hex')}`;

export async function verifyClientSecret(stored: string, secret: string): Promise<boolean> {
  if (!stored.startsWith(PREFIX)) return verifySecret(stored, secret);
  const expected = Buffer.from(stored.slice(PREFIX.length), 'hex');
  const given = Buffer.from(hash('sha256', secret, 'hex'), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const isLegacyClientSecretHash = (stored: string): boolean => !stored.startsWith(PREFIX);
