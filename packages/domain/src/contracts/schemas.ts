import { z } from 'zod';
import { encodeMessage } from '../i18n/message-key.ts';
import { vkey } from '../i18n/validation-messages.ts';
import { akey } from '../accounts/messages.ts';
import { formatIsoDate, parseIsoDate, toCalendarDate, type TToday } from '../accounts/calendar-date.ts';
import { checkCardNumber, isExpiryPast, normalizeCardNumber, parseCardExpiry } from '../accounts/card.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, checkPassword, countCharacters } from '../accounts/password.ts';
import { FIELD_BOUNDS, countDecimals, type TFieldBounds } from '../calculator/bounds.ts';
import { ZPlanId } from '../calculator/plan-id-schema.ts';
import { ZContractAction, ZContractFilter, ZContractState } from './states.ts';
// Investor protection (issue 16, helper kis).
import { ZContractProtection, ZContractReflection, ZReflectionInfo } from '../investor-protection/schemas.ts';

/** Money travels as an exact decimal string ('6000.00'), never a float. */
export const ZMoney = z.string().regex(/^-?\d+(\.\d+)?$/);
/** A calendar date 'YYYY-MM-DD' that names a real day. */
export const ZIsoDate = z
  .string({ error: (issue) => (issue.input == null ? vkey('required') : vkey('invalid')) })
  .refine((value) => parseIsoDate(value) !== null, vkey('invalid'));

// ---------------------------------------------------------------------------------------------
// Paging (the specification's paged envelope, section 3)

export const ZPageSort = z.object({ sorted: z.boolean(), unsorted: z.boolean(), empty: z.boolean() });

export function makePageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    pageable: z.object({ pageNumber: z.number().int(), pageSize: z.number().int(), offset: z.number().int(), sort: ZPageSort }),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    first: z.boolean(),
    last: z.boolean(),
    /** The page number, from 0. */
    number: z.number().int(),
    numberOfElements: z.number().int(),
    size: z.number().int(),
    empty: z.boolean(),
  });
}
export type TPage<T> = {
  content: T[];
  pageable: { pageNumber: number; pageSize: number; offset: number; sort: z.infer<typeof ZPageSort> };
  totalElements: number;
  totalPages: number;
  first: boolean;
  last: boolean;
  number: number;
  numberOfElements: number;
  size: number;
  empty: boolean;
};

/** The envelope of one page of `content` out of `totalElements`. */
export function toPage<T>(content: T[], page: number, size: number, totalElements: number, sorted: boolean): TPage<T> {
  const totalPages = size > 0 ? Math.ceil(totalElements / size) : 0;
  return {
    content,
    pageable: { pageNumber: page, pageSize: size, offset: page * size, sort: { sorted, unsorted: !sorted, empty: !sorted } },
    totalElements,
    totalPages,
    first: page === 0,
    last: page >= totalPages - 1,
    number: page,
    numberOfElements: content.length,
    size,
    empty: content.length === 0,
  };
}

export const MAX_PAGE_SIZE = 100;
export const DASHBOARD_PAGE_SIZE = 10;
export const SEARCH_PAGE_SIZE = 100;

const pageNumber = z.coerce.number().int().min(0).max(1_000_000).default(0);
/** Sizes above the cap are served at the cap. */
const pageSize = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .default(fallback)
    .transform((size) => Math.min(size, MAX_PAGE_SIZE));

/**
 * A back-office list query's `page` (from 0) and `size` (at most MAX_PAGE_SIZE; larger sizes are
 * served at the cap), with translated field messages: spread into the list's query object.
 */
export function pageQueryFields(fallbackSize: number) {
  return {
    page: z.coerce.number({ error: vkey('invalid') }).int(vkey('invalid')).min(0, vkey('invalid')).max(1_000_000, vkey('invalid')).default(0),
    size: z.coerce
      .number({ error: vkey('invalid') })
      .int(vkey('invalid'))
      .min(1, vkey('invalid'))
      .default(fallbackSize)
      .transform((size) => Math.min(size, MAX_PAGE_SIZE)),
  };
}

