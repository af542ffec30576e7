import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { TAuthenticationResponseJSON, TRegistrationResponseJSON } from '@kc/domain';

/**
 * A software authenticator for the API tests (issue 18, passkeys): it does what a phone or a
 * security key does, with node:crypto, so the server's WebAuthn library verifies real
 * signatures. Registration builds a "none" attestation whose authenticator data carries the
 * attested credential (AT flag, AAGUID, credential id, the COSE ES256 public key); an assertion
 * signs authenticatorData || SHA-256(clientDataJSON) with the credential's P-256 key (ECDSA,
 * DER) and counts its signatures. Nothing here is read from the server's library.
 */

// --- A minimal CBOR encoder (RFC 8949): what an attestation object and a COSE key need. ---
type TCbor = number | string | Uint8Array | Map<number | string, TCbor>;

function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(value, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(value, 1);
  return b;
}

export function encodeCbor(value: TCbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [k, v] of value) parts.push(encodeCbor(k), encodeCbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
const b64u = (data: Uint8Array): string => Buffer.from(data).toString('base64url');

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface TCredential {
  id: Buffer;
  privateKey: KeyObject;
  /** The user handle the relying party gave at registration (returned by discoverable sign-ins). */
  userHandle: string;
  rpId: string;
  counter: number;
}

/** What `generateRegistrationOptions` answers (the fields an authenticator reads). */
export interface TCreationOptionsLike {
  challenge: string;
  rp: { id?: string | undefined };
  user: { id: string };
}

/** What `generateAuthenticationOptions` answers (the fields an authenticator reads). */
export interface TRequestOptionsLike {
  challenge: string;
  rpId?: string | undefined;
  allowCredentials?: { id: string }[] | undefined;
}

export class SoftwareAuthenticator {
  private readonly credentials = new Map<string, TCredential>();

  constructor(private readonly origin: string) {}

  /** The ids of the credentials it holds, base64url. */
  get credentialIds(): string[] {
    return [...this.credentials.keys()];
  }

  /** `navigator.credentials.create`: a new P-256 credential for the options' user, answered as RegistrationResponseJSON. */
  createCredential(options: TCreationOptionsLike, overrides: { origin?: string; challenge?: string; type?: string } = {}): TRegistrationResponseJSON {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = encodeCbor(
      new Map<number, TCbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
      Buffer.alloc(4), // signature counter 0
      Buffer.alloc(16), // AAGUID: none
      idLength,
      id,
      coseKey,
    ]);
    const attestationObject = encodeCbor(
      new Map<string, TCbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: overrides.type ?? 'webauthn.create',
        challenge: overrides.challenge ?? options.challenge,
        origin: overrides.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    this.credentials.set(b64u(id), { id, privateKey, userHandle: options.user.id, rpId, counter: 0 });
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64u(clientDataJSON),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /**
   * `navigator.credentials.get`: signs the options' challenge with one of its credentials (the
   * first allowed one it holds, or `credentialId`). Overrides make the wrong answers the tests
   * need: another origin, a counter set back, a signature over other bytes, no user verification.
   */
  getAssertion(
    options: TRequestOptionsLike,
    overrides: { credentialId?: string; counter?: number; origin?: string; challenge?: string; isUserVerified?: boolean; tamper?: boolean; userHandle?: string | null } = {},
  ): TAuthenticationResponseJSON {
    const allowed = options.allowCredentials?.map((c) => c.id);
    const id = overrides.credentialId ?? this.credentialIds.find((c) => !allowed || allowed.length === 0 || allowed.includes(c));
    const credential = id ? this.credentials.get(id) : undefined;
    if (!credential) throw new Error('The authenticator holds no credential for these options');
    credential.counter = overrides.counter ?? credential.counter + 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const flags = FLAG_UP | (overrides.isUserVerified === false ? 0 : FLAG_UV);
    const authData = Buffer.concat([sha256(options.rpId ?? credential.rpId), Buffer.from([flags]), counter]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: overrides.challenge ?? options.challenge,
        origin: overrides.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const signed = Buffer.concat([authData, sha256(clientDataJSON)]);
    if (overrides.tamper) signed[0] = signed[0]! ^ 0xff;
    const signature = sign('sha256', signed, credential.privateKey);
    const userHandle = overrides.userHandle === undefined ? credential.userHandle : overrides.userHandle;
    return {
      id: b64u(credential.id),
      rawId: b64u(credential.id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        ...(userHandle === null ? {} : { userHandle }),
      },
    };
  }
}
