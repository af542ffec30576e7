import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CIF_DIGIT_CONTROL,
  CIF_ENTITY_LETTERS,
  CIF_LETTER_CONTROL,
  DNI_LETTERS,
  computeCifControl,
  computeDniLetter,
  detectSpanishIdKind,
  isValidCif,
  isValidDni,
  isValidDniOrNie,
  isValidNie,
} from '../../src/accounts/spanish-id.ts';
import { isSameCountry, isValidNationalId, normalizeIdentityDocument } from '../../src/accounts/identity-document.ts';
import { isValidPostalCode, isValidSpanishPostalCode, normalizePostalCode } from '../../src/accounts/postal-code.ts';

const digits = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });

describe('normalizeIdentityDocument', () => {
  it('trims, uppercases and strips spaces, hyphens and dots', () => {
    expect(normalizeIdentityDocument(' 12.345.678-z ')).toBe('12345678Z');
    expect(normalizeIdentityDocument('x-1234567 l')).toBe('X1234567L');
    expect(normalizeIdentityDocument('b 1234567 4')).toBe('B12345674');
  });
});

describe('DNI', () => {
  it('accepts numbers with their check letter', () => {
    expect(isValidDni('12345678Z')).toBe(true);
    expect(isValidDni('00000000T')).toBe(true);
    expect(isValidDni('99999999R')).toBe(true);
    expect(isValidDni('12345678z')).toBe(true);
    expect(isValidDni(' 12.345.678-Z ')).toBe(true);
  });

  it('refuses a wrong check letter or a wrong shape', () => {
    expect(isValidDni('12345678A')).toBe(false);
    expect(isValidDni('1234567Z')).toBe(false);
    expect(isValidDni('123456789Z')).toBe(false);
    expect(isValidDni('12345678')).toBe(false);
    expect(isValidDni('12345678Ñ')).toBe(false);
    expect(isValidDni('')).toBe(false);
  });

  it('computes the letter of the official table (n mod 23)', () => {
    expect(DNI_LETTERS).toHaveLength(23);
    expect(computeDniLetter(12345678)).toBe('Z');
    expect(computeDniLetter('0')).toBe('T');
    expect(computeDniLetter(22)).toBe('E');
    expect(() => computeDniLetter(-1)).toThrow(RangeError);
  });

  it('property: any 8 digits with their letter pass, and every other letter fails', () => {
    fc.assert(
      fc.property(digits(8), fc.constantFrom(...DNI_LETTERS), (number, letter) => {
        expect(isValidDni(number + letter)).toBe(letter === computeDniLetter(number));
      }),
    );
  });
});

describe('NIE', () => {
  it('accepts X, Y and Z numbers with their check letter', () => {
    expect(isValidNie('X1234567L')).toBe(true);
    expect(isValidNie('Y1234567X')).toBe(true);
    expect(isValidNie('Z1234567R')).toBe(true);
    expect(isValidNie('x-1234567-l')).toBe(true);
  });

  it('refuses a wrong letter, prefix or length', () => {
    expect(isValidNie('X1234567A')).toBe(false);
    expect(isValidNie('W1234567L')).toBe(false);
    expect(isValidNie('X12345678L')).toBe(false);
    expect(isValidNie('12345678Z')).toBe(false);
  });

  it('property: the prefix counts as 0, 1 or 2 in front of the digits', () => {
    fc.assert(
      fc.property(fc.constantFrom('X', 'Y', 'Z'), digits(7), (prefix, number) => {
        const letter = computeDniLetter(String('XYZ'.indexOf(prefix)) + number);
        expect(isValidNie(prefix + number + letter)).toBe(true);
        const wrong = DNI_LETTERS.charAt((DNI_LETTERS.indexOf(letter) + 1) % 23);
        expect(isValidNie(prefix + number + wrong)).toBe(false);
      }),
    );
  });

  it('isValidDniOrNie accepts both and nothing else', () => {
    expect(isValidDniOrNie('12345678Z')).toBe(true);
    expect(isValidDniOrNie('X1234567L')).toBe(true);
    expect(isValidDniOrNie('B12345674')).toBe(false);
    expect(isValidDniOrNie('AB123456')).toBe(false);
  });
});

