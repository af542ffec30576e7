import { z } from 'zod';
import { parseIsoDate } from '../accounts/calendar-date.ts';
import { encodeMessage } from '../i18n/message-key.ts';
import { vkey } from '../i18n/validation-messages.ts';
import { LANGUAGES } from '../i18n/language.ts';
import { EUR_SCALE, formatScaled } from '../ledger/decimal.ts';
import { makePageSchema, pageQueryFields } from '../contracts/schemas.ts';
import { ZContactFields } from '../contact/schema.ts';
import {
  APPLICATION_STATUSES,
  CITY_TYPEAHEAD_MAX,
  CONTRACT_TYPES,
  CV_MAX_BYTES,
  CV_MAX_MB,
  JOB_PAGE_SIZE,
  JOB_SORTS,
  OFFER_STATUSES,
  RECRUITER_APPLICATION_STATUSES,
  isSalaryRange,
  parseSalary,
} from './rules.ts';

/**
 * Requests and answers of the jobs board (issue 17): the public search, an offer's detail, the
 * candidate's application and withdrawal, and the recruiter's offers and applications. Salaries
 * are EUR a year as decimal strings ('32000.00'), never floats.
 */
const jkey = (key: string, params?: Record<string, string | number>) => encodeMessage(`jobs.errors.${key}`, params);

export const JOB_LIMITS = {
  title: { min: 3, max: 150 },
  companyName: { min: 2, max: 150 },
  description: { min: 20, max: 10_000 },
  conditions: { max: 5_000 },
  note: { max: 2_000 },
  search: { max: 200 },
  cvFileName: { max: 200 },
} as const;

const bounded = (key: keyof typeof JOB_LIMITS, min: number) => {
  const limits = JOB_LIMITS[key] as { min?: number; max: number };
  const message = jkey(key, { min, max: limits.max });
  return z.string({ error: message }).trim().min(min, message).max(limits.max, message);
};

export const ZOfferStatus = z.enum(OFFER_STATUSES, { error: jkey('status') });
export const ZContractType = z.enum(CONTRACT_TYPES, { error: jkey('contractType') });
export const ZApplicationStatus = z.enum(APPLICATION_STATUSES, { error: jkey('status') });

/** A salary in EUR a year, answered with two decimals ('32000' → '32000.00'). */
export const ZSalary = z
  .string({ error: jkey('salary') })
  .trim()
  .refine((text) => parseSalary(text) !== null, jkey('salary'))
  .transform((text) => formatScaled(parseSalary(text)!, EUR_SCALE));

const ZDate = z.string({ error: jkey('closesOn') }).refine((text) => parseIsoDate(text) !== null, jkey('closesOn'));

// Offers (recruiter) -----------------------------------------------------------------------------

export const ZJobOfferInput = z
  .object({
    title: bounded('title', JOB_LIMITS.title.min),
    companyName: bounded('companyName', JOB_LIMITS.companyName.min),
    /** ISO 3166-1 alpha-2; Spain by default. */
    countryId: z.string({ error: jkey('city') }).trim().toUpperCase().regex(/^[A-Z]{2}$/, jkey('city')).default('ES'),
    /** A city of the lookups (its GeoNames id). */
    cityId: z.string({ error: jkey('city') }).trim().regex(/^\d{1,12}$/, jkey('city')),
    contractType: ZContractType,
    salaryMin: ZSalary,
    salaryMax: ZSalary,
    description: bounded('description', JOB_LIMITS.description.min),
    conditions: z
      .string({ error: jkey('conditions', { max: JOB_LIMITS.conditions.max }) })
      .trim()
      .max(JOB_LIMITS.conditions.max, jkey('conditions', { max: JOB_LIMITS.conditions.max }))
      .default(''),
    language: z.enum(LANGUAGES, { error: jkey('language') }),
    /** The last day the offer is open (then it closes by itself); none: open until closed. */
    closesOn: ZDate.nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (!isSalaryRange(value.salaryMin, value.salaryMax)) ctx.addIssue({ code: 'custom', path: ['salaryMax'], message: jkey('salaryRange') });
  });
export type TJobOfferInput = z.output<typeof ZJobOfferInput>;
export type TJobOfferInputRaw = z.input<typeof ZJobOfferInput>;

export const ZOfferStatusChange = z.object({
  /** PUBLISHED publishes (or reopens) the offer, CLOSED closes it. */
  status: z.enum(['PUBLISHED', 'CLOSED'], { error: jkey('status') }),
  note: z
    .string({ error: jkey('note', { max: JOB_LIMITS.note.max }) })
    .trim()
    .max(JOB_LIMITS.note.max, jkey('note', { max: JOB_LIMITS.note.max }))
    .optional(),
});
export type TOfferStatusChange = z.output<typeof ZOfferStatusChange>;

