import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bankStatementsApi, type TLineStatus, type TStatementLinesPage } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export const LINES_PAGE_SIZE = 10;

/** GET /api/bank-statements/lines: one page of the lines in a status (OPEN: to resolve). */
export function getLines(status: TLineStatus, page: number, signal?: AbortSignal): Promise<TStatementLinesPage> {
  const query = new URLSearchParams({ status, page: String(page), size: String(LINES_PAGE_SIZE) }).toString();
  return apiRequest<TStatementLinesPage>(bankStatementsApi.lines(query), signal ? { signal } : {});
}

export const linesQueryOptions = (status: TLineStatus, page: number) =>
  queryOptions({ queryKey: ['bankStatements', 'lines', status, page], queryFn: ({ signal }) => getLines(status, page, signal), placeholderData: keepPreviousData });

export function useStatementLines(status: TLineStatus, page: number) {
  return useQuery(linesQueryOptions(status, page));
}
