import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from '../src/lib/secret-box.ts';
import { matchTotpStep, newTotpSecret, totpCodeAt, totpEnrolment, totpStepAt } from '../src/modules/strong-auth/totp.ts';

/** The second factor's pure parts (decision 0032): the secrets' encryption and the TOTP arithmetic. */
describe('secret box (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('opens what it sealed, with a new IV each time, and never shows the plaintext', () => {
    const a = sealSecret(key, 'JBSWY3DPEHPK3PXP', 'user-1');
    const b = sealSecret(key, 'JBSWY3DPEHPK3PXP', 'user-1');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(key, a, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(openSecret(key, b, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another user, another key, a changed byte and a foreign format', () => {
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP', 'user-1');
    expect(() => openSecret(key, sealed, 'user-2')).toThrow();
    expect(() => openSecret(randomBytes(32), sealed, 'user-1')).toThrow();
    const [v, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openSecret(key, [v, iv, tag, flipped.toString('base64url')].join('.'), 'user-1')).toThrow();
    expect(() => openSecret(key, 'JBSWY3DPEHPK3PXP', 'user-1')).toThrow('Not a sealed secret');
  });
});

describe('TOTP (RFC 6238, SHA-1, 30 s, 6 digits)', () => {
  // RFC 6238 appendix B: the ASCII secret "12345678901234567890"; its 8-digit codes end in these 6 digits.
  const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  const vectors: [number, string][] = [
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ];

  it('computes the RFC 6238 test vectors', () => {
    for (const [seconds, code] of vectors) expect(totpCodeAt(RFC_SECRET, new Date(seconds * 1000)), String(seconds)).toBe(code);
  });

  it('matches a code of the step before, the step and the step after, not two steps away, and says which step', () => {
    const at = new Date(1_800_000_015_000);
    const step = totpStepAt(at);
    expect(step).toBe(60_000_000);
    for (const delta of [-1, 0, 1]) expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, new Date(at.getTime() + delta * 30_000)), at)).toBe(step + delta);
    for (const delta of [-2, 2]) expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, new Date(at.getTime() + delta * 30_000)), at)).toBeNull();
  });

  it('makes 160-bit secrets and an enrolment a person can scan or type', async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const enrolment = await totpEnrolment(secret, 'ana@kc.example');
    expect(enrolment.manualKey.split(' ')).toHaveLength(8);
    expect(enrolment.otpauthUri).toBe(`otpauth://totp/KC:ana%40kc.example?issuer=KC&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    expect(enrolment.qrSvg.startsWith('<svg')).toBe(true);
  });
});
