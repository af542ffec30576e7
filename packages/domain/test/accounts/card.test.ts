import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_BRANDS,
  CARD_LENGTHS,
  checkCardNumber,
  computeLuhnCheckDigit,
  detectCardBrand,
  isExpiryPast,
  isLuhnValid,
  isValidCardNumber,
  lastFour,
  maskCard,
  parseCardExpiry,
  summarizeCard,
} from '../../src/accounts/card.ts';

const digitString = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });

describe('Luhn', () => {
  it('accepts well-known test numbers and refuses altered ones', () => {
    expect(isLuhnValid('4111111111111111')).toBe(true);
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('4111111111111112')).toBe(false);
    expect(isLuhnValid('79927398710')).toBe(false);
  });

  it('refuses non-digits and too short input', () => {
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('0')).toBe(false);
    expect(isLuhnValid('4111 1111 1111 1111')).toBe(false);
    expect(isLuhnValid('41111111111111a1')).toBe(false);
  });

  it('computes the check digit', () => {
    expect(computeLuhnCheckDigit('7992739871')).toBe('3');
    expect(computeLuhnCheckDigit('411111111111111')).toBe('1');
    expect(() => computeLuhnCheckDigit('12a')).toThrow(RangeError);
  });

  it('property: any number made valid by appending its Luhn digit passes', () => {
    fc.assert(
      fc.property(digitString(1, 30), (partial) => {
        expect(isLuhnValid(partial + computeLuhnCheckDigit(partial))).toBe(true);
      }),
    );
  });

  it('property: changing any single digit breaks it', () => {
    fc.assert(
      fc.property(digitString(1, 18), fc.nat(), fc.integer({ min: 1, max: 9 }), (partial, at, delta) => {
        const valid = partial + computeLuhnCheckDigit(partial);
        const i = at % valid.length;
        const changed = valid.slice(0, i) + String((Number(valid[i]) + delta) % 10) + valid.slice(i + 1);
        expect(isLuhnValid(changed)).toBe(false);
      }),
    );
  });
});

describe('brands', () => {
  const cases: [string, string][] = [
    ['4111111111111111', 'visa'],
    ['4012888888881881', 'visa'],
    ['4222222222222', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['371449635398431', 'amex'],
    ['6011111111111117', 'discover'],
    ['6011000990139424', 'discover'],
    ['6555900000604105', 'discover'],
    ['30569309025904', 'diners'],
    ['36227206271667', 'diners'],
    ['38520000023237', 'diners'],
    ['3530111333300000', 'jcb'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['6205500000000000004', 'unionpay'],
    ['6759649826438453', 'maestro'],
    ['6304000000000000', 'maestro'],
    ['5018000000000009', 'maestro'],
  ];

  it.each(cases)('%s is a valid %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
    expect(checkCardNumber(number)).toEqual({ ok: true, brand, digits: number });
    expect(isValidCardNumber(number)).toBe(true);
  });

  it('covers every brand', () => {
    expect(new Set(cases.map(([, brand]) => brand))).toEqual(new Set(CARD_BRANDS));
  });

  it('reads the IIN ranges at their edges', () => {
    expect(detectCardBrand('2221000000000009')).toBe('mastercard');
    expect(detectCardBrand('2720990000000000')).toBe('mastercard');
    expect(detectCardBrand('2220990000000000')).toBeUndefined();
    expect(detectCardBrand('2721000000000000')).toBeUndefined();
    expect(detectCardBrand('3528000000000000')).toBe('jcb');
    expect(detectCardBrand('3589000000000000')).toBe('jcb');
    expect(detectCardBrand('3590000000000000')).toBeUndefined();
    expect(detectCardBrand('3050000000000000')).toBe('diners');
    expect(detectCardBrand('3060000000000000')).toBeUndefined();
    expect(detectCardBrand('6440000000000000')).toBe('discover');
    expect(detectCardBrand('6430000000000000')).toBe('maestro');
    expect(detectCardBrand('6221260000000000')).toBe('unionpay');
    expect(detectCardBrand('1234567812345678')).toBeUndefined();
    expect(detectCardBrand('4111-1111 1111-1111')).toBe('visa');
    expect(detectCardBrand('')).toBeUndefined();
    expect(detectCardBrand('abc')).toBeUndefined();
  });

  it('explains why a number is refused, in order: format, brand, length, Luhn', () => {
    expect(checkCardNumber('4111 1111 1111 111x')).toEqual({ ok: false, reason: 'format' });
    expect(checkCardNumber('41111111111')).toEqual({ ok: false, reason: 'format' });
    expect(checkCardNumber('9999999999999995')).toEqual({ ok: false, reason: 'brand' });
    const visa15 = '41111111111111' + computeLuhnCheckDigit('41111111111111');
    expect(isLuhnValid(visa15)).toBe(true);
    expect(checkCardNumber(visa15)).toEqual({ ok: false, reason: 'length' });
    const amex16 = '378282246310000' + computeLuhnCheckDigit('378282246310000');
    expect(checkCardNumber(amex16)).toEqual({ ok: false, reason: 'length' });
    expect(checkCardNumber('4111111111111112')).toEqual({ ok: false, reason: 'luhn' });
    expect(checkCardNumber('4111 1111-1111 1111')).toEqual({ ok: true, brand: 'visa', digits: '4111111111111111' });
  });

  it('property: a Luhn-valid number of an allowed length for its brand passes', () => {
    const prefixes: [string, string][] = [
      ['4', 'visa'],
      ['51', 'mastercard'],
      ['2720', 'mastercard'],
      ['34', 'amex'],
      ['6011', 'discover'],
      ['36', 'diners'],
      ['3530', 'jcb'],
      ['62', 'unionpay'],
      ['6759', 'maestro'],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), fc.nat(), digitString(20, 20), ([prefix, brand], pick, fill) => {
        const lengths = CARD_LENGTHS[brand as keyof typeof CARD_LENGTHS];
        const length = lengths[pick % lengths.length] ?? 16;
        const partial = (prefix + fill).slice(0, length - 1);
        const number = partial + computeLuhnCheckDigit(partial);
        expect(checkCardNumber(number)).toEqual({ ok: true, brand, digits: number });
      }),
    );
  });
});

