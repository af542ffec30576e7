import { z } from 'zod';
import { ZPersonRef } from '../sales-network/schemas.ts';
import { encodeMessage } from '../i18n/message-key.ts';
import { vkey } from '../i18n/validation-messages.ts';
import type { TFieldError } from '../errors/problem.ts';
import { MAX_PAGE_SIZE, ZMoney, ZPaymentPreference, makePageSchema } from '../contracts/schemas.ts';
import { ZContractAction, ZContractState, type TContractAction } from '../contracts/states.ts';
import { ZReflectionInfo } from '../investor-protection/schemas.ts';

/**
 * The advisor's workspace (issue 14): their clients, a client's page (customerDetails), the
 * queue of NEW contracts waiting for the first payment, notes, and the reassignment of a client
 * to another advisor. Field messages are translation keys (i18n/validation-messages.ts).
 */

export const ADVISOR_PAGE_SIZE = 20;
export const ADVISOR_SEARCH_MAX_LENGTH = 100;
export const NOTE_MAX_LENGTH = 2000;
export const REASON_MIN_LENGTH = 3;
export const REASON_MAX_LENGTH = 500;
export const PAYMENT_REFERENCE_MAX_LENGTH = 100;

const pageField = z.coerce.number({ error: vkey('invalid') }).int(vkey('invalid')).min(0, vkey('invalid')).max(1_000_000, vkey('invalid')).default(0);
const sizeField = z.coerce
  .number({ error: vkey('invalid') })
  .int(vkey('invalid'))
  .min(1, vkey('invalid'))
  .default(ADVISOR_PAGE_SIZE)
  .transform((size) => Math.min(size, MAX_PAGE_SIZE));

// ---------------------------------------------------------------------------------------------
// Transition details: the one rule of what an advisor's action must carry

/** What a staff transition records besides who and when: a payment reference, a reason. */
export const ZTransitionDetails = z.object({
  /** The reference of the first payment (bank transfer, card receipt…): activate. */
  paymentReference: z
    .string()
    .trim()
    .max(PAYMENT_REFERENCE_MAX_LENGTH, encodeMessage(vkey('tooLong'), { max: PAYMENT_REFERENCE_MAX_LENGTH }))
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** Why a contract is suspended or resumed. */
  reason: z
    .string()
    .trim()
    .max(REASON_MAX_LENGTH, encodeMessage(vkey('tooLong'), { max: REASON_MAX_LENGTH }))
    .optional()
    .transform((value) => (value ? value : undefined)),
});
/** What a transition was sent (either detail may be missing). */
export interface TTransitionDetails {
  paymentReference?: string | undefined;
  reason?: string | undefined;
}

/** Which detail each action requires (others take none). */
export const REQUIRED_TRANSITION_DETAIL: Partial<Record<TContractAction, keyof TTransitionDetails>> = {
  activate: 'paymentReference',
  suspend: 'reason',
  resume: 'reason',
};

/**
 * The details an action must carry: activating needs the first payment's reference; suspending
 * and resuming need a reason (at least 3 characters). Returns the field errors (none: fine). A
 * detail an action does not take is dropped by `detailsFor`.
 */
export function checkTransitionDetails(action: TContractAction, details: TTransitionDetails | undefined): TFieldError[] {
  const needed = REQUIRED_TRANSITION_DETAIL[action];
  if (!needed) return [];
  const value = details?.[needed]?.trim() ?? '';
  if (value === '') return [{ field: needed, message: vkey('required') }];
  if (needed === 'reason' && [...value].length < REASON_MIN_LENGTH) {
    return [{ field: needed, message: encodeMessage(vkey('tooShort'), { min: REASON_MIN_LENGTH }) }];
  }
  return [];
}

