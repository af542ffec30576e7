/**
 * The purposes of consent records and the version in force of each one's text (cookie policy,
 * privacy policy, candidates' notice, marketing). Change a text → bump its version here: every
 * record says which version was accepted. No zod here: the cookie dialog (in every page's shell
 * chunk) imports this file by its path.
 */
export const CONSENT_PURPOSES = ['cookies', 'privacyPolicy', 'candidateDataProtection', 'marketing'] as const;
export type TConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** The version in force of each purpose's text. */
export const CONSENT_TEXT_VERSIONS: Record<TConsentPurpose, string> = {
  cookies: 'cookies-2026-11',
  privacyPolicy: 'privacy-2026-11',
  candidateDataProtection: 'candidates-2026-11',
  marketing: 'marketing-2026-11',
};
