import { z } from 'zod';
import { encodeMessage } from '../i18n/message-key.ts';
import { vkey } from '../i18n/validation-messages.ts';
import { MINIMUM_AGE, ageOn } from './age.ts';
import { formatIsoDate, parseIsoDate, toCalendarDate, type TToday } from './calendar-date.ts';
import { checkCardNumber, isExpiryPast, normalizeCardNumber, parseCardExpiry } from './card.ts';
import { checkEthereumAddress, isValidEthereumAddress, toChecksumAddress } from './ethereum.ts';
import {
  NATIONAL_ID_MAX_LENGTH,
  NATIONAL_ID_MIN_LENGTH,
  isSameCountry,
  isValidNationalId,
  normalizeIdentityDocument,
} from './identity-document.ts';
import { akey } from './messages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, checkPassword, countCharacters, doPasswordsMatch } from './password.ts';
import { isValidPostalCode, normalizePostalCode } from './postal-code.ts';
import { SIGN_UP_ROLES } from './roles.ts';
import { isValidCif, isValidDniOrNie } from './spanish-id.ts';

/**
 * The accounts forms as zod schemas, shared by the browser (each wizard step) and the API (the
 * whole registration). Every message is a translation key; each field gets at most one message
 * and every cross-field rule puts its message on the field the person has to change.
 */

/** Countries are ISO 3166-1 alpha-2 codes; Spain's is the default `spainCountryId`. */
export const DEFAULT_SPAIN_COUNTRY_ID = 'ES';
/** Beyond this age a date of birth is taken as a typing mistake. */
export const DATE_OF_BIRTH_MAX_AGE = 120;
/** The security code's length (specification 9). */
export const CCV_LENGTH = 3;

/** Maximum lengths of the accounts' text fields (after trimming). */
export const ACCOUNT_FIELD_MAX_LENGTHS = {
  email: 254,
  name: 100,
  companyName: 200,
  /** countryId, cityId, billingCountry. */
  id: 64,
  addressLine: 200,
} as const;
const EMAIL_MAX_LENGTH = ACCOUNT_FIELD_MAX_LENGTHS.email;
const NAME_MAX_LENGTH = ACCOUNT_FIELD_MAX_LENGTHS.name;
const COMPANY_NAME_MAX_LENGTH = ACCOUNT_FIELD_MAX_LENGTHS.companyName;
const ID_MAX_LENGTH = ACCOUNT_FIELD_MAX_LENGTHS.id;
const ADDRESS_LINE_MAX_LENGTH = ACCOUNT_FIELD_MAX_LENGTHS.addressLine;

const REQUIRED = vkey('required');
const INVALID = vkey('invalid');
const tooLong = (max: number) => encodeMessage(vkey('tooLong'), { max });

const trim = (value: string) => value.trim();
const keep = (value: string) => value;

type TTextRule = (value: string) => string | null;

/**
 * A required string: normalised (trimmed by default), then 'required' when empty, then too
 * long, then `rule`; at most one message.
 */
function requiredText(options: { max?: number; normalize?: (value: string) => string; rule?: TTextRule } = {}) {
  const { max, normalize = trim, rule } = options;
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : INVALID) })
    .overwrite(normalize)
    .superRefine((value, ctx) => {
      let message: string | null = null;
      if (value.length === 0) message = REQUIRED;
      else if (max !== undefined && value.length > max) message = tooLong(max);
      else if (rule) message = rule(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}

/** A string that only some answers require (checked by the object's rules); null and '' mean absent. */
function conditionalText(normalize: (value: string) => string = trim) {
  return z.string({ error: INVALID }).overwrite(normalize).nullish();
}

function requiredBoolean() {
  return z.boolean({ error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : INVALID) });
}

function requiredEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? REQUIRED : INVALID),
  });
}

/** An e-mail address as sign-up takes it: trimmed, lower-cased, at most 254 characters. */
export const emailField = () =>
  requiredText({
    max: EMAIL_MAX_LENGTH,
    normalize: (value) => value.trim().toLowerCase(),
    rule: (value) => (z.regexes.email.test(value) ? null : vkey('invalidEmail')),
  });

// ---------------------------------------------------------------------------------------------
// Login