/** The dialog's and the server's schema for one action: the details, with the one they need required. */
export function transitionDetailsSchema(action: TContractAction) {
  return ZTransitionDetails.superRefine((value, ctx) => {
    for (const problem of checkTransitionDetails(action, value)) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
}

/** The details stored with an action's event: only the one it takes. */
export function detailsFor(action: TContractAction, details: TTransitionDetails | undefined): { reason: string | null; paymentReference: string | null } {
  const needed = REQUIRED_TRANSITION_DETAIL[action];
  return {
    reason: needed === 'reason' ? (details?.reason?.trim() ?? null) : null,
    paymentReference: needed === 'paymentReference' ? (details?.paymentReference?.trim() ?? null) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Clients

export const ZAdvisorClientsQuery = z.object({
  page: pageField,
  size: sizeField,
  /** A fragment of the name, e-mail or DNI/NIE; accents and case are ignored. */
  q: z
    .string()
    .trim()
    .max(ADVISOR_SEARCH_MAX_LENGTH, encodeMessage(vkey('tooLong'), { max: ADVISOR_SEARCH_MAX_LENGTH }))
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** ADMIN and COMPANY_MANAGER: one advisor's clients (default: every client of the company). */
  advisorId: z.uuid(vkey('invalid')).optional(),
});
export type TAdvisorClientsQuery = z.output<typeof ZAdvisorClientsQuery>;

export const ZContractCounts = z.object({
  NEW: z.number().int(),
  ACTIVE: z.number().int(),
  STANDBY: z.number().int(),
  ARCHIVED: z.number().int(),
  DELETED: z.number().int(),
  ALL: z.number().int(),
});
export type TContractCounts = z.infer<typeof ZContractCounts>;


export const ZAdvisorClient = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  dni: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  advisor: ZPersonRef.nullable(),
  contracts: ZContractCounts,
});
export type TAdvisorClient = z.infer<typeof ZAdvisorClient>;
export const ZAdvisorClientPage = makePageSchema(ZAdvisorClient);
export type TAdvisorClientPage = z.infer<typeof ZAdvisorClientPage>;

export const ZClientParams = z.object({ clientId: z.string().min(1).max(64) });

export const ZClientContractEvent = z.object({
  fromState: ZContractState.nullable(),
  toState: ZContractState,
  at: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
  paymentReference: z.string().nullable(),
});

export const ZClientContract = z.object({
  id: z.string(),
  productKey: z.string(),
  productNameEs: z.string(),
  productNameEn: z.string(),
  state: ZContractState,
  initialInvestment: ZMoney,
  recurringAmount: ZMoney,
  submissionDate: z.string(),
  expiringDate: z.string(),
  createdAt: z.string(),
  history: z.array(ZClientContractEvent),
  /** The advisor's actions in this state (activate, suspend, resume). */
  actions: z.array(ZContractAction),
  /** The reflection period (decision 0026): activation waits for its end or the investor's waiver. */
  reflection: ZReflectionInfo,
});
export type TClientContract = z.infer<typeof ZClientContract>;

export const ZClientNote = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: z.string(),
  author: z.object({ id: z.string(), name: z.string() }),
});
export type TClientNote = z.infer<typeof ZClientNote>;

export const ZAdvisorClientDetail = z.object({
  profile: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    dni: z.string().nullable(),
    country: z.string().nullable(),
    city: z.string().nullable(),
    postalCode: z.string().nullable(),
    language: z.string(),
    isActive: z.boolean(),
    createdAt: z.string(),
    confirmedAt: z.string().nullable(),
  }),
  advisor: ZPersonRef.nullable(),
  agent: ZPersonRef.extend({ since: z.string() }).nullable(),
  contracts: z.array(ZClientContract),
  paymentMethods: z.array(ZPaymentPreference),
  notes: z.array(ZClientNote),
  /** The caller may move this client to another advisor (ADMIN, COMPANY_MANAGER). */
  canReassign: z.boolean(),
});
export type TAdvisorClientDetail = z.infer<typeof ZAdvisorClientDetail>;

export const ZCreateNoteRequest = z.object({
  body: z
    .string({ error: vkey('required') })
    .trim()
    .min(1, vkey('required'))
    .max(NOTE_MAX_LENGTH, encodeMessage(vkey('tooLong'), { max: NOTE_MAX_LENGTH })),
});
export type TCreateNoteRequest = z.infer<typeof ZCreateNoteRequest>;

// ---------------------------------------------------------------------------------------------
// The queue

export const ZAdvisorQueueQuery = z.object({ page: pageField, size: sizeField });
export type TAdvisorQueueQuery = z.output<typeof ZAdvisorQueueQuery>;

export const ZQueueItem = z.object({
  contractId: z.string(),
  productKey: z.string(),
  productNameEs: z.string(),
  productNameEn: z.string(),
  initialInvestment: ZMoney,
  recurringAmount: ZMoney,
  createdAt: z.string(),
  client: ZPersonRef,
  advisor: ZPersonRef.nullable(),
  /** The reflection period (decision 0026): activation waits for its end or the investor's waiver. */
  reflection: ZReflectionInfo,
});
export type TQueueItem = z.infer<typeof ZQueueItem>;
export const ZQueuePage = makePageSchema(ZQueueItem);
export type TQueuePage = z.infer<typeof ZQueuePage>;

// ---------------------------------------------------------------------------------------------
// Reassignment

export const ZReassignRequest = z.object({ advisorId: z.uuid(vkey('invalid')) });
export type TReassignRequest = z.infer<typeof ZReassignRequest>;

export const ZAdvisorOption = ZPersonRef.extend({ activeClients: z.number().int() });
export type TAdvisorOption = z.infer<typeof ZAdvisorOption>;
export const ZAdvisorOptions = z.object({ advisors: z.array(ZAdvisorOption) });
export type TAdvisorOptions = z.infer<typeof ZAdvisorOptions>;

/** The web app's and tests' view of what the API answers to a transition from the workspace. */
export const ZTransitionResult = z.object({ id: z.string(), state: ZContractState });
