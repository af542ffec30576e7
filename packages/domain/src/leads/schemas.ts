import { z } from 'zod';
import { encodeMessage } from '../i18n/message-key.ts';
import { vkey } from '../i18n/validation-messages.ts';
import { MAX_PAGE_SIZE, makePageSchema } from '../contracts/schemas.ts';
import { DISCARD_KINDS, LEAD_STATES } from './rules.ts';

/**
 * The agent's workspace (issue 14): leads (reservations), clients, figures; and the pending
 * assignments of investors without an agent. Field messages are translation keys.
 */
export const ZLeadState = z.enum(LEAD_STATES, { error: vkey('invalid') });
export const ZDiscardKind = z.enum(DISCARD_KINDS, { error: (issue) => (issue.input == null ? vkey('required') : vkey('invalid')) });

export const ZLead = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  note: z.string().nullable(),
  zone: z.object({ id: z.string(), title: z.string() }).nullable(),
  state: ZLeadState,
  reservedAt: z.string(),
  reservedUntil: z.string(),
  extendedAt: z.string().nullable(),
  /** True while live and within the last 15 days. */
  expiringSoon: z.boolean(),
  /** True while the one extension is still available (RESERVED and live). */
  canExtend: z.boolean(),
  expiredAt: z.string().nullable(),
  discardedAt: z.string().nullable(),
  discardKind: ZDiscardKind.nullable(),
  discardReason: z.string().nullable(),
  convertedAt: z.string().nullable(),
  convertedUserId: z.string().nullable(),
});
export type TLead = z.infer<typeof ZLead>;
export const ZLeadPage = makePageSchema(ZLead);
export type TLeadPage = z.infer<typeof ZLeadPage>;

export const LEAD_PAGE_SIZE = 20;
export const LEAD_SORT_FIELDS = ['reservedUntil', 'reservedAt', 'lastName', 'email'] as const;
export type TLeadSortField = (typeof LEAD_SORT_FIELDS)[number];
export const LEAD_SEARCH_MAX_LENGTH = 100;

const pageField = z.coerce.number({ error: vkey('invalid') }).int(vkey('invalid')).min(0, vkey('invalid')).max(1_000_000, vkey('invalid')).default(0);
const sizeField = (size: number) =>
  z.coerce
    .number({ error: vkey('invalid') })
    .int(vkey('invalid'))
    .min(1, vkey('invalid'))
    .default(size)
    .transform((value) => Math.min(value, MAX_PAGE_SIZE));
const searchField = z
  .string()
  .trim()
  .max(LEAD_SEARCH_MAX_LENGTH, encodeMessage(vkey('tooLong'), { max: LEAD_SEARCH_MAX_LENGTH }))
  .optional()
  .transform((value) => (value ? value : undefined));

export const ZLeadListQuery = z.object({
  page: pageField,
  size: sizeField(LEAD_PAGE_SIZE),
  /** A fragment of the name, e-mail or phone (case ignored). */
  q: searchField,
  /** One state, or LIVE (RESERVED and EXTENDED). */
  state: z.enum([...LEAD_STATES, 'LIVE'], { error: vkey('invalid') }).optional(),
  /** 'field' or 'field,asc|desc'; by default the soonest end first. */
  sort: z
    .string()
    .regex(new RegExp(`^(${LEAD_SORT_FIELDS.join('|')})(,(asc|desc))?$`), vkey('invalid'))
    .optional()
    .transform((value) => {
      if (!value) return { field: 'reservedUntil' as TLeadSortField, direction: 'asc' as const };
      const [field, direction] = value.split(',');
      return { field: field as TLeadSortField, direction: (direction ?? 'asc') as 'asc' | 'desc' };
    }),
});
export type TLeadListQuery = z.output<typeof ZLeadListQuery>;
export type TLeadListQueryInput = z.input<typeof ZLeadListQuery>;

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
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const LEAD_NOTE_MAX_LENGTH = 1000;
export const DISCARD_REASON_MAX_LENGTH = 500;

