import { queryOptions, useQuery } from '@tanstack/react-query';
import { investorApi, type TProduct } from '@kc/domain';
import { apiRequest } from '../api-client.ts';

/** GET /api/products: the catalogue (what a hire refers to; each contract's product name). */
export function getProducts(signal?: AbortSignal): Promise<TProduct[]> {
  return apiRequest<TProduct[]>(investorApi.products, signal ? { signal } : {});
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: ['products'], queryFn: ({ signal }) => getProducts(signal), staleTime: 10 * 60_000 });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