// ---------------------------------------------------------------------------------------------
// Contracts

/** A dashboard row (specification 3; `recurringAmmount` is spelt so). */
export const ZContractSummary = z.object({
  id: z.string(),
  productKey: z.string(),
  userContractState: ZContractState,
  initialInvestment: ZMoney,
  recurringAmmount: ZMoney,
  submissionDate: z.string(),
  expiringDate: z.string(),
  contractPeriodType: z.string(),
  /** A NEW contract's reflection period (decision 0026), for the dashboard row's countdown; absent in other states. */
  reflection: ZReflectionInfo.optional(),
});
export type TContractSummary = z.infer<typeof ZContractSummary>;

export const ZContractPage = makePageSchema(ZContractSummary);
export type TContractPage = z.infer<typeof ZContractPage>;

export const ZDashboardFacets = z.object({
  NEW: z.number().int(),
  ACTIVE: z.number().int(),
  STANDBY: z.number().int(),
  ARCHIVED: z.number().int(),
  DELETED: z.number().int(),
  ALL: z.number().int(),
});
export type TDashboardFacets = z.infer<typeof ZDashboardFacets>;

export const ZDashboardParams = z.object({
  contractState: z
    .union([ZContractFilter, z.literal('')])
    .optional()
    .transform((value) => (value ? value : 'ALL')),
});
export const ZDashboardQuery = z.object({ page: pageNumber, size: pageSize(DASHBOARD_PAGE_SIZE) });
export const ZDashboardResponse = z.object({ contracts: ZContractPage, facets: ZDashboardFacets });
export type TDashboardResponse = z.infer<typeof ZDashboardResponse>;

/** Fields the search may sort by (the API's names). */
export const CONTRACT_SORT_FIELDS = [
  'submissionDate',
  'expiringDate',
  'initialInvestment',
  'recurringAmmount',
  'productKey',
  'userContractState',
] as const;
export type TContractSortField = (typeof CONTRACT_SORT_FIELDS)[number];
export const ZContractSort = z
  .string()
  .regex(new RegExp(`^(${CONTRACT_SORT_FIELDS.join('|')})(,(asc|desc))?$`), vkey('invalid'))
  .transform((value) => {
    const [field, direction] = value.split(',');
    return { field: field as TContractSortField, direction: (direction ?? 'asc') as 'asc' | 'desc' };
  });

export const ZContractSearchQuery = z.object({
  page: pageNumber,
  size: pageSize(SEARCH_PAGE_SIZE),
  /** 'field' or 'field,asc|desc'; by default the newest first. */
  sort: ZContractSort.optional(),
  contractState: z
    .union([ZContractFilter, z.literal('')])
    .optional()
    .transform((value) => (value ? value : 'ALL')),
});

const amountFilter = z.number().min(0).max(10_000_000).optional();
export const ZContractSearchFilters = z.object({
  state: ZContractState.optional(),
  productKey: ZPlanId.optional(),
  submissionDateFrom: ZIsoDate.optional(),
  submissionDateTo: ZIsoDate.optional(),
  expiringDateFrom: ZIsoDate.optional(),
  expiringDateTo: ZIsoDate.optional(),
  initialInvestmentMin: amountFilter,
  initialInvestmentMax: amountFilter,
  recurringAmountMin: amountFilter,
  recurringAmountMax: amountFilter,
});
export type TContractSearchFilters = z.infer<typeof ZContractSearchFilters>;

function moneyField(bounds: TFieldBounds) {
  const between = encodeMessage(vkey('between'), { min: bounds.min, max: bounds.max });
  return z
    .number({ error: (issue) => (issue.input == null ? vkey('required') : vkey('invalidNumber')) })
    .min(bounds.min, between)
    .max(bounds.max, between)
    .refine((value) => countDecimals(value) <= bounds.decimals, vkey('invalidNumber'));
}

