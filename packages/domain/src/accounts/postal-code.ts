import { isSameCountry } from './identity-document.ts';

/** Trims, uppercases and collapses inner whitespace ('sw1a   1aa ' → 'SW1A 1AA'). */
export function normalizePostalCode(value: string): string {
  return value.trim().toUpperCase().replace(/\s+/g, ' ');
}

const SPANISH_POSTAL_CODE = /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/;
/** 2 to 10 letters, digits, spaces or hyphens, starting and ending with a letter or digit. */
const GENERIC_POSTAL_CODE = /^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$/;

/** Five digits whose first two name a province (01 to 52). */
export function isValidSpanishPostalCode(value: string): boolean {
  return SPANISH_POSTAL_CODE.test(normalizePostalCode(value));
}

/** Spain: a Spanish postal code; elsewhere (or country unknown): the generic shape. */
export function isValidPostalCode(value: string, countryId: string | undefined, spainCountryId = 'ES'): boolean {
  if (countryId !== undefined && isSameCountry(countryId, spainCountryId)) return isValidSpanishPostalCode(value);
  return GENERIC_POSTAL_CODE.test(normalizePostalCode(value));
}