export const ZLoginRequest = z.object({
  email: emailField(),
  password: requiredText({
    normalize: keep,
    rule: (value) => (countCharacters(value) > PASSWORD_MAX_LENGTH ? tooLong(PASSWORD_MAX_LENGTH) : null),
  }),
});
export type TLoginRequest = z.output<typeof ZLoginRequest>;
export type TLoginRequestInput = z.input<typeof ZLoginRequest>;

// ---------------------------------------------------------------------------------------------
// Sign-up

export const INVESTOR_TYPES = ['PERSON', 'COMPANY'] as const;
export const ZInvestorType = z.enum(INVESTOR_TYPES);
export type TInvestorType = z.infer<typeof ZInvestorType>;

export interface TSignUpSchemaOptions {
  /** The country id that means Spain (DNI/NIE, CIF and Spanish postal codes); 'ES' by default. */
  spainCountryId?: string;
}

const passwordRule: TTextRule = (value) => {
  switch (checkPassword(value)) {
    case 'tooShort':
      return encodeMessage(akey('passwordTooShort'), { min: PASSWORD_MIN_LENGTH });
    case 'tooLong':
      return tooLong(PASSWORD_MAX_LENGTH);
    default:
      return null;
  }
};

const dateOfBirthRule =
  (today: string): TTextRule =>
  (value) => {
    if (!parseIsoDate(value)) return akey('invalidDate');
    const age = ageOn(value, today);
    if (age < MINIMUM_AGE) return encodeMessage(akey('underage'), { min: MINIMUM_AGE });
    if (age > DATE_OF_BIRTH_MAX_AGE) return akey('invalidDate');
    return null;
  };

const ethereumRule: TTextRule = (value) => {
  switch (checkEthereumAddress(value)) {
    case 'invalidFormat':
      return akey('invalidEthereumAddress');
    case 'invalidChecksum':
      return akey('invalidEthereumChecksum');
    default:
      return null;
  }
};

const personalShape = (today: string) => ({
  email: emailField(),
  password: requiredText({ normalize: keep, rule: passwordRule }),
  repeatPassword: requiredText({ normalize: keep }),
  /** Normalised: uppercase, without spaces, hyphens or dots. Checked against countryId. */
  dni: requiredText({ normalize: normalizeIdentityDocument }),
  firstName: requiredText({ max: NAME_MAX_LENGTH }),
  lastName: requiredText({ max: NAME_MAX_LENGTH }),
  /** 'YYYY-MM-DD'; the person must be at least 18 on `today`. */
  dateOfBirth: requiredText({ rule: dateOfBirthRule(today) }),
  countryId: requiredText({ max: ID_MAX_LENGTH }),
  cityId: requiredText({ max: ID_MAX_LENGTH }),
  /** Checked against countryId (Spain: 5 digits, province 01–52). */
  postalCode: requiredText({ normalize: normalizePostalCode }),
  /** Optional: the specification's clients send no such field, which means PERSON (issue 13). */
  investorType: z
    .enum(INVESTOR_TYPES, { error: (issue) => (issue.input === '' ? REQUIRED : INVALID) })
    .nullish()
    .transform((value) => value ?? 'PERSON'),
  /** Required when investorType is COMPANY; ignore it otherwise. */
  companyName: conditionalText(),
  /** Required when investorType is COMPANY (a Spanish entity NIF when countryId is Spain); ignore it otherwise. */
  companyTaxId: conditionalText(normalizeIdentityDocument),
});

const paymentShape = () => ({
  useCreditCard: requiredBoolean(),
  /** Required when useCreditCard; spaces and hyphens removed. Never store it: keep summarizeCard(...). */
  creditCard: conditionalText(normalizeCardNumber),
  /** Required when useCreditCard: exactly 3 digits. Never store it. */
  ccv: conditionalText(),
  /** Required when useCreditCard: 'MM/YY', not past on `today`. */
  expirationDate: conditionalText((value) => value.replace(/\s/g, '')),
  /** True when the browser generated the wallet; only its address is ever sent. */
  newEthereumWallet: requiredBoolean(),
  /** Output in its EIP-55 checksum form. */
  ethereumWallet: requiredText({ rule: ethereumRule }).overwrite((value) =>
    isValidEthereumAddress(value) ? toChecksumAddress(value) : value,
  ),
});