/** An agent registers a lead and so reserves the person. */
export const ZCreateLeadRequest = z.object({
  firstName: text(100),
  lastName: text(100),
  email: text(254).pipe(z.email(vkey('invalidEmail'))),
  phone: optionalText(30).refine((value) => value === null || /^\+?[\d\s().-]{6,30}$/.test(value), vkey('invalid')),
  /** An operative zone of the company, or none. */
  zoneId: optionalText(64).refine((value) => value === null || UUID.test(value), vkey('invalid')),
  note: optionalText(LEAD_NOTE_MAX_LENGTH),
});
export type TCreateLeadRequest = z.output<typeof ZCreateLeadRequest>;
export type TCreateLeadRequestInput = z.input<typeof ZCreateLeadRequest>;

/** An agent discards a lead: the person is not interested (CLIENT) or declined the offer (OFFERING). */
export const ZDiscardLeadRequest = z.object({
  kind: ZDiscardKind,
  reason: text(DISCARD_REASON_MAX_LENGTH),
});
export type TDiscardLeadRequest = z.output<typeof ZDiscardLeadRequest>;
export type TDiscardLeadRequestInput = z.input<typeof ZDiscardLeadRequest>;

export const ZLeadParams = z.object({ leadId: z.string().min(1).max(64) });
export const ZCustomerAssignParams = z.object({ customerId: z.string().min(1).max(64) });

/** A client of the agent, with their contracts (read only). */
export const ZAgentClient = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  assignedAt: z.string(),
  /** From a converted lead, or assigned by a manager. */
  origin: z.enum(['LEAD', 'ASSIGNED']),
  contracts: z.array(
    z.object({
      id: z.string(),
      productKey: z.string(),
      state: z.string(),
      initialInvestment: z.string(),
      submissionDate: z.string(),
    }),
  ),
});
export type TAgentClient = z.infer<typeof ZAgentClient>;
export const ZAgentClientPage = makePageSchema(ZAgentClient);
export type TAgentClientPage = z.infer<typeof ZAgentClientPage>;
export const ZAgentClientListQuery = z.object({ page: pageField, size: sizeField(LEAD_PAGE_SIZE), q: searchField });
export type TAgentClientListQuery = z.output<typeof ZAgentClientListQuery>;

/** The agent's own figures, computed from rows. */
export const ZAgentFigures = z.object({
  activeLeads: z.number().int(),
  expiringSoon: z.number().int(),
  converted: z.number().int(),
  discardedClients: z.number().int(),
  discardedOfferings: z.number().int(),
  expired: z.number().int(),
  clients: z.number().int(),
  activeContracts: z.number().int(),
});
export type TAgentFigures = z.infer<typeof ZAgentFigures>;

export const ZAgentZone = z.object({ id: z.string(), title: z.string() });
export const ZAgentZoneList = z.object({ zones: z.array(ZAgentZone) });
export type TAgentZoneList = z.infer<typeof ZAgentZoneList>;

/** A confirmed investor with no agent (salesPendingAssignments). */
export const ZPendingAssignment = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  confirmedAt: z.string().nullable(),
  advisor: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type TPendingAssignment = z.infer<typeof ZPendingAssignment>;
export const ZPendingAssignmentPage = makePageSchema(ZPendingAssignment);
export type TPendingAssignmentPage = z.infer<typeof ZPendingAssignmentPage>;
export const ZPendingAssignmentQuery = z.object({ page: pageField, size: sizeField(LEAD_PAGE_SIZE), q: searchField });
export type TPendingAssignmentQuery = z.output<typeof ZPendingAssignmentQuery>;
export type TPendingAssignmentQueryInput = z.input<typeof ZPendingAssignmentQuery>;

/** An agent the caller may assign clients to (their team's, or the company's for ADMIN/COMPANY_MANAGER). */
export const ZAssignableAgent = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), teamTitle: z.string().nullable() });
export const ZAssignableAgentList = z.object({ agents: z.array(ZAssignableAgent) });
export type TAssignableAgentList = z.infer<typeof ZAssignableAgentList>;

export const ZAssignClientRequest = z.object({
  agentId: z
    .string({ error: (issue) => (issue.input == null ? vkey('required') : vkey('invalid')) })
    .trim()
    .min(1, vkey('required'))
    .refine((value) => UUID.test(value), vkey('invalid')),
});
export type TAssignClientRequest = z.output<typeof ZAssignClientRequest>;
export const ZAssignClientResponse = z.object({ customerId: z.string(), agentId: z.string(), assignedAt: z.string() });
