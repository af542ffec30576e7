import { z } from 'zod';
import { encodeMessage } from '../i18n/message-key.ts';
import { vkey } from '../i18n/validation-messages.ts';
import { MAX_PAGE_SIZE, ZIsoDate, ZMoney, makePageSchema } from '../contracts/schemas.ts';
import { NETWORK_STATES } from './rules.ts';

/**
 * The sales network (issue 14): company groups → teams → agents, zones with membership seats.
 * The Team and Zone shapes are the specification's (section 3, sample shapes); `groupId`,
 * `stateCode` and `manager` are added so that a screen can link and act without a second call.
 */

export const ZNetworkState = z.enum(NETWORK_STATES, { error: vkey('invalid') });

const ZPlace = {
  /** ISO 3166-1 alpha-2 code and its name in the request's language. */
  countryId: z.string().nullable(),
  country: z.string().nullable(),
  /** GeoNames id of the city and its name. */
  cityId: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
};

export const ZFigures = z.object({
  /** Sum of the initial investment of the ACTIVE contracts of the node's clients (decimal string). */
  investmentTotal: ZMoney,
  membersTotal: z.number().int(),
  customersTotal: z.number().int(),
  activeContracts: z.number().int(),
  activeLeads: z.number().int(),
  discardedOfferings: z.number().int(),
  discardedClients: z.number().int(),
});

export const ZPersonRef = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() });
export type TPersonRef = z.infer<typeof ZPersonRef>;

/** The specification's Team, computed from rows. */
export const ZTeam = ZFigures.extend({
  id: z.string(),
  title: z.string(),
  groupName: z.string(),
  /** The state's label in the request's language ('Operativo'). */
  state: z.string(),
  startSince: z.string(),
  ...ZPlace,
  groupId: z.string(),
  stateCode: ZNetworkState,
  manager: ZPersonRef.nullable(),
});
export type TTeam = z.infer<typeof ZTeam>;

export const ZGroup = ZFigures.extend({
  id: z.string(),
  title: z.string(),
  state: z.string(),
  startSince: z.string(),
  ...ZPlace,
  stateCode: ZNetworkState,
  manager: ZPersonRef.nullable(),
  teamsTotal: z.number().int(),
});
export type TGroup = z.infer<typeof ZGroup>;

/** An agent of a team with their own figures (membersTotal is 1). */
export const ZAgentNode = ZFigures.extend(ZPersonRef.shape);
export type TAgentNode = z.infer<typeof ZAgentNode>;

export const ZOccupationByType = z.object({
  type: z.string(),
  stars: z.number().int(),
  title: z.string(),
  reserved: z.number().int(),
  max: z.number().int(),
  /** "600 € / mes", "€600 a month". */
  price: z.string(),
});

/** The specification's Zone (ocupationPercent is spelt so). */
export const ZZone = z.object({
  id: z.string(),
  title: z.string(),
  ocupationPercent: z.number(),
  ocupationByType: z.array(ZOccupationByType),
  groupName: z.string(),
  state: z.string(),
  startSince: z.string(),
  ...ZPlace,
  groupId: z.string(),
  stateCode: ZNetworkState,
});
export type TZone = z.infer<typeof ZZone>;

export const ZZoneSeat = z.object({ agent: ZPersonRef, type: z.string(), takenAt: z.string() });
export const ZZoneDetail = ZZone.extend({
  seats: z.array(ZZoneSeat),
  /** The caller's own open seat in this zone (an agent), if any. */
  mySeat: z.string().nullable(),
});
export type TZoneDetail = z.infer<typeof ZZoneDetail>;

export const ZTeamDetail = ZTeam.extend({ agents: z.array(ZAgentNode) });
export type TTeamDetail = z.infer<typeof ZTeamDetail>;

export const ZGroupDetail = ZGroup.extend({ teams: z.array(ZTeam) });
export type TGroupDetail = z.infer<typeof ZGroupDetail>;

export const ZTree = z.object({
  groups: z.array(ZGroup.extend({ teams: z.array(ZTeam.extend({ agents: z.array(ZAgentNode) })) })),
});
export type TTree = z.infer<typeof ZTree>;

export const ZGroupPage = makePageSchema(ZGroup);
export const ZTeamPage = makePageSchema(ZTeam);
export const ZZonePage = makePageSchema(ZZone);
export type TGroupPage = z.infer<typeof ZGroupPage>;
export type TTeamPage = z.infer<typeof ZTeamPage>;
export type TZonePage = z.infer<typeof ZZonePage>;

