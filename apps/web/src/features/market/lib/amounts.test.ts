import { describe, expect, it } from 'vitest';
import { valueAt } from '@kc/domain';
import { checkBuy, checkSell, formatCents, minPartialUnits, parseDecimalInput, priceInput, tradeOf, unitsInput } from './amounts.ts';

describe('market amounts on the screens', () => {
  it('reads numbers written the Spanish or the English way, and refuses what it would have to guess', () => {
    expect(parseDecimalInput('12,5', 6)).toBe(12_500_000n);
    expect(parseDecimalInput(' 12.5 ', 6)).toBe(12_500_000n);
    expect(parseDecimalInput('1.234,5', 6)).toBeNull();
    expect(parseDecimalInput('1,2,3', 6)).toBeNull();
    expect(parseDecimalInput('abc', 6)).toBeNull();
    expect(parseDecimalInput('', 6)).toBeNull();
    expect(parseDecimalInput('0,1234567', 6)).toBeNull();
    expect(unitsInput('0')).toBeNull();
    expect(unitsInput('-1')).toBeNull();
    expect(unitsInput('3,25')).toBe('3.250000');
    expect(priceInput('10,5')).toBe('10.500000');
  });

  it('computes gross, the 1 % fee paid by the seller and net exactly, gross = fee + net', () => {
    // 12.345678 units × 10.123456 €: ⌊124.98…⌋ = 12498 cents; fee ⌊124.98⌋ = 124; net 12374.
    const amounts = tradeOf('12.345678', '10.123456')!;
    expect(amounts.gross).toBe(valueAt(12_345_678n, 10_123_456n));
    expect(amounts.gross).toBe(12_498n);
    expect(amounts.fee).toBe(124n);
    expect(amounts.net).toBe(12_374n);
    expect(amounts.fee + amounts.net).toBe(amounts.gross);
    expect(tradeOf('0', '10')).toBeNull();
    expect(formatCents(12_374n)).toBe('123,74\u00a0€');
    expect(formatCents('100000')).toBe('1.000,00\u00a0€');
  });

  it('gives the fewest units a partial buy may take: worth the minimum trade, one micro-unit less is not', () => {
    const price = '10.987654';
    const least = minPartialUnits(price)!;
    expect(valueAt(least, 10_987_654n)).toBeGreaterThanOrEqual(1_000n);
    expect(valueAt(least - 1n, 10_987_654n)).toBeLessThan(1_000n);
  });

  it('checks a buy with the domain fill rule: part worth 10 € or more, or the whole remainder', () => {
    const offer = { remainingUnits: '5.000000', price: '10.000000' };
    expect(checkBuy('2', offer)).toMatchObject({ units: '2.000000', amounts: { gross: 2_000n, fee: 20n, net: 1_980n } });
    expect(checkBuy('0,5', offer)).toEqual({ problem: 'tradeTooSmall' });
    expect(checkBuy('6', offer)).toEqual({ problem: 'moreThanRemaining' });
    expect(checkBuy('x', offer)).toEqual({ problem: 'unitsInvalid' });
    // The whole of a small remainder may always be bought.
    expect(checkBuy('0,5', { remainingUnits: '0.500000', price: '10.000000' })).toMatchObject({ units: '0.500000', amounts: { gross: 500n } });
  });
});

describe('an offer as typed on the sell form', () => {
  const base = { units: '10', price: '10,5', validityDays: '30', held: '25.000000', onOffer: 5_000_000n, reference: '10.000000', contractState: 'ACTIVE' };

  it('passes with its amounts when the whole offer sold (gross, 1 % fee, net)', () => {
    expect(checkSell(base)).toEqual({ units: '10.000000', price: '10.500000', amounts: { gross: 10_500n, fee: 105n, net: 10_395n } });
  });

  it('says which field is wrong, in the domain rule order', () => {
    expect(checkSell({ ...base, contractState: 'STANDBY' })).toEqual({ problem: 'contractNotActive', field: 'contract' });
    expect(checkSell({ ...base, units: 'diez' })).toEqual({ problem: 'unitsInvalid', field: 'units' });
    expect(checkSell({ ...base, units: '0' })).toEqual({ problem: 'unitsNotPositive', field: 'units' });
    // 25 held, 5 already on open offers: 20 at most.
    expect(checkSell({ ...base, units: '20,000001' })).toEqual({ problem: 'notEnoughUnits', field: 'units' });
    expect(checkSell({ ...base, units: '20' })).toMatchObject({ units: '20.000000' });
    expect(checkSell({ ...base, price: 'x' })).toEqual({ problem: 'priceInvalid', field: 'price' });
    // The band: 9 and 11 are the ends (both allowed), one micro-euro outside is refused.
    expect(checkSell({ ...base, price: '11' })).toMatchObject({ price: '11.000000' });
    expect(checkSell({ ...base, price: '9' })).toMatchObject({ price: '9.000000' });
    expect(checkSell({ ...base, price: '11,000001' })).toEqual({ problem: 'priceOutOfBand', field: 'price' });
    expect(checkSell({ ...base, price: '8,999999' })).toEqual({ problem: 'priceOutOfBand', field: 'price' });
    expect(checkSell({ ...base, reference: null })).toEqual({ problem: 'noReferencePrice', field: 'price' });
    expect(checkSell({ ...base, validityDays: '0' })).toEqual({ problem: 'validityOutOfRange', field: 'validityDays' });
    expect(checkSell({ ...base, validityDays: '91' })).toEqual({ problem: 'validityOutOfRange', field: 'validityDays' });
    expect(checkSell({ ...base, validityDays: '2,5' })).toEqual({ problem: 'validityOutOfRange', field: 'validityDays' });
    expect(checkSell({ ...base, units: '0,5' })).toEqual({ problem: 'tradeTooSmall', field: 'units' });
  });
});
