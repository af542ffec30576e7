import { z } from 'zod';
import { encodeMessage } from '../i18n/message-key.ts';
import { vkey } from '../i18n/validation-messages.ts';
import { akey } from '../accounts/messages.ts';
import { parseIsoDate } from '../accounts/calendar-date.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, checkPassword } from '../accounts/password.ts';
import { ROLES, ZRole } from '../accounts/roles.ts';
import { makePageSchema, pageQueryFields } from '../contracts/schemas.ts';
import { ZContractFilter } from '../contracts/states.ts';

/**
 * User administration (issue 13): the list with search, filters and sort, a user's page, and
 * the actions on a user. Field messages are translation keys (i18n/validation-messages.ts).
 */

/** A user as the back office lists them (the specification's User shape, section 3). */
export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  lastModifiedAt: z.string(),
  lastLogonAt: z.string().nullable(),
  isDeleted: z.boolean(),
  isActive: z.boolean(),
  isTemporalPassword: z.boolean(),
  /** ISO 3166-1 alpha-2 code. */
  country: z.string().nullable(),
  /** GeoNames id of the city. */
  city: z.string().nullable(),
  dni: z.string().nullable(),
  postalCode: z.string().nullable(),
  roles: z.array(ZRole.or(z.string())),
  /** Since when the person's data is blocked (erasure, retention): only ADMIN sees them (issue 16). */
  blockedAt: z.string().nullable().optional(),
});
export type TUser = z.infer<typeof ZUser>;
/** The list's rows: the same shape (older name, kept for the web app). */
export const ZUserListItem = ZUser;
/**
 * A search counts its matches exactly up to this many; beyond, the answer says `totalCapped`
 * (`totalElements` is then this number) and its pages reach the first this-many results:
 * refine the search to see the others (docs/decisions/0017-user-search-limit.md).
 */
export const USER_LIST_RESULT_LIMIT = 1000;
export const ZUserListPage = makePageSchema(ZUser).extend({
  /** More users match than USER_LIST_RESULT_LIMIT: `totalElements` is that limit, not the count. */
  totalCapped: z.boolean(),
});
export type TUserListPage = z.infer<typeof ZUserListPage>;

export const USER_PAGE_SIZE = 20;
export const USER_SORT_FIELDS = ['createdAt', 'lastName', 'email', 'lastLogonAt'] as const;
export type TUserSortField = (typeof USER_SORT_FIELDS)[number];
export const USER_SEARCH_MAX_LENGTH = 100;

const booleanFilter = z.enum(['true', 'false'], { error: vkey('invalid') }).transform((value) => value === 'true');
const dateFilter = z.string().refine((value) => parseIsoDate(value) !== null, vkey('invalid'));

export const ZUserListQuery = z
  .object({
    ...pageQueryFields(USER_PAGE_SIZE),
    /** A fragment of the name, e-mail or DNI/NIE; accents and case are ignored. */
    q: z
      .string()
      .trim()
      .max(USER_SEARCH_MAX_LENGTH, encodeMessage(vkey('tooLong'), { max: USER_SEARCH_MAX_LENGTH }))
      .optional()
      .transform((value) => (value ? value : undefined)),
    role: ZRole.optional(),
    active: booleanFilter.optional(),
    deleted: booleanFilter.optional(),
    temporaryPassword: booleanFilter.optional(),
    /** Created on or after this day (UTC), 'YYYY-MM-DD'. */
    createdFrom: dateFilter.optional(),
    /** Created on or before this day (UTC), 'YYYY-MM-DD'. */
    createdTo: dateFilter.optional(),
    /** 'field' or 'field,asc|desc'; by default the newest first. */
    sort: z
      .string()
      .regex(new RegExp(`^(${USER_SORT_FIELDS.join('|')})(,(asc|desc))?$`), vkey('invalid'))
      .optional()
      .transform((value) => {
        if (!value) return { field: 'createdAt' as TUserSortField, direction: 'desc' as const };
        const [field, direction] = value.split(',');
        return { field: field as TUserSortField, direction: (direction ?? 'asc') as 'asc' | 'desc' };
      }),
  })
  .superRefine((value, ctx) => {
    if (value.createdFrom && value.createdTo && value.createdFrom > value.createdTo) {
      ctx.addIssue({ code: 'custom', path: ['createdTo'], message: vkey('invalid') });
    }
  });
export type TUserListQuery = z.output<typeof ZUserListQuery>;
export type TUserListQueryInput = z.input<typeof ZUserListQuery>;

/** An open session of a user (never the token itself). */
export const ZUserSession = z.object({ createdAt: z.string(), expiresAt: z.string(), clientId: z.string() });

