import { queryOptions } from '@tanstack/react-query';
import { ZIdentity, accountsApiPaths, type TIdentity } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/users/identity with a given token (at login, before the session exists). */
export async function getIdentity(token: string): Promise<TIdentity> {
  const body = await apiRequest<unknown>(accountsApiPaths.identity, { headers: { authorization: `Bearer ${token}` } });
  return ZIdentity.parse(body);
}

export const identityQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['users', 'identity', token.slice(0, 8)], queryFn: () => getIdentity(token) });
