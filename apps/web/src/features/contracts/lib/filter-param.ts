import { CONTRACT_FILTERS, type TContractFilter } from '@kc/domain';

/** The filter in the URL (?estado=ACTIVE); NEW by default, empty means all. */
export function readFilter(value: string | null, fallback: TContractFilter = 'NEW'): TContractFilter {
  if (value === null) return fallback;
  if (value === '') return 'ALL';
  return (CONTRACT_FILTERS as readonly string[]).includes(value) ? (value as TContractFilter) : fallback;
}

/** A page number in the URL, from 1; 0-based here. */
export function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page - 1 : 0;
}
