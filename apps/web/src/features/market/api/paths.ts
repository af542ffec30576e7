import { marketApi as domainMarketApi } from '@kc/domain';
import type { TOfferQuery } from './types.ts';

/** The market API's addresses (the domain's table), with the offers list's query built once. */
export const marketApi = {
  ...domainMarketApi,
  offersFor: (query: TOfferQuery) => {
    const params = new URLSearchParams({ sort: query.sort, page: String(query.page), size: String(query.size) });
    if (query.minPrice) params.set('minPrice', query.minPrice);
    if (query.maxPrice) params.set('maxPrice', query.maxPrice);
    return domainMarketApi.offers(params.toString());
  },
} as const;
