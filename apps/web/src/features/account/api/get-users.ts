import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { investorApi, type TUserListPage } from '@kc/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export const USER_LIST_PAGE_SIZE = 10;

/** GET /api/users: the company's users (administration roles only). */
export function getUsers(page: number, signal?: AbortSignal): Promise<TUserListPage> {
  const query = new URLSearchParams({ page: String(page), size: String(USER_LIST_PAGE_SIZE) });
  return apiRequest<TUserListPage>(investorApi.users(query.toString()), signal ? { signal } : {});
}

export const usersQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['users', page], queryFn: ({ signal }) => getUsers(page, signal), placeholderData: keepPreviousData });

export function useUsers(page: number, enabled: boolean) {
  return useQuery({ ...usersQueryOptions(page), enabled });
}
