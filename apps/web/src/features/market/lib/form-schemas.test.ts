import { describe, expect, it } from 'vitest';
import { buyFormSchema, changeFormSchema, sellFormSchema, type TChangeContext } from './form-schemas.ts';

/** The issues of a parse as { field: message } (the problem codes the screens translate). */
function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('the market forms’ schemas', () => {
  const holding = { units: '20.000000', state: 'ACTIVE' };
  const sell = (values: Partial<{ contractId: string; units: string; price: string; validityDays: string }>, context: Partial<Parameters<typeof sellFormSchema>[0]> = {}) =>
    sellFormSchema({ holding, onOffer: 5_000_000n, reference: '10.000000', ...context }).safeParse({ contractId: 'c1', units: '2', price: '10', validityDays: '30', ...values });

  it('turns a valid offer typed the Spanish way into the API request', () => {
    const result = sell({ units: '2,5', price: '10,5', validityDays: ' 7 ' });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ contractId: 'c1', units: '2.500000', price: '10.500000', validityDays: 7 });
  });

  it('reports the first problem of an offer on its field, with its code', () => {
    expect(issuesOf(sell({ contractId: '' }, { holding: undefined }))).toEqual({ contractId: 'contract' });
    expect(issuesOf(sell({ units: 'dos' }))).toEqual({ units: 'unitsInvalid' });
    expect(issuesOf(sell({ units: '' }))).toEqual({ units: 'unitsNotPositive' });
    // 20 held, 5 already on offer: 15 available.
    expect(issuesOf(sell({ units: '15,000001' }))).toEqual({ units: 'notEnoughUnits' });
    expect(sell({ units: '15' }).success).toBe(true);
    expect(issuesOf(sell({ price: 'diez' }))).toEqual({ price: 'priceInvalid' });
    expect(issuesOf(sell({ price: '11,000001' }))).toEqual({ price: 'priceOutOfBand' });
    expect(sell({ price: '11' }).success).toBe(true);
    expect(issuesOf(sell({ validityDays: '91' }))).toEqual({ validityDays: 'validityOutOfRange' });
    expect(issuesOf(sell({ validityDays: '0' }))).toEqual({ validityDays: 'validityOutOfRange' });
    expect(issuesOf(sell({ units: '0,5' }))).toEqual({ units: 'tradeTooSmall' });
    expect(issuesOf(sell({}, { holding: { units: '20', state: 'STANDBY' } }))).toEqual({ contractId: 'contractNotActive' });
  });

  const offer = { remainingUnits: '5.000000', price: '10.000000' };
  const buy = (values: Partial<{ units: string; acknowledgedKeyInformation: boolean; acknowledgedRiskWarning: boolean }>) =>
    buyFormSchema(offer).safeParse({ units: '2', acknowledgedKeyInformation: true, acknowledgedRiskWarning: true, ...values });

  it('turns a valid buy into the API request with both acknowledgements', () => {
    const result = buy({ units: '2,5' });
    expect(result.data).toEqual({ units: '2.500000', acknowledgedKeyInformation: true, acknowledgedRiskWarning: true });
  });

  it('refuses a buy of bad, too many or too few units and without either acknowledgement, each on its field', () => {
    expect(issuesOf(buy({ units: 'x' }))).toEqual({ units: 'unitsInvalid' });
    expect(issuesOf(buy({ units: '5,000001' }))).toEqual({ units: 'moreThanRemaining' });
    expect(issuesOf(buy({ units: '0,1' }))).toEqual({ units: 'tradeTooSmall' });
    // The whole remainder may always be bought.
    expect(buyFormSchema({ remainingUnits: '0.100000', price: '10.000000' }).safeParse({ units: '0,1', acknowledgedKeyInformation: true, acknowledgedRiskWarning: true }).success).toBe(true);
    expect(issuesOf(buy({ acknowledgedKeyInformation: false, acknowledgedRiskWarning: false }))).toEqual({ acknowledgedKeyInformation: 'sheet', acknowledgedRiskWarning: 'risk' });
  });

  const change = (values: Partial<{ units: string; price: string; days: string }>) => changeFormSchema(offer).safeParse({ units: '5', price: '10', days: '', ...values });

  it('sends only what changed in an offer, and nothing when nothing did', () => {
    expect(change({}).data).toEqual({});
    expect(change({ units: '3' }).data).toEqual({ units: '3.000000' });
    expect(change({ price: '10,5', days: '10' }).data).toEqual({ price: '10.500000', validityDays: 10 });
  });

  // 20 held; this offer holds 5 and another open offer 8: up to 12 may be for sale on this one.
  const context: TChangeContext = { held: '20.000000', otherOffers: 8_000_000n, reference: '10.000000', contractState: 'ACTIVE' };
  const changeIn = (values: Partial<{ units: string; price: string; days: string }>, over: Partial<typeof context> = {}) =>
    changeFormSchema(offer, { ...context, ...over }).safeParse({ units: '5', price: '10', days: '', ...values });

  it('checks a changed price against the band and changed units against what is free, this offer’s own units included', () => {
    expect(issuesOf(changeIn({ price: '11,000001' }))).toEqual({ price: 'priceOutOfBand' });
    expect(issuesOf(changeIn({ price: '8,99' }))).toEqual({ price: 'priceOutOfBand' });
    expect(changeIn({ price: '11' }).data).toEqual({ price: '11.000000' });
    expect(changeIn({ units: '12' }).data).toEqual({ units: '12.000000' });
    expect(issuesOf(changeIn({ units: '12,000001' }))).toEqual({ units: 'notEnoughUnits' });
    expect(issuesOf(changeIn({ units: '0,5' }))).toEqual({ units: 'tradeTooSmall' });
    expect(issuesOf(changeIn({ price: '10,5' }, { reference: null }))).toEqual({ price: 'noReferencePrice' });
    expect(issuesOf(changeIn({ units: '4' }, { contractState: 'STANDBY' }))).toEqual({ units: 'contractNotActive' });
  });

  it('does not re-check an unchanged offer whose only change is its validity (as the server)', () => {
    // The band moved since: the old price is outside it, but only the days change.
    expect(changeIn({ days: '10' }, { reference: '20.000000' }).data).toEqual({ validityDays: 10 });
  });

  it('refuses bad units, price or validity in a change, each on its field', () => {
    expect(issuesOf(change({ units: '0', price: 'x', days: '91' }))).toEqual({ units: 'unitsInvalid', price: 'priceInvalid', days: 'validityOutOfRange' });
    expect(issuesOf(change({ days: 'diez' }))).toEqual({ days: 'validityOutOfRange' });
  });
});