const billingShape = () => ({
  billingAddressLine1: requiredText({ max: ADDRESS_LINE_MAX_LENGTH }),
  billingAddressLine2: requiredText({ max: ADDRESS_LINE_MAX_LENGTH }),
  billingCountry: requiredText({ max: ID_MAX_LENGTH }),
  billingState: requiredText({ max: NAME_MAX_LENGTH }),
  billingCity: requiredText({ max: NAME_MAX_LENGTH }),
  /** Checked against billingCountry. */
  billingPostalCode: requiredText({ normalize: normalizePostalCode }),
});

/** The fields of each wizard step (steps 0 to 2; step 3 is the confirmation), e.g. to validate a step's fields only. */
export const SIGN_UP_STEP_FIELDS = {
  personal: Object.keys(personalShape('2000-01-01')) as (keyof ReturnType<typeof personalShape>)[],
  payment: Object.keys(paymentShape()) as (keyof ReturnType<typeof paymentShape>)[],
  billing: Object.keys(billingShape()) as (keyof ReturnType<typeof billingShape>)[],
} as const;

// Cross-field rules. They run even when other fields fail (so the person sees every problem at
// once) and therefore read the values defensively: a field that already has its own message
// (missing, wrong type) is left alone.

type TLoose = Record<string, unknown>;
type TCtx = z.RefinementCtx;

const isObjectPayload = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;
const isAbsent = (value: unknown) => value === undefined || value === null || value === '';
const textOf = (value: TLoose, key: string): string | undefined => {
  const raw = value[key];
  return typeof raw === 'string' && raw !== '' ? raw : undefined;
};
const report = (ctx: TCtx, path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });

function refinePersonal(value: TLoose, ctx: TCtx, spainCountryId: string): void {
  const password = value['password'];
  const repeatPassword = textOf(value, 'repeatPassword');
  if (typeof password === 'string' && repeatPassword !== undefined && !doPasswordsMatch(password, repeatPassword)) {
    report(ctx, 'repeatPassword', akey('passwordMismatch'));
  }

  const countryId = textOf(value, 'countryId');
  const isSpain = countryId !== undefined && isSameCountry(countryId, spainCountryId);

  const dni = textOf(value, 'dni');
  if (dni !== undefined) {
    if (isSpain && !isValidDniOrNie(dni)) report(ctx, 'dni', akey('invalidDniNie'));
    if (!isSpain && !isValidNationalId(dni)) {
      report(ctx, 'dni', encodeMessage(akey('invalidNationalId'), { min: NATIONAL_ID_MIN_LENGTH, max: NATIONAL_ID_MAX_LENGTH }));
    }
  }

  const postalCode = textOf(value, 'postalCode');
  if (postalCode !== undefined && !isValidPostalCode(postalCode, countryId, spainCountryId)) {
    report(ctx, 'postalCode', akey('invalidPostalCode'));
  }

  if (value['investorType'] === 'COMPANY') {
    const companyName = value['companyName'];
    if (isAbsent(companyName)) report(ctx, 'companyName', REQUIRED);
    else if (typeof companyName === 'string' && companyName.length > COMPANY_NAME_MAX_LENGTH) {
      report(ctx, 'companyName', tooLong(COMPANY_NAME_MAX_LENGTH));
    }
    const companyTaxId = value['companyTaxId'];
    if (isAbsent(companyTaxId)) report(ctx, 'companyTaxId', REQUIRED);
    else if (typeof companyTaxId === 'string') {
      if (isSpain && !isValidCif(companyTaxId)) report(ctx, 'companyTaxId', akey('invalidCif'));
      if (!isSpain && !isValidNationalId(companyTaxId)) {
        report(
          ctx,
          'companyTaxId',
          encodeMessage(akey('invalidCompanyTaxId'), { min: NATIONAL_ID_MIN_LENGTH, max: NATIONAL_ID_MAX_LENGTH }),
        );
      }
    }
  }
}

