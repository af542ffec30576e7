import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * TOTP as RFC 6238 and every authenticator app read it: SHA-1, 30-second steps, 6 digits. A code
 * of the step before or after the current one is accepted (a phone's clock a little off); the
 * caller refuses a step already used (repository `takeTotpStep`).
 */
const ALGORITHM = 'SHA1';
const DIGITS = 6;
const PERIOD = 30;
const WINDOW = 1;
const ISSUER = 'KC';

/** A new secret of 160 bits (RFC 4226's recommendation), as base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The step (30-second counter) a moment falls in. */
export const totpStepAt = (at: Date): number => TOTP.counter({ period: PERIOD, timestamp: at.getTime() });

/** The step the code belongs to (within ±1 of `at`'s), or null when it is no code of this secret now. */
export function matchTotpStep(secretBase32: string, code: string, at: Date): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secretBase32),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD,
    timestamp: at.getTime(),
    window: WINDOW,
  });
  return delta === null ? null : totpStepAt(at) + delta;
}

/** The code of a secret at a moment (tests, and the end-to-end helper's twin). */
export const totpCodeAt = (secretBase32: string, at: Date): string =>
  TOTP.generate({ secret: Secret.fromBase32(secretBase32), algorithm: ALGORITHM, digits: DIGITS, period: PERIOD, timestamp: at.getTime() });

/** What the enrolment screen shows: the key to type (grouped by 4), the otpauth URI and its QR code as SVG. */
export async function totpEnrolment(secretBase32: string, account: string): Promise<{ manualKey: string; otpauthUri: string; qrSvg: string }> {
  const otpauthUri = new TOTP({ issuer: ISSUER, label: account, algorithm: ALGORITHM, digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secretBase32) }).toString();
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { manualKey: secretBase32.match(/.{1,4}/g)!.join(' '), otpauthUri, qrSvg };
}
