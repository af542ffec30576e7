import { useMutation } from '@tanstack/react-query';
import { erasureApi, type TErasureConfirmed, type TErasureLiveContract, type TErasureRequested } from '@kc/domain';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/** POST /api/privacy/erasure: mails the signed-in person a one-time confirmation link. */
export function requestErasure(): Promise<TErasureRequested> {
  return apiRequest<TErasureRequested>(erasureApi.request, { method: 'POST' });
}

export function useRequestErasure() {
  return useMutation({ mutationFn: requestErasure });
}

/** POST /api/privacy/erasure/confirm: the mail's token; the account is closed and anonymised. */
export function confirmErasure(token: string): Promise<TErasureConfirmed> {
  return apiRequest<TErasureConfirmed>(erasureApi.confirm, { method: 'POST', body: { token } });
}

export function useConfirmErasure() {
  return useMutation({ mutationFn: confirmErasure });
}

/** The live contracts a 409 erasureLiveContracts lists (empty for any other error). */
export function liveContractsOf(error: unknown): TErasureLiveContract[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  const body = error.body as { code?: string; contracts?: TErasureLiveContract[] } | undefined;
  return body?.code === 'erasureLiveContracts' && Array.isArray(body.contracts) ? body.contracts : [];
}
