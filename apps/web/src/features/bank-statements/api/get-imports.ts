import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bankStatementsApi, type TStatementImportsPage } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export const IMPORTS_PAGE_SIZE = 10;

/** GET /api/bank-statements/imports: one page of past imports, newest first. */
export function getImports(page: number, signal?: AbortSignal): Promise<TStatementImportsPage> {
  const query = new URLSearchParams({ page: String(page), size: String(IMPORTS_PAGE_SIZE) }).toString();
  return apiRequest<TStatementImportsPage>(bankStatementsApi.imports(query), signal ? { signal } : {});
}

// Under ['bankStatements'], so an import or a resolved line refreshes the history too.
export const importsQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['bankStatements', 'imports', page], queryFn: ({ signal }) => getImports(page, signal), placeholderData: keepPreviousData });

export function useStatementImports(page: number) {
  return useQuery(importsQueryOptions(page));
}
