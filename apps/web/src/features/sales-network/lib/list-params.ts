import { NETWORK_PAGE_SIZE, NETWORK_STATES, type TNetworkState } from '@kc/domain';

export const NETWORK_LIST_VIEWS = ['LIST', 'CARD', 'FULL'] as const;
export type TNetworkListView = (typeof NETWORK_LIST_VIEWS)[number];
export const NETWORK_LIST_SORTS = ['title,asc', 'title,desc', 'startSince,desc', 'startSince,asc'] as const;
export type TNetworkListSort = (typeof NETWORK_LIST_SORTS)[number];

/** A network list's state, all of it in the address (shareable). */
export interface TNetworkListState {
  q: string;
  state: TNetworkState | '';
  groupId: string;
  sort: TNetworkListSort;
  /** 0-based (the address says page=1 for the first). */
  page: number;
  view: TNetworkListView;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the address's query string; anything unknown falls back to its default. */
export function readNetworkListState(params: URLSearchParams): TNetworkListState {
  const state = params.get('state') ?? '';
  const sort = params.get('sort') ?? '';
  const view = params.get('view') ?? '';
  const groupId = params.get('groupId') ?? '';
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    state: (NETWORK_STATES as readonly string[]).includes(state) ? (state as TNetworkState) : '',
    groupId: UUID.test(groupId) ? groupId : '',
    sort: (NETWORK_LIST_SORTS as readonly string[]).includes(sort) ? (sort as TNetworkListSort) : NETWORK_LIST_SORTS[0],
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    view: (NETWORK_LIST_VIEWS as readonly string[]).includes(view) ? (view as TNetworkListView) : 'LIST',
  };
}

/** The address's query string for a state (defaults left out, so links stay short). */
export function writeNetworkListState(state: TNetworkListState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.q) out.set('q', state.q);
  if (state.state) out.set('state', state.state);
  if (state.groupId) out.set('groupId', state.groupId);
  if (state.sort !== NETWORK_LIST_SORTS[0]) out.set('sort', state.sort);
  if (state.page > 0) out.set('page', String(state.page + 1));
  if (state.view !== 'LIST') out.set('view', state.view);
  return out;
}

/** The API's query string for a state. */
export function toNetworkListQuery(state: TNetworkListState): string {
  const out = new URLSearchParams();
  if (state.q) out.set('q', state.q);
  if (state.state) out.set('state', state.state);
  if (state.groupId) out.set('groupId', state.groupId);
  out.set('sort', state.sort);
  out.set('page', String(state.page));
  out.set('size', String(NETWORK_PAGE_SIZE));
  return out.toString();
}