function refinePayment(value: TLoose, ctx: TCtx, today: string): void {
  if (value['useCreditCard'] !== true) return;

  const creditCard = value['creditCard'];
  if (isAbsent(creditCard)) report(ctx, 'creditCard', REQUIRED);
  else if (typeof creditCard === 'string') {
    const check = checkCardNumber(creditCard);
    if (!check.ok) {
      report(ctx, 'creditCard', check.reason === 'brand' ? akey('unsupportedCardBrand') : akey('invalidCardNumber'));
    }
  }

  const ccv = value['ccv'];
  if (isAbsent(ccv)) report(ctx, 'ccv', REQUIRED);
  else if (typeof ccv === 'string') {
    if (countCharacters(ccv) !== CCV_LENGTH) report(ctx, 'ccv', akey('ccvLength'));
    else if (!/^\d+$/.test(ccv)) report(ctx, 'ccv', akey('ccvDigits'));
  }

  const expirationDate = value['expirationDate'];
  if (isAbsent(expirationDate)) report(ctx, 'expirationDate', REQUIRED);
  else if (typeof expirationDate === 'string') {
    if (!parseCardExpiry(expirationDate)) report(ctx, 'expirationDate', akey('invalidExpiry'));
    else if (isExpiryPast(expirationDate, today)) {
      report(ctx, 'expirationDate', akey('cardExpired'));
    }
  }
}

function refineBilling(value: TLoose, ctx: TCtx, spainCountryId: string): void {
  const postalCode = textOf(value, 'billingPostalCode');
  if (postalCode !== undefined && !isValidPostalCode(postalCode, textOf(value, 'billingCountry'), spainCountryId)) {
    report(ctx, 'billingPostalCode', akey('invalidPostalCode'));
  }
}

const spainOf = (options: TSignUpSchemaOptions) => options.spainCountryId ?? DEFAULT_SPAIN_COUNTRY_ID;

/** Step 0, personal information, validated on `today` (minimum age). */
export function makeSignUpPersonalStepSchema(today: TToday, options: TSignUpSchemaOptions = {}) {
  const on = formatIsoDate(toCalendarDate(today));
  const spain = spainOf(options);
  return z
    .object(personalShape(on))
    .superRefine((value, ctx) => refinePersonal(value as TLoose, ctx, spain), { when: isObjectPayload });
}

/** Step 1, payment information, validated on `today` (card expiry). */
export function makeSignUpPaymentStepSchema(today: TToday) {
  const on = formatIsoDate(toCalendarDate(today));
  return z
    .object(paymentShape())
    .superRefine((value, ctx) => refinePayment(value as TLoose, ctx, on), { when: isObjectPayload });
}

/** Step 2, billing data (all six fields required). */
export function makeSignUpBillingStepSchema(options: TSignUpSchemaOptions = {}) {
  const spain = spainOf(options);
  return z
    .object(billingShape())
    .superRefine((value, ctx) => refineBilling(value as TLoose, ctx, spain), { when: isObjectPayload });
}

/** Step 2 with Spain as 'ES'. */
export const ZSignUpBillingStep = makeSignUpBillingStepSchema();

/** The whole registration as the server receives it: the three steps and the role of the sign-up route. */
export function makeRegisterRequestSchema(today: TToday, options: TSignUpSchemaOptions = {}) {
  const on = formatIsoDate(toCalendarDate(today));
  const spain = spainOf(options);
  return z
    .object({
      ...personalShape(on),
      ...paymentShape(),
      ...billingShape(),
      /** The role of the sign-up route (see SIGN_UP_SLUG_ROLES). */
      role: requiredEnum(SIGN_UP_ROLES),
      /** Opt-in to marketing communications (never pre-ticked; absent means not given). Recorded as a consent. */
      acceptMarketing: z.boolean().optional().default(false),
    })
    .superRefine(
      (value, ctx) => {
        refinePersonal(value as TLoose, ctx, spain);
        refinePayment(value as TLoose, ctx, on);
        refineBilling(value as TLoose, ctx, spain);
      },
      { when: isObjectPayload },
    );
}

export type TSignUpPersonalStep = z.output<ReturnType<typeof makeSignUpPersonalStepSchema>>;
export type TSignUpPersonalStepInput = z.input<ReturnType<typeof makeSignUpPersonalStepSchema>>;
export type TSignUpPaymentStep = z.output<ReturnType<typeof makeSignUpPaymentStepSchema>>;
export type TSignUpPaymentStepInput = z.input<ReturnType<typeof makeSignUpPaymentStepSchema>>;
export type TSignUpBillingStep = z.output<typeof ZSignUpBillingStep>;
export type TSignUpBillingStepInput = z.input<typeof ZSignUpBillingStep>;
export type TRegisterRequest = z.output<ReturnType<typeof makeRegisterRequestSchema>>;
export type TRegisterRequestInput = z.input<ReturnType<typeof makeRegisterRequestSchema>>;
