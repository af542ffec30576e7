import { JOB_SORTS } from '@kc/domain/jobs/rules.ts';

/** The city filter's value for every city. */
export const ALL_CITIES = 'all';

/** The job list's filters as they live in the query string (shareable URLs). */
export interface TJobFilters {
  q: string;
  /** A lookups city id, or 'all'. */
  cityId: string;
  cityName: string;
  salaryFrom: string;
  salaryTo: string;
  sort: '' | (typeof JOB_SORTS)[number];
  page: number;
}

export const EMPTY_FILTERS: TJobFilters = { q: '', cityId: 'all', cityName: '', salaryFrom: '', salaryTo: '', sort: '', page: 0 };

const digitsOnly = (value: string | null) => (value && /^\d{1,12}$/.test(value) ? value : '');
const salary = (value: string | null) => (value && /^\d{1,9}(\.\d{1,2})?$/.test(value.trim()) ? value.trim() : '');

/** Reads the filters from a URL's search params, dropping anything malformed. */
export function readFilters(params: URLSearchParams): TJobFilters {
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page') ?? '0');
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    cityId: digitsOnly(params.get('cityId')) || 'all',
    cityName: (params.get('city') ?? '').slice(0, 100),
    salaryFrom: salary(params.get('salaryFrom')),
    salaryTo: salary(params.get('salaryTo')),
    sort: (JOB_SORTS as readonly string[]).includes(sort) ? (sort as TJobFilters['sort']) : '',
    page: Number.isInteger(page) && page >= 0 && page < 10_000 ? page : 0,
  };
}

/** The page's own query string: only the filters that differ from the defaults. */
export function writeFilters(filters: TJobFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.cityId !== 'all') {
    params.set('cityId', filters.cityId);
    if (filters.cityName) params.set('city', filters.cityName);
  }
  if (filters.salaryFrom) params.set('salaryFrom', filters.salaryFrom);
  if (filters.salaryTo) params.set('salaryTo', filters.salaryTo);
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.page > 0) params.set('page', String(filters.page));
  return params;
}

/** The API's query string for these filters (the city's display name stays in the page's URL). */
export function apiQuery(filters: TJobFilters, size: number): string {
  const params = writeFilters(filters);
  params.delete('city');
  params.set('size', String(size));
  if (!params.has('page')) params.set('page', '0');
  return params.toString();
}