describe('CIF (NIF of legal entities)', () => {
  it('accepts real entity NIFs', () => {
    expect(isValidCif('A58818501')).toBe(true); // digit control
    expect(isValidCif('A28015865')).toBe(true);
    expect(isValidCif('B12345674')).toBe(true);
    expect(isValidCif('Q2826000H')).toBe(true); // public body: letter control
    expect(isValidCif('S2811001C')).toBe(true);
    expect(isValidCif('P0801900B')).toBe(true);
    expect(isValidCif('R0800391E')).toBe(true);
    expect(isValidCif('N0032484H')).toBe(true);
    expect(isValidCif('W0072130H')).toBe(true);
    expect(isValidCif('b-1234567-4')).toBe(true);
  });

  it('refuses a wrong control', () => {
    expect(isValidCif('B12345675')).toBe(false);
    expect(isValidCif('A58818502')).toBe(false);
    expect(isValidCif('G12345678')).toBe(false);
  });

  it('requires a letter for N P Q R S W and a digit for A B E H', () => {
    expect(computeCifControl('2826000')).toEqual({ digit: '8', letter: 'H' });
    expect(isValidCif('Q28260008')).toBe(false);
    expect(computeCifControl('1234567')).toEqual({ digit: '4', letter: 'D' });
    expect(isValidCif('B1234567D')).toBe(false);
    expect(isValidCif('A1234567D')).toBe(false);
    expect(isValidCif('E1234567D')).toBe(false);
    expect(isValidCif('H1234567D')).toBe(false);
  });

  it('accepts either for C D F G J U V', () => {
    for (const entity of 'CDFGJUV') {
      expect(isValidCif(`${entity}12345674`)).toBe(true);
      expect(isValidCif(`${entity}1234567D`)).toBe(true);
    }
  });

  it('refuses entity letters that are not entities (people K L M, NIE X Y Z, unused I O T)', () => {
    for (const letter of 'KLMXYZIOT') {
      expect(isValidCif(`${letter}12345674`)).toBe(false);
      expect(isValidCif(`${letter}1234567D`)).toBe(false);
    }
    expect(isValidCif('12345678Z')).toBe(false);
  });

  it('property: every entity letter with its expected control passes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CIF_ENTITY_LETTERS), digits(7), (entity, number) => {
        const { digit, letter } = computeCifControl(number);
        const withDigit = isValidCif(entity + number + digit);
        const withLetter = isValidCif(entity + number + letter);
        if (CIF_LETTER_CONTROL.includes(entity)) expect([withDigit, withLetter]).toEqual([false, true]);
        else if (CIF_DIGIT_CONTROL.includes(entity)) expect([withDigit, withLetter]).toEqual([true, false]);
        else expect([withDigit, withLetter]).toEqual([true, true]);
        const wrongDigit = String((Number(digit) + 1) % 10);
        expect(isValidCif(entity + number + wrongDigit)).toBe(false);
      }),
    );
  });

  it('detectSpanishIdKind names the valid document', () => {
    expect(detectSpanishIdKind('12345678Z')).toBe('DNI');
    expect(detectSpanishIdKind('X1234567L')).toBe('NIE');
    expect(detectSpanishIdKind('B12345674')).toBe('CIF');
    expect(detectSpanishIdKind('12345678A')).toBeNull();
  });
});

describe('national id elsewhere', () => {
  it('is 4 to 20 letters and digits once normalised', () => {
    expect(isValidNationalId('AB12')).toBe(true);
    expect(isValidNationalId('ab-12 34')).toBe(true);
    expect(isValidNationalId('A'.repeat(20))).toBe(true);
    expect(isValidNationalId('ABC')).toBe(false);
    expect(isValidNationalId('A'.repeat(21))).toBe(false);
    expect(isValidNationalId('AB12/34')).toBe(false);
    expect(isValidNationalId('ÁB1234')).toBe(false);
  });

  it('compares country ids without case', () => {
    expect(isSameCountry('es', 'ES')).toBe(true);
    expect(isSameCountry(' ES ', 'ES')).toBe(true);
    expect(isSameCountry('PT', 'ES')).toBe(false);
  });
});

describe('postal codes', () => {
  it('Spain: five digits with a province 01 to 52', () => {
    expect(isValidSpanishPostalCode('28001')).toBe(true);
    expect(isValidSpanishPostalCode('01001')).toBe(true);
    expect(isValidSpanishPostalCode('52006')).toBe(true);
    expect(isValidSpanishPostalCode('00001')).toBe(false);
    expect(isValidSpanishPostalCode('53001')).toBe(false);
    expect(isValidSpanishPostalCode('2800')).toBe(false);
    expect(isValidSpanishPostalCode('280012')).toBe(false);
  });

  it('elsewhere: 2 to 10 letters, digits, spaces or hyphens', () => {
    expect(isValidPostalCode('SW1A 1AA', 'GB')).toBe(true);
    expect(isValidPostalCode('1000-001', 'PT')).toBe(true);
    expect(isValidPostalCode('99999', 'FR')).toBe(true);
    expect(isValidPostalCode('99999', 'ES')).toBe(false);
    expect(isValidPostalCode('99999', 'es')).toBe(false);
    expect(isValidPostalCode('99999', '724', '724')).toBe(false);
    expect(isValidPostalCode('A', 'FR')).toBe(false);
    expect(isValidPostalCode('12345678901', 'FR')).toBe(false);
    expect(isValidPostalCode('12#45', undefined)).toBe(false);
  });

  it('normalises case and spaces', () => {
    expect(normalizePostalCode('  sw1a   1aa ')).toBe('SW1A 1AA');
  });
});
