import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of @node-rs/argon2 (an ambient const enum, not importable as a value here).
const ARGON2ID = 2;

/**
 * Password and secret hashing: argon2id at the OWASP minimum (m = 19 MiB, t = 2, p = 1),
 * about 15 ms here. Only the hash is stored.
 */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashSecret = (plain: string): Promise<string> => hash(plain, OPTIONS);

export async function verifySecret(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

/** A hash of a random secret: verified against when the account does not exist, so timing matches. */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => (decoy ??= hashSecret(crypto.randomUUID()));
