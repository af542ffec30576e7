import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, AUDIT_PAGE_SIZE, type TAuditAction, type TAuditEntityType } from '@kc/domain';

export interface TAuditFilters {
  actorId: string;
  entityType: TAuditEntityType | '';
  entityId: string;
  action: TAuditAction | '';
  /** 'YYYY-MM-DD' (the whole day). */
  from: string;
  to: string;
}
export interface TAuditState extends TAuditFilters {
  page: number;
}

const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');
const id = (value: string | null) => (value ?? '').trim().slice(0, 64);

/** The audit page's state from its address (shareable). */
export function readAuditState(params: URLSearchParams): TAuditState {
  const entityType = params.get('entityType') ?? '';
  const action = params.get('action') ?? '';
  const page = Number(params.get('page'));
  return {
    actorId: id(params.get('actorId')),
    entityType: (AUDIT_ENTITY_TYPES as readonly string[]).includes(entityType) ? (entityType as TAuditEntityType) : '',
    entityId: id(params.get('entityId')),
    action: (AUDIT_ACTIONS as readonly string[]).includes(action) ? (action as TAuditAction) : '',
    from: day(params.get('from')),
    to: day(params.get('to')),
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
  };
}

/** The address for a state (empty filters and the first page left out). */
export function writeAuditState(state: TAuditState): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of ['actorId', 'entityType', 'entityId', 'action', 'from', 'to'] as const) {
    const value = state[key].trim();
    if (value) out.set(key, value);
  }
  if (state.page > 0) out.set('page', String(state.page + 1));
  return out;
}

/** GET /api/audit's query string. */
export function toAuditQuery(state: TAuditState, size = AUDIT_PAGE_SIZE): string {
  const query = writeAuditState({ ...state, page: 0 });
  query.set('page', String(state.page));
  query.set('size', String(size));
  return query.toString();
}

export interface TFieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The fields an entry changed (or set, or cleared), in a stable order; unchanged ones left out. */
export function diffFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): TFieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  return keys
    .map((field) => ({ field, before: before?.[field], after: after?.[field] }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
}

/** A value as shown in the diff: lists joined, objects as JSON, nothing as undefined. */
export function showValue(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
