import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MINIMUM_AGE, ageOn, hasMinimumAge } from '../../src/accounts/age.ts';
import {
  compareCalendarDates,
  formatIsoDate,
  getDaysInMonth,
  isLeapYear,
  parseIsoDate,
  toCalendarDate,
} from '../../src/accounts/calendar-date.ts';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  checkPassword,
  countCharacters,
  doPasswordsMatch,
} from '../../src/accounts/password.ts';
import {
  ROLES,
  SIGN_UP_ROLES,
  SIGN_UP_SLUGS,
  SIGN_UP_SLUG_ROLES,
  ZRole,
  ZSignUpRole,
  getSignUpRoleForSlug,
  getSignUpSlugForRole,
  isRole,
  isSignUpRole,
} from '../../src/accounts/roles.ts';

describe('calendar dates', () => {
  it('parses only real YYYY-MM-DD days', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    for (const bad of ['2023-02-29', '2024-13-01', '2024-00-10', '2024-04-31', '24-01-01', '2024-1-1', '2024-01-01T00:00:00Z', '0000-01-01', '']) {
      expect(parseIsoDate(bad)).toBeNull();
    }
  });

  it('takes today from a Date (UTC) or an ISO string (as written)', () => {
    expect(toCalendarDate(new Date('2026-05-15T23:59:59Z'))).toEqual({ year: 2026, month: 5, day: 15 });
    expect(toCalendarDate('2026-05-16')).toEqual({ year: 2026, month: 5, day: 16 });
    expect(toCalendarDate('2026-05-16T00:30:00+02:00')).toEqual({ year: 2026, month: 5, day: 16 });
    expect(() => toCalendarDate('16/05/2026')).toThrow(RangeError);
    expect(() => toCalendarDate('2026-05-16x')).toThrow(RangeError);
    expect(() => toCalendarDate(new Date('nope'))).toThrow(RangeError);
  });

  it('knows leap years and month lengths', () => {
    expect([1900, 2000, 2023, 2024].map(isLeapYear)).toEqual([false, true, false, true]);
    expect(getDaysInMonth(2024, 2)).toBe(29);
    expect(getDaysInMonth(2023, 2)).toBe(28);
    expect(getDaysInMonth(2023, 4)).toBe(30);
    expect(getDaysInMonth(2023, 12)).toBe(31);
    expect(compareCalendarDates({ year: 2024, month: 1, day: 2 }, { year: 2024, month: 1, day: 1 })).toBeGreaterThan(0);
    expect(formatIsoDate({ year: 987, month: 3, day: 4 })).toBe('0987-03-04');
  });
});

describe('age', () => {
  it('the minimum age is 18', () => {
    expect(MINIMUM_AGE).toBe(18);
  });

  it('is exactly 18 on the 18th birthday and 17 the day before', () => {
    expect(ageOn('2008-05-15', '2026-05-15')).toBe(18);
    expect(ageOn('2008-05-15', '2026-05-14')).toBe(17);
    expect(hasMinimumAge('2008-05-15', '2026-05-15')).toBe(true);
    expect(hasMinimumAge('2008-05-16', '2026-05-15')).toBe(false);
    expect(hasMinimumAge('2008-05-15', new Date('2026-05-15T00:00:00Z'))).toBe(true);
  });

  it('counts a 29 February birthday on 28 February in common years (Civil Code art. 5)', () => {
    expect(ageOn('2008-02-29', '2026-02-27')).toBe(17);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-28')).toBe(19);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });

  it('is negative for a birth date after today and throws for an invalid one', () => {
    expect(ageOn('2027-01-01', '2026-05-15')).toBe(-1);
    expect(() => ageOn('2008-02-30', '2026-05-15')).toThrow(RangeError);
    expect(hasMinimumAge('2010-01-01', '2026-05-15', 16)).toBe(true);
  });

  it('property: N years after the birth day the age is N, and N − 1 the day before', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 120 }),
        (birth, years) => {
          const dob = birth.toISOString().slice(0, 10);
          fc.pre(!dob.endsWith('-02-29'));
          const anniversary = new Date(birth.getTime());
          anniversary.setUTCFullYear(birth.getUTCFullYear() + years);
          const dayBefore = new Date(anniversary.getTime() - 86_400_000);
          expect(ageOn(dob, anniversary)).toBe(years);
          expect(ageOn(dob, dayBefore)).toBe(years - 1);
        },
      ),
    );
  });
});

describe('password', () => {
  it('needs 10 to 128 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(10);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(checkPassword('')).toBe('required');
    expect(checkPassword('a'.repeat(9))).toBe('tooShort');
    expect(checkPassword('a'.repeat(10))).toBeNull();
    expect(checkPassword('a'.repeat(128))).toBeNull();
    expect(checkPassword('a'.repeat(129))).toBe('tooLong');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(countCharacters('😀😀😀😀😀')).toBe(5);
    expect(checkPassword('😀'.repeat(9))).toBe('tooShort');
    expect(checkPassword('😀'.repeat(10))).toBeNull();
  });

  it('compares the repeat field exactly', () => {
    expect(doPasswordsMatch('Secret pass 1', 'Secret pass 1')).toBe(true);
    expect(doPasswordsMatch('Secret pass 1', 'secret pass 1')).toBe(false);
    expect(doPasswordsMatch('Secret pass 1', 'Secret pass 1 ')).toBe(false);
  });
});

describe('roles', () => {
  it('lists every role and the four sign-up roles', () => {
    expect(ROLES).toEqual([
      'ADMIN',
      'COMPANY_MANAGER',
      'GROUP_MANAGER',
      'TEAM_MANAGER',
      'ADVISOR',
      'AGENT',
      'SUPPLIER',
      'OWNER',
      'INVESTOR',
    ]);
    expect(SIGN_UP_ROLES).toEqual(['INVESTOR', 'AGENT', 'SUPPLIER', 'OWNER']);
    expect(ZRole.safeParse('ADVISOR').success).toBe(true);
    expect(ZSignUpRole.safeParse('ADMIN').success).toBe(false);
    expect(isRole('TEAM_MANAGER')).toBe(true);
    expect(isRole('admin')).toBe(false);
    expect(isSignUpRole('OWNER')).toBe(true);
    expect(isSignUpRole('ADVISOR')).toBe(false);
  });

  it('maps each sign-up route to its role and back', () => {
    expect(SIGN_UP_SLUG_ROLES).toEqual({
      'sign-up': 'INVESTOR',
      'sign-up-comercial': 'AGENT',
      'sign-up-minero': 'SUPPLIER',
      'sign-up-propietario': 'OWNER',
    });
    expect(getSignUpRoleForSlug('sign-up-minero')).toBe('SUPPLIER');
    expect(getSignUpRoleForSlug('login')).toBeUndefined();
    expect(getSignUpRoleForSlug('toString')).toBeUndefined();
    for (const slug of SIGN_UP_SLUGS) expect(getSignUpSlugForRole(SIGN_UP_SLUG_ROLES[slug])).toBe(slug);
  });
});
