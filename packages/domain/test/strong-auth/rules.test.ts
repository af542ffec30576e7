import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RECOVERY_CODE_ALPHABET,
  STEP_UP_WINDOW_MS,
  formatRecoveryCode,
  mustEnrolSecondFactor,
  normalizeRecoveryCode,
  normalizeTotpCode,
  recoveryCodeFromBytes,
  stepUpVerdict,
} from '../../src/strong-auth/index.ts';

const now = new Date('2026-11-27T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('step-up', () => {
  it('asks a user with a second factor for one used in the last 5 minutes (end exclusive)', () => {
    const investor = { roles: ['INVESTOR'], hasSecondFactor: true, now };
    expect(stepUpVerdict({ ...investor, lastSecondFactorAt: ago(0) })).toBe('ok');
    expect(stepUpVerdict({ ...investor, lastSecondFactorAt: ago(STEP_UP_WINDOW_MS - 1) })).toBe('ok');
    expect(stepUpVerdict({ ...investor, lastSecondFactorAt: ago(STEP_UP_WINDOW_MS) })).toBe('stepUpRequired');
    expect(stepUpVerdict({ ...investor, lastSecondFactorAt: null })).toBe('stepUpRequired');
    // A use "in the future" (clocks of two instances) does not count as recent.
    expect(stepUpVerdict({ ...investor, lastSecondFactorAt: new Date(now.getTime() + 1000) })).toBe('stepUpRequired');
  });

  it('lets an investor without a second factor through, and makes every staff role enrol', () => {
    expect(stepUpVerdict({ roles: ['INVESTOR'], hasSecondFactor: false, lastSecondFactorAt: null, now })).toBe('ok');
    for (const role of ['ADMIN', 'COMPANY_MANAGER', 'GROUP_MANAGER', 'TEAM_MANAGER', 'ADVISOR', 'AGENT']) {
      expect(mustEnrolSecondFactor([role])).toBe(true);
      expect(stepUpVerdict({ roles: ['INVESTOR', role], hasSecondFactor: false, lastSecondFactorAt: null, now })).toBe('enrolmentRequired');
    }
    // Customers choose: investors, timber suppliers and home owners have no back office.
    for (const role of ['INVESTOR', 'SUPPLIER', 'OWNER']) {
      expect(mustEnrolSecondFactor([role])).toBe(false);
      expect(stepUpVerdict({ roles: [role], hasSecondFactor: false, lastSecondFactorAt: null, now })).toBe('ok');
    }
    expect(mustEnrolSecondFactor(['SUPPLIER', 'OWNER'])).toBe(false);
  });
});

describe('recovery codes', () => {
  it('are ten characters of the alphabet, shown in two groups, read back whatever the case, dashes or look-alikes', () => {
    const code = recoveryCodeFromBytes(Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 31 + 32 * 7]));
    expect(code).toBe('012345678Z');
    expect(formatRecoveryCode(code)).toBe('01234-5678Z');
    expect(normalizeRecoveryCode(' o1234-5678z ')).toBe(code);
    expect(normalizeRecoveryCode('ol234 5678z')).toBe(code);
    expect(normalizeRecoveryCode('01234-5678')).toBeNull();
    expect(normalizeRecoveryCode('01234-5678U')).toBeNull();
    expect(() => recoveryCodeFromBytes(new Uint8Array(9))).toThrow(RangeError);
  });

  it('round-trip through their shown form and use every character equally (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 10, maxLength: 10 }), (bytes) => {
        const code = recoveryCodeFromBytes(bytes);
        expect(code).toHaveLength(10);
        expect(normalizeRecoveryCode(formatRecoveryCode(code))).toBe(code);
        expect(normalizeRecoveryCode(formatRecoveryCode(code).toLowerCase())).toBe(code);
      }),
    );
    const counts = new Map<string, number>();
    for (let b = 0; b < 256; b += 1) {
      const char = recoveryCodeFromBytes(new Uint8Array(10).fill(b))[0]!;
      counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(RECOVERY_CODE_ALPHABET.length);
    expect(new Set(counts.values())).toEqual(new Set([8]));
  });
});

describe('TOTP codes as typed', () => {
  it('are six digits, spaces ignored', () => {
    expect(normalizeTotpCode('123 456')).toBe('123456');
    expect(normalizeTotpCode('12345')).toBeNull();
    expect(normalizeTotpCode('12345a')).toBeNull();
    expect(normalizeTotpCode('1234567')).toBeNull();
  });
});
