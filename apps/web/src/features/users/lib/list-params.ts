import { ROLES, USER_PAGE_SIZE, type TRole } from '@kc/domain';

export const USER_LIST_VIEWS = ['LIST', 'CARD', 'FULL'] as const;
export type TUserListView = (typeof USER_LIST_VIEWS)[number];
export const USER_LIST_SORTS = [
  'createdAt,desc',
  'createdAt,asc',
  'lastName,asc',
  'lastName,desc',
  'email,asc',
  'lastLogonAt,desc',
  'lastLogonAt,asc',
] as const;
export type TTriState = '' | 'true' | 'false';

/** The list's state, all of it in the address (shareable): what the filter form shows. */
export interface TUserListFilters {
  q: string;
  role: TRole | '';
  active: TTriState;
  deleted: TTriState;
  temporaryPassword: TTriState;
  createdFrom: string;
  createdTo: string;
}

export interface TUserListState extends TUserListFilters {
  sort: (typeof USER_LIST_SORTS)[number];
  /** 0-based (the address says pagina=1 for the first). */
  page: number;
  view: TUserListView;
}

const triState = (value: string | null): TTriState => (value === 'true' || value === 'false' ? value : '');
const isoDay = (value: string | null): string => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/** Reads the address's query string; anything unknown falls back to its default. */
export function readUserListState(params: URLSearchParams): TUserListState {
  const role = params.get('role') ?? '';
  const sort = params.get('sort') ?? '';
  const view = params.get('view') ?? '';
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    role: (ROLES as readonly string[]).includes(role) ? (role as TRole) : '',
    active: triState(params.get('active')),
    deleted: triState(params.get('deleted')),
    temporaryPassword: triState(params.get('temporaryPassword')),
    createdFrom: isoDay(params.get('createdFrom')),
    createdTo: isoDay(params.get('createdTo')),
    sort: (USER_LIST_SORTS as readonly string[]).includes(sort) ? (sort as TUserListState['sort']) : USER_LIST_SORTS[0],
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    view: (USER_LIST_VIEWS as readonly string[]).includes(view) ? (view as TUserListView) : 'LIST',
  };
}

/** The address's query string for a state (defaults left out, so links stay short). */
export function writeUserListState(state: TUserListState): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of ['q', 'role', 'active', 'deleted', 'temporaryPassword', 'createdFrom', 'createdTo'] as const) {
    const value = state[key].trim();
    if (value) out.set(key, value);
  }
  if (state.sort !== USER_LIST_SORTS[0]) out.set('sort', state.sort);
  if (state.page > 0) out.set('page', String(state.page + 1));
  if (state.view !== 'LIST') out.set('view', state.view);
  return out;
}

/** GET /api/users's query string for a state. */
export function toUserListQuery(state: TUserListState, size = USER_PAGE_SIZE): string {
  const query = writeUserListState({ ...state, view: 'LIST', page: 0, sort: USER_LIST_SORTS[0] });
  query.set('sort', state.sort);
  query.set('page', String(state.page));
  query.set('size', String(size));
  return query.toString();
}