describe('masking', () => {
  it('shows only the last four digits', () => {
    expect(maskCard('4111111111111111')).toBe('•••• •••• •••• 1111');
    expect(maskCard('3782 822463 10005')).toBe('•••• •••• •••• 0005');
    expect(maskCard('1234')).toBe('•••• •••• •••• 1234');
    expect(lastFour('5555-5555-5555-4444')).toBe('4444');
  });

  it('property: the mask never reveals more than four digits', () => {
    fc.assert(
      fc.property(digitString(4, 19), (number) => {
        const masked = maskCard(number);
        expect(masked).toBe(`•••• •••• •••• ${number.slice(-4)}`);
        expect(masked.replace(/\D/g, '')).toHaveLength(4);
      }),
    );
  });
});

describe('expiry', () => {
  it('parses MM/YY', () => {
    expect(parseCardExpiry('05/26')).toEqual({ month: 5, year: 2026 });
    expect(parseCardExpiry('12/99')).toEqual({ month: 12, year: 2099 });
    expect(parseCardExpiry(' 01 / 30 ')).toEqual({ month: 1, year: 2030 });
    for (const bad of ['5/26', '00/26', '13/26', '05/2026', '0526', '05-26', 'ab/cd', '']) {
      expect(parseCardExpiry(bad)).toBeNull();
    }
  });

  it('is valid through the last day of its month', () => {
    expect(isExpiryPast('05/26', '2026-05-01')).toBe(false);
    expect(isExpiryPast('05/26', '2026-05-31')).toBe(false);
    expect(isExpiryPast('05/26', '2026-06-01')).toBe(true);
    expect(isExpiryPast('02/28', '2028-02-29')).toBe(false);
    expect(isExpiryPast('02/28', '2028-03-01')).toBe(true);
    expect(isExpiryPast('12/26', '2027-01-01')).toBe(true);
    expect(isExpiryPast('01/27', '2026-12-31')).toBe(false);
  });

  it('reads a Date today in UTC', () => {
    expect(isExpiryPast('05/26', new Date('2026-05-31T23:59:59.999Z'))).toBe(false);
    expect(isExpiryPast('05/26', new Date('2026-06-01T00:00:00.000Z'))).toBe(true);
  });

  it('throws for a malformed expiry or today', () => {
    expect(() => isExpiryPast('13/26', '2026-01-01')).toThrow(RangeError);
    expect(() => isExpiryPast('05/26', 'yesterday')).toThrow(RangeError);
    expect(() => isExpiryPast('05/26', new Date(Number.NaN))).toThrow(RangeError);
  });

  it('property: not past on the last day of the month, past on the first day of the next', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 98 }), (month, yy) => {
        const year = 2000 + yy;
        const mmYY = `${String(month).padStart(2, '0')}/${String(yy).padStart(2, '0')}`;
        const lastDay = new Date(Date.UTC(year, month, 0));
        const nextMonth = new Date(Date.UTC(year, month, 1));
        expect(isExpiryPast(mmYY, lastDay)).toBe(false);
        expect(isExpiryPast(mmYY, nextMonth)).toBe(true);
      }),
    );
  });
});

describe('summarizeCard', () => {
  it('keeps only brand, last four and expiry', () => {
    expect(summarizeCard('4111 1111 1111 1111', '05 / 26')).toEqual({
      brand: 'visa',
      lastFour: '1111',
      expirationDate: '05/26',
    });
    expect(summarizeCard('4111111111111112', '05/26')).toBeNull();
    expect(summarizeCard('4111111111111111', '13/26')).toBeNull();
  });
});
