import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankStatementsApi, type TStatementImportResult } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/bank-statements/imports: the CSV file itself as the body (text/csv). */
export function importStatement({ file }: { file: File }): Promise<TStatementImportResult> {
  return apiRequest<TStatementImportResult>(bankStatementsApi.imports(new URLSearchParams({ fileName: file.name.slice(0, 200) }).toString()), {
    method: 'POST',
    raw: { contentType: 'text/csv', data: file },
  });
}

export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importStatement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bankStatements'] }),
  });
}
