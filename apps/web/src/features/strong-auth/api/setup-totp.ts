import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { strongAuthApi, ZTotpSetup, type TTotpSetup } from './strong-auth-api.ts';

/** POST /api/strong-auth/totp/setup: a new pending secret (its QR code and manual key). */
export async function setupTotp(): Promise<TTotpSetup> {
  return ZTotpSetup.parse(await apiRequest<unknown>(strongAuthApi.totpSetup, { method: 'POST', body: {} }));
}

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}
