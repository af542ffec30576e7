import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, apiQuery, readFilters, writeFilters } from './search-params.ts';

describe('job list filters in the query string', () => {
  it('round-trips every filter through a shareable URL', () => {
    const filters = { q: 'ingeniero forestal', cityId: '3117735', cityName: 'Madrid', salaryFrom: '30000', salaryTo: '45000.50', sort: 'salary' as const, page: 2 };
    const url = writeFilters(filters).toString();
    expect(readFilters(new URLSearchParams(url))).toEqual(filters);
  });

  it('writes nothing for the defaults (all cities, first page)', () => {
    expect(writeFilters(EMPTY_FILTERS).toString()).toBe('');
    expect(writeFilters({ ...EMPTY_FILTERS, cityName: 'Madrid' }).toString()).toBe('');
  });

  it('drops malformed values instead of sending them to the API', () => {
    const read = readFilters(new URLSearchParams('cityId=abc&salaryFrom=-5&salaryTo=1e9&sort=cheapest&page=-1'));
    expect(read).toEqual(EMPTY_FILTERS);
    expect(readFilters(new URLSearchParams('page=1.5')).page).toBe(0);
  });

  it('builds the API query without the display name, with page and size', () => {
    const query = new URLSearchParams(apiQuery({ ...EMPTY_FILTERS, q: ' olivo ', cityId: '2510769', cityName: 'Sevilla' }, 20));
    expect(Object.fromEntries(query)).toEqual({ q: 'olivo', cityId: '2510769', page: '0', size: '20' });
  });
});
