import { hash, randomBytes } from 'node:crypto';

/** A new access token: 256 random bits, base64url. Only its hash is ever stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** SHA-256 of a token (tokens are random and long, so a fast hash is the right tool). */
export const hashToken = (token: string): string => hash('sha256', token, 'hex');
