/**
 * The market API's requests and answers: the domain's zod schemas (`packages/domain/src/market/
 * schemas.ts`, shared with the server) under the names the screens use. Units and prices are
 * decimal strings with six decimals, fills in euros with two, `…Cents` fields integer strings.
 */
export {
  MARKET_OFFER_SORTS as OFFER_SORTS,
  type TMarketSummary,
  type TMarketOffer,
  type TMarketOfferList as TOfferPage,
  type TMarketOfferSort as TOfferSort,
  type TMarketOfferStatus as TOfferStatus,
  type TMarketOfferFill as TFill,
  type TMyMarketOffer as TMyOffer,
  type TCreateMarketOfferRequest as TCreateOfferRequest,
  type TUpdateMarketOfferRequest as TUpdateOfferRequest,
  type TMarketBuyRequest as TBuyRequest,
  type TMarketBuyResult as TBuyResult,
  type TMyMarketTrade as TMyTrade,
  type TMyMarketTrades as TMyTrades,
  type TTradePayoutStatus,
  type TPayout,
} from '@kc/domain';

import type { TMarketOfferSort } from '@kc/domain';

/** The offers list's query as the screens build it. */
export interface TOfferQuery {
  sort: TMarketOfferSort;
  minPrice?: string;
  maxPrice?: string;
  page: number;
  size: number;
}
