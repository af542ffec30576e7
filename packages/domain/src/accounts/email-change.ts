import { z } from 'zod';
import { vkey } from '../i18n/validation-messages.ts';
import { emailField } from './schemas.ts';
import { PASSWORD_MAX_LENGTH, countCharacters } from './password.ts';
import { encodeMessage } from '../i18n/message-key.ts';
import { akey } from './messages.ts';

/**
 * Changing one's own e-mail address (issue 18, "changing the password or the e-mail";
 * docs/decisions/0037). The person asks from /account with the new address and their current
 * password (after a step-up when they have a second factor); a one-time link (60 minutes, only its
 * SHA-256 stored) goes to the NEW address and a notice to the old one. Nothing changes until the
 * link is opened: then the address changes, the person's other sessions end and the old address
 * is told.
 */

/** How long the confirmation link works. */
export const EMAIL_CHANGE_LINK_MINUTES = 60;
export const emailChangeLinkExpiry = (requestedAt: Date): Date => new Date(requestedAt.getTime() + EMAIL_CHANGE_LINK_MINUTES * 60_000);

/** How many changes one person may ask for in an hour (each mails a stranger's address). */
export const EMAIL_CHANGE_REQUESTS_PER_HOUR = 5;

/** Where the mail's link opens: the token travels in the fragment (it reaches no server log). */
export const EMAIL_CHANGE_CONFIRM_WEB_PATH = '/web/account/email/confirm';

/** The API's e-mail change endpoints. */
export const emailChangeApi = {
  request: '/api/users/me/email',
  confirm: '/api/users/email-change/confirm',
} as const;

export type TEmailChangeState = 'PENDING' | 'CONFIRMED' | 'SUPERSEDED';
export type TEmailChangeLinkVerdict = 'ok' | 'used' | 'replaced' | 'expired';

/**
 * Whether a confirmation link still works at `now`: used once (CONFIRMED), replaced by a later
 * request (SUPERSEDED), or expired (the end is exclusive: at exactly 60 minutes it no longer works).
 */
export function emailChangeLinkVerdict(input: { state: TEmailChangeState; expiresAt: Date; now: Date }): TEmailChangeLinkVerdict {
  if (input.state === 'CONFIRMED') return 'used';
  if (input.state === 'SUPERSEDED') return 'replaced';
  return input.now.getTime() < input.expiresAt.getTime() ? 'ok' : 'expired';
}

/** Two addresses name the same mailbox for the platform (the unique index is on lower(email)). */
export const isSameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

export const ZChangeEmailRequest = z
  .object({
    /** Trimmed, lower-cased and bounded as sign-up does. */
    newEmail: emailField(),
    currentPassword: z
      .string({ error: vkey('required') })
      .min(1, vkey('required'))
      .refine((value) => countCharacters(value) <= PASSWORD_MAX_LENGTH, encodeMessage(vkey('tooLong'), { max: PASSWORD_MAX_LENGTH })),
  })
  .strict();
export type TChangeEmailRequest = z.output<typeof ZChangeEmailRequest>;
export type TChangeEmailRequestInput = z.input<typeof ZChangeEmailRequest>;

/** The new address and until when the link sent there works. */
export const ZEmailChangeRequested = z.object({ newEmail: z.string(), expiresAt: z.string() });
export type TEmailChangeRequested = z.infer<typeof ZEmailChangeRequested>;

export const ZEmailChangeConfirmRequest = z
  .object({ token: z.string({ error: vkey('required') }).regex(/^[A-Za-z0-9_-]{16,200}$/, vkey('invalid')) })
  .strict();
export type TEmailChangeConfirmRequest = z.infer<typeof ZEmailChangeConfirmRequest>;

/** The address the account now has, and whether the calling session (the person's own) was kept; every other one was ended. */
export const ZEmailChangeConfirmed = z.object({ email: z.string(), sessionKept: z.boolean() });
export type TEmailChangeConfirmed = z.infer<typeof ZEmailChangeConfirmed>;

/** The field message when the new address is the current one. */
export const SAME_EMAIL_MESSAGE = akey('sameEmail');