/** POST /api/customers/{customerId}/contracts (specification 3). */
export const ZCreateContractRequest = z.object({
  productType: z.string().min(1, vkey('required')).max(40),
  productKey: ZPlanId,
  productId: z.uuid(vkey('invalid')),
  recurringAmount: moneyField(FIELD_BOUNDS.aportacionMensual),
  initialAmount: moneyField(FIELD_BOUNDS.capitalInicial),
  submissionDate: ZIsoDate,
  expiringDate: ZIsoDate,
  paymentPreferenceId: z.uuid(vkey('required')),
  // Investor protection (issue 16, helper kis): the key information sheet's version the investor
  // read, and their acknowledgement of the risk warning. Optional here so that the server
  // answers its own problem (keyInfoSheetRequired, riskWarningNotAcknowledged).
  keyInfoVersion: z.string().max(20).optional(),
  riskAcknowledged: z.boolean().optional(),
});
export type TCreateContractRequest = z.infer<typeof ZCreateContractRequest>;
export const ZCustomerParams = z.object({ customerId: z.string().min(1).max(64) });
export const ZUserParams = z.object({ userId: z.string().min(1).max(64) });
export const ZContractParams = z.object({ id: z.string().min(1).max(64) });
export const ZContractActionParams = z.object({ id: z.string().min(1).max(64), action: ZContractAction });

/** The hiring form (formaDePago is required, specification 5). */
export const ZHireForm = z.object({ formaDePago: z.string({ error: vkey('required') }).min(1, vkey('required')) });
export type THireForm = z.infer<typeof ZHireForm>;

export const ZContractEvent = z.object({
  fromState: ZContractState.nullable(),
  toState: ZContractState,
  at: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Why it was suspended or resumed (issue 14). */
  reason: z.string().nullable().optional(),
  /** The first payment's reference recorded at activation (issue 14). */
  paymentReference: z.string().nullable().optional(),
});

export const ZContractDetail = ZContractSummary.extend({
  productId: z.string(),
  productType: z.string(),
  productNameEs: z.string(),
  productNameEn: z.string(),
  customer: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  paymentPreference: z.lazy(() => ZPaymentPreference).nullable(),
  /** Years of saving and the coin's projected amount at the end (the shared engine, whole euros). */
  projection: z.object({ numAnyos: z.number().int(), kcInteres: z.number(), totalAportado: z.number(), resultadoKc: z.number() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  history: z.array(ZContractEvent),
  allowedActions: z.array(ZContractAction),
  /** Investor protection (issue 16): the sheet accepted, the test relied on, warnings and acknowledgement; null before issue 16. */
  investorProtection: ZContractProtection.nullable().optional(),
  /** The reflection period (decision 0026): when it ends, the waiver if any, whether the caller may waive it now. */
  reflection: ZContractReflection.optional(),
});
export type TContractDetail = z.infer<typeof ZContractDetail>;

// ---------------------------------------------------------------------------------------------
// Products and payment preferences

export const ZProduct = z.object({
  id: z.string(),
  productKey: ZPlanId,
  productType: z.string(),
  nameEs: z.string(),
  nameEn: z.string(),
  fixedValues: z.object({ capitalInicial: z.number().optional(), aportacionMensual: z.number().optional() }),
  kcRate: z.number(),
});
export type TProduct = z.infer<typeof ZProduct>;
export const ZProductList = z.array(ZProduct);

export const PAYMENT_KINDS = ['CARD', 'BANK_TRANSFER', 'ETHEREUM'] as const;
export const ZPaymentPreference = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  /** The masked card ('•••• •••• •••• 4242'); null for other kinds. */
  creditCard: z.string().nullable(),
  cardBrand: z.string().nullable(),
  /** 'MM/YY'. */
  expirationDate: z.string().nullable(),
  ibanLastFour: z.string().nullable(),
  ethereumAddress: z.string().nullable(),
});
export type TPaymentPreference = z.infer<typeof ZPaymentPreference>;
export const ZPaymentPreferenceList = z.array(ZPaymentPreference);
export const ZPaymentPreferenceParams = z.object({ id: z.string().min(1).max(64) });