export const ZJobOfferParams = z.object({ offerId: z.uuid() });
export const ZJobApplicationParams = z.object({ applicationId: z.uuid() });

/** An offer as the public sees it. `open` is false once closed or past its closing date. */
export const ZJobOffer = z.object({
  id: z.string(),
  title: z.string(),
  companyName: z.string(),
  countryId: z.string(),
  cityId: z.string(),
  cityName: z.string(),
  contractType: ZContractType,
  salaryMin: z.string(),
  salaryMax: z.string(),
  currency: z.literal('EUR'),
  description: z.string(),
  conditions: z.string(),
  language: z.enum(LANGUAGES),
  status: ZOfferStatus,
  publishedAt: z.string().nullable(),
  closesOn: z.string().nullable(),
  open: z.boolean(),
  /** Why a listed offer is no longer open: CLOSED by the recruiter, or EXPIRED (past its closing date). */
  closedReason: z.enum(['CLOSED', 'EXPIRED']).nullable(),
});
export type TJobOffer = z.infer<typeof ZJobOffer>;

export const ZOfferHistoryItem = z.object({
  fromStatus: ZOfferStatus.nullable(),
  toStatus: ZOfferStatus,
  at: z.string(),
  /** Null when the system changed it (expiry). */
  byUserId: z.string().nullable(),
  note: z.string().nullable(),
});
/** An offer in the back office: every status, with its history and count of applications. */
export const ZJobOfferManaged = ZJobOffer.extend({
  createdAt: z.string(),
  updatedAt: z.string(),
  applications: z.number().int(),
  history: z.array(ZOfferHistoryItem),
});
export type TJobOfferManaged = z.infer<typeof ZJobOfferManaged>;

export const ZJobOfferManagedSummary = ZJobOffer.omit({ description: true, conditions: true }).extend({
  createdAt: z.string(),
  updatedAt: z.string(),
  applications: z.number().int(),
});
export const ZJobOfferManagedPage = makePageSchema(ZJobOfferManagedSummary);
export type TJobOfferManagedPage = z.infer<typeof ZJobOfferManagedPage>;

const searchText = z
  .string()
  .trim()
  .max(JOB_LIMITS.search.max, jkey('search', { max: JOB_LIMITS.search.max }))
  .optional()
  .transform((value) => (value ? value : undefined));

export const ZManagedOfferQuery = z.object({
  ...pageQueryFields(20),
  status: ZOfferStatus.optional(),
  q: searchText,
});
export type TManagedOfferQuery = z.output<typeof ZManagedOfferQuery>;

// Public search -----------------------------------------------------------------------------------

const salaryFilter = z
  .string({ error: jkey('salary') })
  .trim()
  .refine((text) => parseSalary(text) !== null, jkey('salary'))
  .optional();

export const ZJobSearchQuery = z
  .object({
    ...pageQueryFields(JOB_PAGE_SIZE),
    /** Keywords: full-text, Spanish and English stemming, accents and case ignored. */
    q: searchText,
    /** A city id of the lookups, or 'all' (the default). */
    cityId: z
      .string({ error: jkey('city') })
      .trim()
      .regex(/^(all|\d{1,12})$/, jkey('city'))
      .optional()
      .transform((value) => (value && value !== 'all' ? value : undefined)),
    /** Offers paying at least this (their maximum reaches it), EUR a year. */
    salaryFrom: salaryFilter,
    /** Offers paying at most this (their minimum is below it), EUR a year. */
    salaryTo: salaryFilter,
    contractType: ZContractType.optional(),
    /** relevance (the default with keywords), date (newest first, the default without) or salary (highest first). */
    sort: z.enum(JOB_SORTS, { error: vkey('invalid') }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.salaryFrom && value.salaryTo && !isSalaryRange(value.salaryFrom, value.salaryTo)) {
      ctx.addIssue({ code: 'custom', path: ['salaryTo'], message: jkey('salaryRange') });
    }
  });
export type TJobSearchQuery = z.output<typeof ZJobSearchQuery>;

export const ZJobOfferSummary = ZJobOffer.omit({ description: true, conditions: true, status: true, open: true, closedReason: true }).extend({
  /** The beginning of the description (at most 240 characters). */
  excerpt: z.string(),
});
export type TJobOfferSummary = z.infer<typeof ZJobOfferSummary>;
export const ZJobSearchPage = makePageSchema(ZJobOfferSummary);
export type TJobSearchPage = z.infer<typeof ZJobSearchPage>;

export const ZJobCityQuery = z.object({
  /** Minimum length 0: empty lists the cities with open offers first. */
  q: z.string().trim().max(100, encodeMessage(vkey('tooLong'), { max: 100 })).default(''),
  countryId: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, vkey('invalid')).default('ES'),
});
export const ZJobCity = z.object({ id: z.string(), name: z.string(), openOffers: z.number().int() });
export const ZJobCityList = z.object({ content: z.array(ZJobCity).max(CITY_TYPEAHEAD_MAX) });
export type TJobCityList = z.infer<typeof ZJobCityList>;

