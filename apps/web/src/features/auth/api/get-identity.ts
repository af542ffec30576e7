import { ZIdentity, accountsApiPaths, type TIdentity } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/users/identity of the session the login has just opened (its cookie), before that session is stored. */
export async function getIdentity(): Promise<TIdentity> {
  const body = await apiRequest<unknown>(accountsApiPaths.identity, { newSession: true });
  return ZIdentity.parse(body);
}
