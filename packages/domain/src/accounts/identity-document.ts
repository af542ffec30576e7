/**
 * Identity documents as people type them: '12.345.678-z ' and '12345678Z' are the same DNI.
 * Normalising trims, uppercases and removes spaces, hyphens and dots.
 */
export function normalizeIdentityDocument(value: string): string {
  return value.toUpperCase().replace(/[\s.-]/g, '');
}

/** A national identity number outside Spain (decisions): 4 to 20 letters and digits. */
export const NATIONAL_ID_MIN_LENGTH = 4;
export const NATIONAL_ID_MAX_LENGTH = 20;

const NATIONAL_ID = new RegExp(`^[A-Z0-9]{${NATIONAL_ID_MIN_LENGTH},${NATIONAL_ID_MAX_LENGTH}}$`);

/** True for 4 to 20 ASCII letters and digits once normalised. */
export function isValidNationalId(value: string): boolean {
  return NATIONAL_ID.test(normalizeIdentityDocument(value));
}

/** Country ids are compared without regard to case ('es' is 'ES'). */
export function isSameCountry(countryId: string, otherCountryId: string): boolean {
  return countryId.trim().toUpperCase() === otherCountryId.trim().toUpperCase();
}