/** Adding a card on the account page: the sign-up rules (Luhn, brand, 3-digit code, expiry not past on `today`). */
export function makeAddCardSchema(today: TToday) {
  const on = formatIsoDate(toCalendarDate(today));
  return z.object({
    creditCard: z
      .string({ error: vkey('required') })
      .overwrite(normalizeCardNumber)
      .superRefine((value, ctx) => {
        if (value === '') return void ctx.addIssue({ code: 'custom', message: vkey('required') });
        const check = checkCardNumber(value);
        if (!check.ok) {
          ctx.addIssue({ code: 'custom', message: check.reason === 'brand' ? akey('unsupportedCardBrand') : akey('invalidCardNumber') });
        }
      }),
    ccv: z
      .string({ error: vkey('required') })
      .overwrite((value) => value.trim())
      .superRefine((value, ctx) => {
        if (value === '') ctx.addIssue({ code: 'custom', message: vkey('required') });
        else if (countCharacters(value) !== 3) ctx.addIssue({ code: 'custom', message: akey('ccvLength') });
        else if (!/^\d+$/.test(value)) ctx.addIssue({ code: 'custom', message: akey('ccvDigits') });
      }),
    expirationDate: z
      .string({ error: vkey('required') })
      .overwrite((value) => value.replace(/\s/g, ''))
      .superRefine((value, ctx) => {
        if (value === '') ctx.addIssue({ code: 'custom', message: vkey('required') });
        else if (!parseCardExpiry(value)) ctx.addIssue({ code: 'custom', message: akey('invalidExpiry') });
        else if (isExpiryPast(value, on)) ctx.addIssue({ code: 'custom', message: akey('cardExpired') });
      }),
  });
}
export type TAddCardRequest = z.output<ReturnType<typeof makeAddCardSchema>>;
export type TAddCardRequestInput = z.input<ReturnType<typeof makeAddCardSchema>>;

// ---------------------------------------------------------------------------------------------
// The account page

export const ZChangePasswordRequest = z
  .object({
    currentPassword: z
      .string({ error: vkey('required') })
      .min(1, vkey('required'))
      .refine((value) => countCharacters(value) <= PASSWORD_MAX_LENGTH, encodeMessage(vkey('tooLong'), { max: PASSWORD_MAX_LENGTH })),
    newPassword: z.string({ error: vkey('required') }).superRefine((value, ctx) => {
      const problem = checkPassword(value);
      if (problem === 'required') ctx.addIssue({ code: 'custom', message: vkey('required') });
      if (problem === 'tooShort') ctx.addIssue({ code: 'custom', message: encodeMessage(akey('passwordTooShort'), { min: PASSWORD_MIN_LENGTH }) });
      if (problem === 'tooLong') ctx.addIssue({ code: 'custom', message: encodeMessage(vkey('tooLong'), { max: PASSWORD_MAX_LENGTH }) });
    }),
    repeatPassword: z.string({ error: vkey('required') }).min(1, vkey('required')),
  })
  .superRefine((value, ctx) => {
    if (value.repeatPassword !== '' && value.newPassword !== value.repeatPassword) {
      ctx.addIssue({ code: 'custom', path: ['repeatPassword'], message: akey('passwordMismatch') });
    }
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZUserMe = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  dni: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  countryId: z.string().nullable(),
  cityId: z.string().nullable(),
  postalCode: z.string().nullable(),
  investorType: z.string(),
  companyName: z.string().nullable(),
  billingAddressLine1: z.string().nullable(),
  billingAddressLine2: z.string().nullable(),
  billingCity: z.string().nullable(),
  billingState: z.string().nullable(),
  billingPostalCode: z.string().nullable(),
  billingCountry: z.string().nullable(),
  ethereumWallet: z.string().nullable(),
  language: z.string(),
  roles: z.array(z.string()),
  createdAt: z.string(),
  lastLogonAt: z.string().nullable(),
  advisor: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
});
export type TUserMe = z.infer<typeof ZUserMe>;

export const ZOkResponse = z.object({ ok: z.literal(true) });