/** A user's page: every field, the sessions, and where their contracts are. */
export const ZUserDetail = ZUser.extend({
  language: z.string(),
  dateOfBirth: z.string().nullable(),
  investorType: z.string(),
  confirmedAt: z.string().nullable(),
  advisor: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  sessions: z.array(ZUserSession),
  contracts: z.object({
    /** Contracts by state, and ALL. */
    counts: z.record(ZContractFilter, z.number().int()),
    /** POST here for the paged contract search. */
    searchPath: z.string(),
  }),
  /** GET here for the audit entries about this user (ADMIN). */
  auditPath: z.string(),
  /** The roles the caller may grant or remove on this user (empty when the caller may not change them). */
  grantableRoles: z.array(ZRole),
});
export type TUserDetail = z.infer<typeof ZUserDetail>;

const uniqueRoles = z
  .array(ZRole, { error: vkey('required') })
  .min(1, vkey('required'))
  .max(ROLES.length, vkey('invalid'))
  .refine((roles) => new Set(roles).size === roles.length, vkey('invalid'));

const text = (max: number) =>
  z
    .string({ error: (issue) => (issue.input == null ? vkey('required') : vkey('invalid')) })
    .trim()
    .min(1, vkey('required'))
    .max(max, encodeMessage(vkey('tooLong'), { max }));
const optionalText = (max: number) =>
  z
    .string({ error: vkey('invalid') })
    .trim()
    .max(max, encodeMessage(vkey('tooLong'), { max }))
    .nullish()
    .transform((value) => (value ? value : null));

/** Staff create a user (e.g. an advisor); the user sets a password through a one-time link. */
export const ZCreateUserRequest = z.object({
  email: text(254).pipe(z.email(vkey('invalidEmail'))),
  firstName: text(100),
  lastName: text(100),
  phone: optionalText(30),
  dni: optionalText(20).transform((value) => (value ? value.toUpperCase().replace(/[\s.-]/g, '') : null)),
  countryId: optionalText(2),
  cityId: optionalText(20),
  postalCode: optionalText(12),
  language: z.enum(['es', 'en'], { error: vkey('invalid') }).default('es'),
  roles: uniqueRoles,
});
export type TCreateUserRequest = z.output<typeof ZCreateUserRequest>;
export type TCreateUserRequestInput = z.input<typeof ZCreateUserRequest>;

export const ZUpdateRolesRequest = z.object({ roles: uniqueRoles });
export type TUpdateRolesRequest = z.output<typeof ZUpdateRolesRequest>;

/** Forgot-password, from the login page. */
export const ZPasswordResetRequest = z.object({ email: text(254).pipe(z.email(vkey('invalidEmail'))) });

/** A one-time password link: its user and token (sent in a body, never in a URL the API logs). */
export const ZPasswordLink = z.object({
  userId: z.string({ error: vkey('required') }).min(1, vkey('required')).max(64, vkey('invalid')),
  token: z.string({ error: vkey('required') }).min(1, vkey('required')).max(200, vkey('invalid')),
});
export const PASSWORD_LINK_PURPOSES = ['SET', 'RESET'] as const;
export const ZPasswordLinkInfo = z.object({
  /** SET: a first password (an account made by staff); RESET: a new one. */
  purpose: z.enum(PASSWORD_LINK_PURPOSES),
  email: z.string(),
  expiresAt: z.string(),
});
export type TPasswordLinkInfo = z.infer<typeof ZPasswordLinkInfo>;

const newPasswordField = z.string({ error: vkey('required') }).superRefine((value, ctx) => {
  const problem = checkPassword(value);
  if (problem === 'required') ctx.addIssue({ code: 'custom', message: vkey('required') });
  if (problem === 'tooShort') ctx.addIssue({ code: 'custom', message: encodeMessage(akey('passwordTooShort'), { min: PASSWORD_MIN_LENGTH }) });
  if (problem === 'tooLong') ctx.addIssue({ code: 'custom', message: encodeMessage(vkey('tooLong'), { max: PASSWORD_MAX_LENGTH }) });
});

export const ZSetPasswordRequest = ZPasswordLink.extend({
  newPassword: newPasswordField,
  repeatPassword: z.string({ error: vkey('required') }).min(1, vkey('required')),
}).superRefine((value, ctx) => {
  if (value.repeatPassword !== '' && value.newPassword !== value.repeatPassword) {
    ctx.addIssue({ code: 'custom', path: ['repeatPassword'], message: akey('passwordMismatch') });
  }
});
export type TSetPasswordRequest = z.output<typeof ZSetPasswordRequest>;

/** Hours a one-time password link works. */
export const PASSWORD_LINK_HOURS = { SET: 72, RESET: 24 } as const;

export const ZAcceptedResponse = z.object({ accepted: z.literal(true) });
