import { z } from 'zod';
import { encodeMessage } from '../i18n/message-key.ts';
import { vkey } from '../i18n/validation-messages.ts';

/**
 * The three contact forms of the public site (specification, section 2), one schema shared by
 * the browser (react-hook-form) and the API. Every message is a translation key; each field
 * gets at most one message.
 */
export const CONTACT_FORM_KINDS = ['general', 'finca-ganadera', 'finca-agricola'] as const;
export const ZContactFormKind = z.enum(CONTACT_FORM_KINDS, {
  error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? vkey('required') : vkey('invalid')),
});
export type TContactFormKind = z.infer<typeof ZContactFormKind>;

/** Maximum lengths after trimming. */
export const CONTACT_MAX_LENGTHS = {
  name: 100,
  surname: 100,
  email: 254,
  phone: 30,
  message: 5000,
} as const;

/** Digits, spaces and the usual separators, with an optional leading +; 6 to 15 digits. */
const PHONE_PATTERN = /^\+?[0-9\s().-]+$/;
const isValidPhone = (value: string) => PHONE_PATTERN.test(value) && /^(?:\D*\d){6,15}\D*$/.test(value);

const REQUIRED = vkey('required');
const INVALID = vkey('invalid');
const tooLong = (max: number) => encodeMessage(vkey('tooLong'), { max });
const missing = (input: unknown) => input === undefined || input === null;

function text(options: { max: number; required: boolean; rule?: (value: string) => string | null; lower?: boolean }) {
  return z
    .string({ error: (issue) => (missing(issue.input) ? REQUIRED : INVALID) })
    .overwrite((value) => (options.lower ? value.trim().toLowerCase() : value.trim()))
    .superRefine((value, ctx) => {
      let message: string | null = null;
      if (value.length === 0) message = options.required ? REQUIRED : null;
      else if (value.length > options.max) message = tooLong(options.max);
      else if (options.rule) message = options.rule(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}

/** The fields a person fills in, without the form kind (the page knows it). */
export const ZContactFields = z.object({
  name: text({ max: CONTACT_MAX_LENGTHS.name, required: true }),
  surname: text({ max: CONTACT_MAX_LENGTHS.surname, required: true }),
  email: text({
    max: CONTACT_MAX_LENGTHS.email,
    required: true,
    lower: true,
    rule: (value) => (z.regexes.email.test(value) ? null : vkey('invalidEmail')),
  }),
  /** Optional: '' means not given. */
  phone: text({ max: CONTACT_MAX_LENGTHS.phone, required: false, rule: (value) => (isValidPhone(value) ? null : INVALID) }).default(''),
  message: text({ max: CONTACT_MAX_LENGTHS.message, required: true }),
  acceptPrivacy: z.literal(true, { error: vkey('mustAcceptPrivacy') }),
});
export type TContactFields = z.output<typeof ZContactFields>;
export type TContactFieldsInput = z.input<typeof ZContactFields>;

/** POST /api/contact. */
export const ZContactRequest = ZContactFields.extend({ kind: ZContactFormKind });
export type TContactRequest = z.output<typeof ZContactRequest>;
export type TContactRequestInput = z.input<typeof ZContactRequest>;

/** 201: the stored message's id and when it was received. */
export const ZContactResponse = z.object({ id: z.string(), receivedAt: z.string() });
export type TContactResponse = z.infer<typeof ZContactResponse>;

/** The API path of the contact endpoint (under the API prefix). */
export const CONTACT_API_PATH = '/api/contact';
