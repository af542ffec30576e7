import { ADVISOR_PAGE_SIZE } from '@kc/domain';

export const CLIENT_LIST_VIEWS = ['LIST', 'CARD', 'FULL'] as const;
export type TClientListView = (typeof CLIENT_LIST_VIEWS)[number];

/** The dashboard's state, all of it in the address (shareable). Pages are 0-based here, 1-based in the address. */
export interface TAdvisorDashboardState {
  q: string;
  /** ADMIN, COMPANY_MANAGER: one advisor's clients ('' = every client). */
  advisorId: string;
  page: number;
  view: TClientListView;
  queuePage: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page - 1 : 0;
};

/** Reads the address's query string; anything unknown falls back to its default. */
export function readDashboardState(params: URLSearchParams): TAdvisorDashboardState {
  const view = params.get('view') ?? '';
  const advisorId = params.get('advisor') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    advisorId: UUID.test(advisorId) ? advisorId : '',
    page: pageOf(params.get('page')),
    view: (CLIENT_LIST_VIEWS as readonly string[]).includes(view) ? (view as TClientListView) : 'LIST',
    queuePage: pageOf(params.get('queue')),
  };
}

/** The address's query string for a state (defaults left out, so links stay short). */
export function writeDashboardState(state: TAdvisorDashboardState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.q.trim()) out.set('q', state.q.trim());
  if (state.advisorId) out.set('advisor', state.advisorId);
  if (state.page > 0) out.set('page', String(state.page + 1));
  if (state.view !== 'LIST') out.set('view', state.view);
  if (state.queuePage > 0) out.set('queue', String(state.queuePage + 1));
  return out;
}

/** GET /api/advisor/clients's query string. */
export function toClientsQuery(state: TAdvisorDashboardState, size = ADVISOR_PAGE_SIZE): string {
  const query = new URLSearchParams();
  if (state.q.trim()) query.set('q', state.q.trim());
  if (state.advisorId) query.set('advisorId', state.advisorId);
  query.set('page', String(state.page));
  query.set('size', String(size));
  return query.toString();
}

/** GET /api/advisor/queue's query string. */
export function toQueueQuery(state: TAdvisorDashboardState, size = ADVISOR_PAGE_SIZE): string {
  return new URLSearchParams({ page: String(state.queuePage), size: String(size) }).toString();
}