// Applications -----------------------------------------------------------------------------------

/** Base64 of at most CV_MAX_BYTES, with room for a bigger file to be refused by its size (not the body limit). */
export const CV_MAX_BASE64_CHARS = Math.ceil((CV_MAX_BYTES * 1.2) / 3) * 4;

export const ZJobApplicationRequest = z.object({
  firstName: ZContactFields.shape.name,
  lastName: ZContactFields.shape.surname,
  email: ZContactFields.shape.email,
  phone: z
    .string({ error: (issue) => (issue.input == null ? vkey('required') : jkey('phone')) })
    .trim()
    .min(1, vkey('required'))
    .max(30, jkey('phone'))
    .refine((value) => /^\+?[0-9\s().-]+$/.test(value) && /^(?:\D*\d){6,15}\D*$/.test(value), jkey('phone')),
  /** The data-protection notice, accepted on each application (terms). */
  acceptPrivacy: z.literal(true, { error: vkey('mustAcceptPrivacy') }),
  /** Optional CV: a PDF (checked by content) of at most 5 MB, as base64. */
  cv: z
    .object({
      fileName: z
        .string({ error: jkey('cvFileName', { max: JOB_LIMITS.cvFileName.max }) })
        .trim()
        .min(1, jkey('cvFileName', { max: JOB_LIMITS.cvFileName.max }))
        .max(JOB_LIMITS.cvFileName.max, jkey('cvFileName', { max: JOB_LIMITS.cvFileName.max })),
      contentBase64: z
        .string({ error: jkey('cvNotPdf') })
        .max(CV_MAX_BASE64_CHARS, jkey('cvTooLarge', { max: CV_MAX_MB }))
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, jkey('cvNotPdf')),
    })
    .nullable()
    .optional(),
});
export type TJobApplicationRequest = z.output<typeof ZJobApplicationRequest>;
export type TJobApplicationRequestInput = z.input<typeof ZJobApplicationRequest>;

/**
 * 201 for every accepted submission, the same whether or not the e-mail had already applied to the
 * offer (decision 0023): a first application is stored; a repeat waits for the confirmation link
 * mailed to the address on file. `hasCv`: this submission carried a CV.
 */
export const ZJobApplicationReceipt = z.object({
  offerId: z.string(),
  receivedAt: z.string(),
  hasCv: z.boolean(),
});
export type TJobApplicationReceipt = z.infer<typeof ZJobApplicationReceipt>;

export const ZWithdrawalRequest = z.object({ token: z.string({ error: vkey('required') }).min(1, vkey('required')).max(200, vkey('invalid')) });
export const ZWithdrawalReceipt = z.object({ withdrawnAt: z.string() });
/** The one-time link mailed to the address on file to apply a repeat application's changes. */
export const ZUpdateConfirmationRequest = z.object({ token: z.string({ error: vkey('required') }).min(1, vkey('required')).max(200, vkey('invalid')) });
export const ZUpdateConfirmationReceipt = z.object({ updatedAt: z.string() });

export const ZApplicationHistoryItem = z.object({
  fromStatus: ZApplicationStatus.nullable(),
  toStatus: ZApplicationStatus,
  at: z.string(),
  byUserId: z.string().nullable(),
  note: z.string().nullable(),
});
export const ZJobApplication = z.object({
  id: z.string(),
  offerId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: ZApplicationStatus,
  note: z.string().nullable(),
  language: z.enum(LANGUAGES),
  cv: z.object({ fileName: z.string(), size: z.number().int() }).nullable(),
  consentAt: z.string().nullable(),
  submissions: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  anonymised: z.boolean(),
  history: z.array(ZApplicationHistoryItem),
});
export type TJobApplication = z.infer<typeof ZJobApplication>;
export const ZJobApplicationPage = makePageSchema(ZJobApplication);
export type TJobApplicationPage = z.infer<typeof ZJobApplicationPage>;

export const ZApplicationListQuery = z.object({
  ...pageQueryFields(20),
  status: ZApplicationStatus.optional(),
  /** A fragment of the candidate's name or e-mail (accents and case ignored). */
  q: searchText,
});
export type TApplicationListQuery = z.output<typeof ZApplicationListQuery>;

export const ZApplicationStatusChange = z.object({
  status: z.enum(RECRUITER_APPLICATION_STATUSES, { error: jkey('status') }),
  note: z
    .string({ error: jkey('note', { max: JOB_LIMITS.note.max }) })
    .trim()
    .max(JOB_LIMITS.note.max, jkey('note', { max: JOB_LIMITS.note.max }))
    .optional(),
});
export type TApplicationStatusChange = z.output<typeof ZApplicationStatusChange>;

