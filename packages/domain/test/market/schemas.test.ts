import { describe, expect, it } from 'vitest';
import { translateMessage } from '../../src/i18n/catalogue.ts';
import { ZMarketBuyHeaders, ZMarketBuyRequest, ZCreateMarketOfferRequest, ZMarketOfferListQuery, ZUpdateMarketOfferRequest, marketMessages } from '../../src/market/index.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message ?? '';

describe('market schemas', () => {
  it('accepts an offer with exact decimals and refuses a seventh decimal, zero or a float', () => {
    expect(ZCreateMarketOfferRequest.parse({ contractId: 'c1', units: '12.5', price: '10.254300', validityDays: 30 })).toEqual({
      contractId: 'c1',
      units: '12.5',
      price: '10.254300',
      validityDays: 30,
    });
    const seventh = ZCreateMarketOfferRequest.safeParse({ contractId: 'c1', units: '1.0000001', price: '10', validityDays: 30 });
    expect(seventh.success).toBe(false);
    expect(translateMessage('es', firstMessage(seventh))).toBe(marketMessages.es.errors.units);
    expect(ZCreateMarketOfferRequest.safeParse({ contractId: 'c1', units: '0', price: '10', validityDays: 30 }).success).toBe(false);
    expect(ZCreateMarketOfferRequest.safeParse({ contractId: 'c1', units: 12.5, price: '10', validityDays: 30 }).success).toBe(false);
  });

  it('keeps the validity within 1 to 90 whole days, with the bounds in the message', () => {
    expect(ZCreateMarketOfferRequest.safeParse({ contractId: 'c1', units: '1', price: '10', validityDays: 1 }).success).toBe(true);
    expect(ZCreateMarketOfferRequest.safeParse({ contractId: 'c1', units: '1', price: '10', validityDays: 90 }).success).toBe(true);
    for (const validityDays of [0, 91, 1.5]) {
      const result = ZCreateMarketOfferRequest.safeParse({ contractId: 'c1', units: '1', price: '10', validityDays });
      expect(result.success).toBe(false);
      expect(translateMessage('en', firstMessage(result))).toBe('Enter a validity of 1 to 90 calendar days');
    }
  });

  it('asks a change for at least one field', () => {
    expect(ZUpdateMarketOfferRequest.safeParse({}).success).toBe(false);
    expect(ZUpdateMarketOfferRequest.parse({ price: '9.5' })).toEqual({ price: '9.5' });
  });

  it('needs both acknowledgements set to true and an Idempotency-Key to buy', () => {
    expect(ZMarketBuyRequest.safeParse({ units: '1', acknowledgedKeyInformation: true, acknowledgedRiskWarning: true }).success).toBe(true);
    const missing = ZMarketBuyRequest.safeParse({ units: '1', acknowledgedKeyInformation: true, acknowledgedRiskWarning: false });
    expect(translateMessage('es', firstMessage(missing))).toBe(marketMessages.es.errors.acknowledgeRiskWarning);
    expect(ZMarketBuyHeaders.safeParse({}).success).toBe(false);
    expect(ZMarketBuyHeaders.safeParse({ 'idempotency-key': 'short' }).success).toBe(false);
    expect(ZMarketBuyHeaders.safeParse({ 'idempotency-key': '6f1c2b9e-1d2a-4f7e-9a55-0c3b7d1e8f20' }).success).toBe(true);
  });

  it('reads the list query with defaults from page 1 and refuses sizes above 100', () => {
    expect(ZMarketOfferListQuery.parse({})).toEqual({ sort: 'price', page: 1, size: 20 });
    expect(ZMarketOfferListQuery.parse({ sort: '-date', page: '3', size: '50', minPrice: '9.5' })).toEqual({ sort: '-date', page: 3, size: 50, minPrice: '9.5' });
    expect(ZMarketOfferListQuery.safeParse({ size: '101' }).success).toBe(false);
    expect(ZMarketOfferListQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(ZMarketOfferListQuery.safeParse({ sort: 'name' }).success).toBe(false);
  });

  it('has the same message keys in Spanish and English', () => {
    expect(Object.keys(marketMessages.es.errors).sort()).toEqual(Object.keys(marketMessages.en.errors).sort());
  });
});
