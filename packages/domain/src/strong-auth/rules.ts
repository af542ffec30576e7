/**
 * Strong authentication's rules (issue 18, "Strong authentication"), as pure functions: which
 * actions need a recent second factor (step-up), who must enrol one, and the recovery codes'
 * shape. The server enforces them on every route; the web app reads them to ask before it sends.
 */

/** A second factor counts for a step-up for 5 minutes after it was used. */
export const STEP_UP_WINDOW_MS = 5 * 60 * 1000;

/** The money and identity actions that need a step-up when the user has a second factor. */
export const STEP_UP_ACTIONS = [
  'hire',
  'buy',
  'sell',
  'addPaymentMethod',
  'changePassword',
  'changeEmail',
  'exportData',
  // The second factors themselves: adding another, removing one, new recovery codes.
  'addSecondFactor',
  'removeSecondFactor',
  'regenerateRecoveryCodes',
] as const;
export type TStepUpAction = (typeof STEP_UP_ACTIONS)[number];

/**
 * Every staff role (ADMIN, the managers, ADVISOR, AGENT) must enrol a second factor before it may
 * use the back office. Customers (investors, timber suppliers and home owners: the roles that
 * register themselves for their own contracts and have no back-office permission) may choose.
 */
const NO_SECOND_FACTOR_REQUIRED = new Set(['INVESTOR', 'SUPPLIER', 'OWNER']);

export function mustEnrolSecondFactor(roles: readonly string[]): boolean {
  return roles.some((role) => !NO_SECOND_FACTOR_REQUIRED.has(role));
}

export type TStepUpVerdict = 'ok' | 'stepUpRequired' | 'enrolmentRequired';

/**
 * What an action needs now. A user with no second factor is let through (investors may choose not
 * to enrol), except staff, who must enrol first. A user with one must have used it within the
 * window (the end is exclusive: at exactly 5 minutes it no longer counts).
 */
export function stepUpVerdict(input: { roles: readonly string[]; hasSecondFactor: boolean; lastSecondFactorAt: Date | null; now: Date }): TStepUpVerdict {
  if (!input.hasSecondFactor) return mustEnrolSecondFactor(input.roles) ? 'enrolmentRequired' : 'ok';
  if (input.lastSecondFactorAt === null) return 'stepUpRequired';
  const age = input.now.getTime() - input.lastSecondFactorAt.getTime();
  return age >= 0 && age < STEP_UP_WINDOW_MS ? 'ok' : 'stepUpRequired';
}

/** Ten one-time recovery codes, shown once and stored hashed. */
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code: 10 characters of Crockford's base32 shown as two groups (`7QH2K-M9XWD`). */
export const RECOVERY_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RECOVERY_CODE_LENGTH = 10;

/**
 * A typed recovery code in its canonical form (what is hashed), or null: case, spaces and dashes
 * are ignored and Crockford's look-alikes read as digits (O → 0, I and L → 1), so a code read aloud
 * or copied from paper still works.
 */
export function normalizeRecoveryCode(text: string): string | null {
  const canonical = text
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (canonical.length !== RECOVERY_CODE_LENGTH) return null;
  for (const char of canonical) if (!RECOVERY_CODE_ALPHABET.includes(char)) return null;
  return canonical;
}

/** A canonical code as shown to the person: two groups of five. */
export function formatRecoveryCode(canonical: string): string {
  return `${canonical.slice(0, 5)}-${canonical.slice(5)}`;
}

/**
 * A recovery code from random bytes (the server gives crypto.randomBytes(10)): one character per
 * byte, taken modulo 32 (256 is a multiple of 32, so every character is equally likely).
 */
export function recoveryCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < RECOVERY_CODE_LENGTH) throw new RangeError('A recovery code needs 10 random bytes');
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i += 1) code += RECOVERY_CODE_ALPHABET[bytes[i]! % 32];
  return code;
}

/** A TOTP code as typed: six digits, spaces ignored. */
export function normalizeTotpCode(text: string): string | null {
  const digits = text.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}
