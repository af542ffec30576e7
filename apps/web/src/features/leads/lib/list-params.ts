import { LEAD_STATES, type TLeadState } from '@kc/domain';

export const LEAD_LIST_VIEWS = ['LIST', 'CARD', 'FULL'] as const;
export type TLeadListView = (typeof LEAD_LIST_VIEWS)[number];
export const LEAD_LIST_SORTS = ['reservedUntil,asc', 'reservedUntil,desc', 'reservedAt,desc', 'lastName,asc', 'lastName,desc', 'email,asc'] as const;
export const LEAD_FILTER_STATES = ['LIVE', ...LEAD_STATES] as const;
export const WORKSPACE_TABS = ['leads', 'clients'] as const;

/** The workspace's state, all of it in the address (shareable). */
export interface TLeadListState {
  tab: (typeof WORKSPACE_TABS)[number];
  q: string;
  state: TLeadState | 'LIVE' | '';
  sort: (typeof LEAD_LIST_SORTS)[number];
  /** 0-based (the address says page=1 for the first). */
  page: number;
  view: TLeadListView;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;

export function readLeadListState(params: URLSearchParams): TLeadListState {
  const page = Number(params.get('page'));
  return {
    tab: oneOf(WORKSPACE_TABS, params.get('tab'), 'leads'),
    q: (params.get('q') ?? '').slice(0, 100),
    state: oneOf<TLeadListState['state']>(LEAD_FILTER_STATES, params.get('state'), ''),
    sort: oneOf(LEAD_LIST_SORTS, params.get('sort'), LEAD_LIST_SORTS[0]),
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    view: oneOf(LEAD_LIST_VIEWS, params.get('view'), 'LIST'),
  };
}

/** The address's query string (defaults left out, so links stay short). */
export function writeLeadListState(state: TLeadListState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.tab !== 'leads') out.set('tab', state.tab);
  if (state.q) out.set('q', state.q);
  if (state.state) out.set('state', state.state);
  if (state.sort !== LEAD_LIST_SORTS[0]) out.set('sort', state.sort);
  if (state.page > 0) out.set('page', String(state.page + 1));
  if (state.view !== 'LIST') out.set('view', state.view);
  return out;
}

/** The API's query string for the leads list. */
export function toLeadListQuery(state: TLeadListState, size: number): string {
  const out = new URLSearchParams({ page: String(state.page), size: String(size), sort: state.sort });
  if (state.q) out.set('q', state.q);
  if (state.state) out.set('state', state.state);
  return out.toString();
}