// ---------------------------------------------------------------------------------------------
// Queries

export const NETWORK_PAGE_SIZE = 20;
export const NETWORK_SORT_FIELDS = ['title', 'startSince'] as const;
export type TNetworkSortField = (typeof NETWORK_SORT_FIELDS)[number];
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, vkey('invalid'));

export const ZNetworkListQuery = z.object({
  page: z.coerce.number({ error: vkey('invalid') }).int(vkey('invalid')).min(0, vkey('invalid')).max(1_000_000, vkey('invalid')).default(0),
  size: z.coerce
    .number({ error: vkey('invalid') })
    .int(vkey('invalid'))
    .min(1, vkey('invalid'))
    .default(NETWORK_PAGE_SIZE)
    .transform((size) => Math.min(size, MAX_PAGE_SIZE)),
  /** A fragment of the title (case ignored). */
  q: z
    .string()
    .trim()
    .max(100, encodeMessage(vkey('tooLong'), { max: 100 }))
    .optional()
    .transform((value) => (value ? value : undefined)),
  state: ZNetworkState.optional(),
  /** Teams and zones of one group. */
  groupId: uuid.optional(),
  /** 'title' or 'startSince', optionally ',asc|desc'; by default by title. */
  sort: z
    .string()
    .regex(new RegExp(`^(${NETWORK_SORT_FIELDS.join('|')})(,(asc|desc))?$`), vkey('invalid'))
    .optional()
    .transform((value) => {
      if (!value) return { field: 'title' as TNetworkSortField, direction: 'asc' as const };
      const [field, direction] = value.split(',');
      return { field: field as TNetworkSortField, direction: (direction ?? 'asc') as 'asc' | 'desc' };
    }),
});
export type TNetworkListQuery = z.output<typeof ZNetworkListQuery>;
export type TNetworkListQueryInput = z.input<typeof ZNetworkListQuery>;

export const ZGroupParams = z.object({ groupId: z.string().min(1).max(64) });
export const ZTeamParams = z.object({ teamId: z.string().min(1).max(64) });
export const ZZoneParams = z.object({ zoneId: z.string().min(1).max(64) });
export const ZAgentParams = z.object({ agentId: z.string().min(1).max(64) });
export const ZZoneSeatParams = z.object({ zoneId: z.string().min(1).max(64), agentId: z.string().min(1).max(64) });

// ---------------------------------------------------------------------------------------------
// Requests

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
const optionalId = z
  .union([uuid, z.literal(''), z.null()], { error: vkey('invalid') })
  .optional()
  .transform((value) => (value ? value : null));

const nodeFields = {
  title: text(120),
  startSince: ZIsoDate,
  countryId: optionalText(2)
    .transform((value) => (value ? value.toUpperCase() : null))
    .refine((value) => value === null || /^[A-Z]{2}$/.test(value), vkey('invalid')),
  cityId: optionalText(20).refine((value) => value === null || /^\d+$/.test(value), vkey('invalid')),
  phone: optionalText(30),
  email: optionalText(254).refine((value) => value === null || z.email().safeParse(value).success, vkey('invalidEmail')),
  /** The manager (GROUP_MANAGER of a group, TEAM_MANAGER of a team), or none. */
  managerId: optionalId,
};

export const ZGroupRequest = z.object(nodeFields);
export type TGroupRequest = z.output<typeof ZGroupRequest>;
export type TGroupRequestInput = z.input<typeof ZGroupRequest>;

export const ZTeamRequest = z.object({ ...nodeFields, groupId: uuid.or(z.undefined()).refine((v) => v !== undefined, vkey('required')) });
export type TTeamRequest = z.output<typeof ZTeamRequest> & { groupId: string };
export type TTeamRequestInput = z.input<typeof ZTeamRequest>;

/** Moves an agent into a team (closing their open membership), or out of every team (null). */
export const ZMoveAgentRequest = z.object({ teamId: z.union([uuid, z.null()], { error: vkey('invalid') }) });
export type TMoveAgentRequest = z.output<typeof ZMoveAgentRequest>;

/** Takes a seat of a membership type in a zone, for oneself (an agent) or for an agent (staff). */
export const ZTakeSeatRequest = z.object({
  type: z.string({ error: vkey('required') }).trim().min(1, vkey('required')).max(20, vkey('invalid')),
  agentId: uuid.optional(),
});
export type TTakeSeatRequest = z.output<typeof ZTakeSeatRequest>;

export const ZAgentMembership = z.object({ agentId: z.string(), teamId: z.string().nullable(), joinedAt: z.string().nullable() });
