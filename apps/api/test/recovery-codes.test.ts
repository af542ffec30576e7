import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRecoveryCode, normalizeRecoveryCode, recoveryCodeFromBytes } from '@kc/domain';
import { DEVELOPMENT_SECOND_FACTOR_KEY } from '../src/config.ts';
import { totpCodeAt } from '../src/modules/strong-auth/totp.ts';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { authHeaders } from './helpers/auth.ts';

type THeaders = Record<string, string>;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The stored form, computed here independently: HMAC-SHA256 under HKDF(SECOND_FACTOR_KEY, info 'kc recovery codes v1'). */
const hmacKey = Buffer.from(hkdfSync('sha256', Buffer.from(DEVELOPMENT_SECOND_FACTOR_KEY, 'hex'), Buffer.alloc(0), 'kc recovery codes v1', 32));
const hmac = (text: string) => createHmac('sha256', hmacKey).update(text).digest('hex');

/**
 * Recovery codes at rest (decision 0032, after the security review): new codes are stored as an
 * HMAC under a key derived from SECOND_FACTOR_KEY (a database dump alone cannot brute-force their
 * ≈ 50 bits), never as SHA-256 of `userId:code`; a code works once; a row stored the old way
 * (SHA-256) before the change still works, once.
 */
describe.each(DB_KINDS)('recovery codes at rest on %s', (kind) => {
  let t: TTestApp;
  let counter = 0;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t?.close());

  const inject = (method: 'GET' | 'POST', url: string, headers: THeaders, payload?: unknown) =>
    t.app.inject({ method, url, headers, remoteAddress: '10.21.0.1', ...(payload === undefined ? {} : { payload: payload as object }) });

  async function enrolledUser(): Promise<{ id: string; h: THeaders; codes: string[] }> {
    counter += 1;
    const email = `recovery.${kind}.${counter}@kc.example`;
    const row = await t.db
      .insertInto('users')
      .values({ company_id: '1', email, password_hash: 'x', first_name: 'Rocío', last_name: `Códigos ${counter}`, roles: ['INVESTOR'], confirmed_at: new Date(), language: 'es' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const h = await authHeaders(t.db, email);
    const setup = await inject('POST', '/api/strong-auth/totp/setup', h);
    expect(setup.statusCode).toBe(200);
    const secret = new URL(setup.json().otpauthUri).searchParams.get('secret')!;
    const confirm = await inject('POST', '/api/strong-auth/totp/confirm', h, { code: totpCodeAt(secret, new Date()) });
    expect(confirm.statusCode).toBe(200);
    return { id: row.id, h, codes: confirm.json().recoveryCodes };
  }
  const storedOf = (userId: string) => t.db.selectFrom('recovery_codes').select(['code_hash', 'used_at']).where('user_id', '=', userId).execute();
  const stepUp = (h: THeaders, recoveryCode: string) => inject('POST', '/api/strong-auth/step-up', h, { recoveryCode });

  it('stores new codes as the keyed HMAC, never as SHA-256 of userId:code', async () => {
    const { id, h, codes } = await enrolledUser();
    expect(codes).toHaveLength(10);
    const stored = (await storedOf(id)).map((r) => r.code_hash).sort();
    const canonical = codes.map((c) => normalizeRecoveryCode(c)!);
    expect(stored).toEqual(canonical.map((c) => hmac(`${id}:${c}`)).sort());
    for (const c of canonical) expect(stored).not.toContain(sha256(`${id}:${c}`));
    // Regenerated codes too.
    const fresh = await inject('POST', '/api/strong-auth/recovery-codes', h);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const again = (await storedOf(id)).map((r) => r.code_hash).sort();
    expect(again).toEqual((fresh.json().recoveryCodes as string[]).map((c) => hmac(`${id}:${normalizeRecoveryCode(c)}`)).sort());
  });

  it('accepts a code once and only once', async () => {
    const { id, h, codes } = await enrolledUser();
    const first = await stepUp(h, codes[0]!.toLowerCase());
    expect(first.statusCode, first.body).toBe(200);
    const reused = await stepUp(h, codes[0]!);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'invalidCode' });
    expect((await storedOf(id)).filter((r) => r.used_at !== null)).toHaveLength(1);
    expect((await inject('GET', '/api/strong-auth', h)).json().recoveryCodesLeft).toBe(9);
  });

  it('still accepts, once, a code stored the old way (SHA-256 of userId:code); a new one is never stored so', async () => {
    const { id, h } = await enrolledUser();
    const legacy = recoveryCodeFromBytes(randomBytes(10));
    await t.db.insertInto('recovery_codes').values({ user_id: id, code_hash: sha256(`${id}:${legacy}`) }).execute();
    expect((await inject('GET', '/api/strong-auth', h)).json().recoveryCodesLeft).toBe(11);
    const ok = await stepUp(h, formatRecoveryCode(legacy));
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await t.db.selectFrom('recovery_codes').select('used_at').where('user_id', '=', id).where('code_hash', '=', sha256(`${id}:${legacy}`)).executeTakeFirstOrThrow();
    expect(row.used_at).not.toBeNull();
    const reused = await stepUp(h, formatRecoveryCode(legacy));
    expect(reused.statusCode).toBe(400);
    expect((await inject('GET', '/api/strong-auth', h)).json().recoveryCodesLeft).toBe(10);
    // Another user's legacy row does not open this account.
    const other = await enrolledUser();
    const foreign = recoveryCodeFromBytes(randomBytes(10));
    await t.db.insertInto('recovery_codes').values({ user_id: other.id, code_hash: sha256(`${other.id}:${foreign}`) }).execute();
    expect((await stepUp(h, formatRecoveryCode(foreign))).statusCode).toBe(400);
  });
});
