import { z } from 'zod';
import { CONSENT_PURPOSES, type TConsentPurpose } from './versions.ts';

/**
 * Consent records (issue 16, "Personal data"; docs/decisions/0028-consent-records.md).
 * The purposes and the text version in force of each are in `versions.ts`.
 */
export { CONSENT_PURPOSES, CONSENT_TEXT_VERSIONS, type TConsentPurpose } from './versions.ts';

/** What was chosen. */
export const CONSENT_CHOICES = ['given', 'refused', 'withdrawn'] as const;
export type TConsentChoice = (typeof CONSENT_CHOICES)[number];

/** Where the choice was made. */
export const CONSENT_SOURCES = ['cookieDialog', 'signUp', 'contactForm', 'jobApplication', 'account'] as const;
export type TConsentSource = (typeof CONSENT_SOURCES)[number];

/** The purposes a person changes themselves after the fact (the others are a condition of a form). */
export const CHANGEABLE_PURPOSES = ['cookies', 'marketing'] as const satisfies readonly TConsentPurpose[];
export type TChangeablePurpose = (typeof CHANGEABLE_PURPOSES)[number];

export const ZConsentPurpose = z.enum(CONSENT_PURPOSES);
export const ZConsentChoice = z.enum(CONSENT_CHOICES);

/** One stored record (append-only: a change is a new record). */
export const ZConsentRecord = z.object({
  id: z.string(),
  purpose: ZConsentPurpose,
  choice: ZConsentChoice,
  textVersion: z.string(),
  source: z.enum(CONSENT_SOURCES),
  recordedAt: z.string(),
});
export type TConsentRecord = z.infer<typeof ZConsentRecord>;

/** The caller's consents: the current state of each purpose, and the whole history (newest first). */
export const ZConsentOverview = z.object({
  current: z.array(
    ZConsentRecord.extend({
      /** Whether the person can change it from their account. */
      changeable: z.boolean(),
      /** Whether the record was given on an older text than the one in force. */
      outdated: z.boolean(),
    }),
  ),
  history: z.array(ZConsentRecord),
});
export type TConsentOverview = z.infer<typeof ZConsentOverview>;

/**
 * A change from the account page or the cookie dialog: give, refuse or withdraw a changeable
 * purpose, on the text version the person saw (it must be the one in force).
 */
export const ZConsentChangeRequest = z
  .object({
    purpose: z.enum(CHANGEABLE_PURPOSES, { message: 'consents.errors.purpose' }),
    choice: ZConsentChoice,
    textVersion: z.string({ message: 'consents.errors.textVersion' }).min(1, 'consents.errors.textVersion').max(64, 'consents.errors.textVersion'),
    source: z.enum(['cookieDialog', 'account'], { message: 'consents.errors.source' }).default('account'),
  })
  .strict();
export type TConsentChangeRequest = z.infer<typeof ZConsentChangeRequest>;

export const ZConsentUserParams = z.object({ userId: z.string() });

/** Why an ADMIN reads a person's consent history (a claim's reference): kept in the audit entry. */
export const ZConsentHistoryRequest = z
  .object({ reason: z.string({ message: 'consents.errors.reason' }).trim().min(3, 'consents.errors.reason').max(500, 'consents.errors.reason') })
  .strict();
export type TConsentHistoryRequest = z.infer<typeof ZConsentHistoryRequest>;
