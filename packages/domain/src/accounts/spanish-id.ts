import { normalizeIdentityDocument } from './identity-document.ts';

/**
 * Spanish identity and tax numbers, with their control characters verified:
 * - DNI: 8 digits and a check letter;
 * - NIE: X, Y or Z, 7 digits and a check letter (X=0, Y=1, Z=2 in front of the digits);
 * - NIF of legal entities (the former CIF): an entity letter, 7 digits and a control character
 *   (Orden EHA/451/2008). Every function accepts raw input and normalises it first.
 */
export const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** The check letter of a DNI number (or of a NIE with its first letter replaced by 0, 1 or 2). */
export function computeDniLetter(number: number | string): string {
  const n = typeof number === 'number' ? number : Number(number);
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a DNI number: ${String(number)}`);
  return DNI_LETTERS.charAt(n % 23);
}

const DNI = /^(\d{8})([A-Z])$/;
const NIE = /^([XYZ])(\d{7})([A-Z])$/;

export function isValidDni(value: string): boolean {
  const match = DNI.exec(normalizeIdentityDocument(value));
  return match !== null && computeDniLetter(match[1] ?? '') === match[2];
}

export function isValidNie(value: string): boolean {
  const match = NIE.exec(normalizeIdentityDocument(value));
  if (!match) return false;
  const prefix = String('XYZ'.indexOf(match[1] ?? ''));
  return computeDniLetter(prefix + (match[2] ?? '')) === match[3];
}

/** What a person resident in Spain gives as `dni`: a DNI or a NIE. */
export function isValidDniOrNie(value: string): boolean {
  return isValidDni(value) || isValidNie(value);
}

/** Entity letters of a legal entity's NIF (K, L and M are NIFs of people, not entities). */
export const CIF_ENTITY_LETTERS = 'ABCDEFGHJNPQRSUVW';
/** Entities whose control character is always a letter: foreign entities (N), permanent establishments (W), local corporations (P), public bodies (Q), religious institutions (R) and state or regional bodies (S). */
export const CIF_LETTER_CONTROL = 'NPQRSW';
/** Entities whose control character is always a digit: S.A. (A), S.L. (B), communities of goods (E), owners' communities (H). The rest (C D F G J U V) may use either. */
export const CIF_DIGIT_CONTROL = 'ABEH';
const CIF_CONTROL_LETTERS = 'JABCDEFGHI';

/**
 * The control of an entity NIF from its 7 digits: the digits in odd positions (1st, 3rd, 5th,
 * 7th) are doubled and their digits summed, the even ones added as they are; the control digit
 * is (10 − sum mod 10) mod 10 and the control letter is 'JABCDEFGHI' at that index.
 */
export function computeCifControl(sevenDigits: string): { digit: string; letter: string } {
  if (!/^\d{7}$/.test(sevenDigits)) throw new RangeError(`Not 7 digits: ${sevenDigits}`);
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(sevenDigits[i]);
    if (i % 2 === 0) {
      const doubled = d * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else {
      sum += d;
    }
  }
  const control = (10 - (sum % 10)) % 10;
  return { digit: String(control), letter: CIF_CONTROL_LETTERS.charAt(control) };
}

const CIF = /^([A-Z])(\d{7})([0-9A-J])$/;

/** A legal entity's NIF (CIF) with the right kind of control character for its entity letter. */
export function isValidCif(value: string): boolean {
  const match = CIF.exec(normalizeIdentityDocument(value));
  if (!match) return false;
  const [, entity = '', digits = '', control = ''] = match;
  if (!CIF_ENTITY_LETTERS.includes(entity)) return false;
  const expected = computeCifControl(digits);
  if (CIF_LETTER_CONTROL.includes(entity)) return control === expected.letter;
  if (CIF_DIGIT_CONTROL.includes(entity)) return control === expected.digit;
  return control === expected.letter || control === expected.digit;
}

export type TSpanishIdKind = 'DNI' | 'NIE' | 'CIF';

/** Which valid Spanish document this is, or null when it is none of them. */
export function detectSpanishIdKind(value: string): TSpanishIdKind | null {
  if (isValidDni(value)) return 'DNI';
  if (isValidNie(value)) return 'NIE';
  if (isValidCif(value)) return 'CIF';
  return null;
}
