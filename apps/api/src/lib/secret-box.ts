import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (a TOTP secret: the server computes codes from it), stored
 * encrypted with AES-256-GCM under SECOND_FACTOR_KEY. The ciphertext is bound to what it belongs
 * to (`context`, e.g. the user's id, as additional authenticated data), so a row copied onto
 * another user does not decrypt. Format: `v1.<iv>.<tag>.<ciphertext>`, each base64url.
 */
const VERSION = 'v1';

export function sealSecret(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The plaintext, or throws when the key, the context or the ciphertext does not match. */
export function openSecret(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

const subkeys = new Map<string, Buffer>();

/**
 * A 32-byte key for another purpose, derived from SECOND_FACTOR_KEY with HKDF-SHA256 (RFC 5869)
 * and a label of its own (`info`), so the encryption key is never reused raw for anything else
 * (decision 0032: the recovery codes' HMAC key). Derived once per key and label.
 */
export function deriveSubkey(key: Buffer, label: string): Buffer {
  const id = `${label}\u0000${key.toString('hex')}`;
  let subkey = subkeys.get(id);
  if (!subkey) {
    subkey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), label, 32));
    subkeys.set(id, subkey);
  }
  return subkey;
}
