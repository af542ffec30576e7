import { z } from 'zod';
import { MARKET_MAX_VALIDITY_DAYS, MARKET_MIN_VALIDITY_DAYS, type TScaled } from '@kc/domain';
import type { TBuyRequest, TCreateOfferRequest, TUpdateOfferRequest } from '../api/types.ts';
import { checkBuy, checkSell, priceInput, unitsInput, type TSellProblem } from './amounts.ts';

/**
 * The market forms' zod schemas (react-hook-form's resolvers): what a person types (Spanish or
 * English decimals, as text) checked by the domain's own rules through `amounts.ts`, and turned
 * into the API's request (the domain's request types). Each issue's message is a problem code
 * the screen translates (`sell.errors.<code>`, `buy.errors.<code>`); only the first problem of an
 * offer is reported, on its field, as the server would answer it.
 */

export interface TSellFormValues {
  contractId: string;
  units: string;
  price: string;
  validityDays: string;
}

/** The context an offer is checked against: the chosen contract's units, those already on offer, the reference price. */
export interface TSellContext {
  holding: { units: string; state: string } | undefined;
  onOffer: TScaled;
  reference: string | null;
}

const SELL_FIELD = { contract: 'contractId', units: 'units', price: 'price', validityDays: 'validityDays' } as const;

/** "Vender participaciones": a contract (`contract` when none is chosen), then the offer's rules on units, price and validity. */
export function sellFormSchema(context: TSellContext) {
  return z
    .object({ contractId: z.string(), units: z.string(), price: z.string(), validityDays: z.string() })
    .superRefine((values, ctx) => {
      if (!context.holding || values.contractId === '') {
        ctx.addIssue({ code: 'custom', path: ['contractId'], message: 'contract' });
        return;
      }
      const check = checkSell({ ...values, held: context.holding.units, onOffer: context.onOffer, reference: context.reference, contractState: context.holding.state });
      if ('problem' in check) ctx.addIssue({ code: 'custom', path: [SELL_FIELD[check.field]], message: check.problem satisfies TSellProblem });
    })
    .transform((values): TCreateOfferRequest => {
      const check = checkSell({ ...values, held: context.holding!.units, onOffer: context.onOffer, reference: context.reference, contractState: context.holding!.state });
      if (!('units' in check)) throw new Error('unreachable: refined above');
      return { contractId: values.contractId, units: check.units, price: check.price, validityDays: Number(values.validityDays.trim()) };
    });
}

export interface TBuyFormValues {
  units: string;
  acknowledgedKeyInformation: boolean;
  acknowledgedRiskWarning: boolean;
}

/** Buying from an offer: the fill rules on the units (`unitsInvalid`, `moreThanRemaining`, `tradeTooSmall`…), both acknowledgements (`sheet`, `risk`). */
export function buyFormSchema(offer: { remainingUnits: string; price: string }) {
  return z
    .object({ units: z.string(), acknowledgedKeyInformation: z.boolean(), acknowledgedRiskWarning: z.boolean() })
    .superRefine((values, ctx) => {
      const check = checkBuy(values.units, offer);
      if ('problem' in check) ctx.addIssue({ code: 'custom', path: ['units'], message: check.problem });
      if (!values.acknowledgedKeyInformation) ctx.addIssue({ code: 'custom', path: ['acknowledgedKeyInformation'], message: 'sheet' });
      if (!values.acknowledgedRiskWarning) ctx.addIssue({ code: 'custom', path: ['acknowledgedRiskWarning'], message: 'risk' });
    })
    .transform((values): TBuyRequest => {
      const check = checkBuy(values.units, offer);
      if (!('units' in check)) throw new Error('unreachable: refined above');
      return { units: check.units, acknowledgedKeyInformation: true, acknowledgedRiskWarning: true };
    });
}

export interface TChangeFormValues {
  units: string;
  price: string;
  days: string;
}

const validityOf = (days: string): number | undefined => (days.trim() === '' ? undefined : /^\d{1,3}$/.test(days.trim()) ? Number(days.trim()) : Number.NaN);

/**
 * What a change of an offer is checked against, as the server does: the contract's units held and
 * its state, the units its *other* open offers hold (this offer's own units are free to re-offer),
 * and the reference price today.
 */
export interface TChangeContext {
  held: string;
  otherOffers: TScaled;
  reference: string | null;
  contractState: string;
}

const CHANGE_FIELD = { contract: 'units', units: 'units', price: 'price', validityDays: 'days' } as const;

/**
 * Changing an open offer: units for sale from now on, a price, and optionally a new validity
 * (empty keeps it). When the units or the price change, the whole offer is checked by the sell
 * page's rules (`checkSell`: units available, the price band, the smallest trade), first problem
 * on its field, before anything is sent (the server checks the same after the second factor).
 * The request carries only what changed (`{}` when nothing did).
 */
export function changeFormSchema(offer: { remainingUnits: string; price: string }, context?: TChangeContext) {
  return z
    .object({ units: z.string(), price: z.string(), days: z.string() })
    .superRefine((values, ctx) => {
      const units = unitsInput(values.units);
      const price = priceInput(values.price);
      if (units === null) ctx.addIssue({ code: 'custom', path: ['units'], message: 'unitsInvalid' });
      if (price === null) ctx.addIssue({ code: 'custom', path: ['price'], message: 'priceInvalid' });
      const days = validityOf(values.days);
      if (days !== undefined && (Number.isNaN(days) || days < MARKET_MIN_VALIDITY_DAYS || days > MARKET_MAX_VALIDITY_DAYS)) {
        ctx.addIssue({ code: 'custom', path: ['days'], message: 'validityOutOfRange' });
      }
      if (!context || units === null || price === null || (units === offer.remainingUnits && price === offer.price)) return;
      const check = checkSell({ units, price, validityDays: String(MARKET_MIN_VALIDITY_DAYS), held: context.held, onOffer: context.otherOffers, reference: context.reference, contractState: context.contractState });
      if ('problem' in check) ctx.addIssue({ code: 'custom', path: [CHANGE_FIELD[check.field]], message: check.problem satisfies TSellProblem });
    })
    .transform((values): TUpdateOfferRequest => {
      const units = unitsInput(values.units)!;
      const price = priceInput(values.price)!;
      const days = validityOf(values.days);
      const body: TUpdateOfferRequest = {};
      if (units !== offer.remainingUnits) body.units = units;
      if (price !== offer.price) body.price = price;
      if (days !== undefined) body.validityDays = days;
      return body;
    });
}
