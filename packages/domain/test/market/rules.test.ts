import fc from 'fast-check';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { parsePrice, parseUnits, valueAt } from '../../src/ledger/index.ts';
import {
  MARKET_FEE_BPS,
  MARKET_MIN_TRADE_CENTS,
  fillProblem,
  inBand,
  offerFormula,
  offerProblem,
  priceBand,
  tradeAmounts,
  type TOfferCheck,
} from '../../src/market/index.ts';

Decimal.set({ precision: 60 });
const prices = fc.bigInt({ min: 1n, max: 10_000_000_000n }); // 0.000001 … 10,000 €/unit
const units = fc.bigInt({ min: 1n, max: 100_000_000_000_000n }); // 0.000001 … 100M units

describe('the price band', () => {
  it('is ±10 % of the reference, both ends included, rounded inwards', () => {
    const band = priceBand(parsePrice('10.000000'));
    expect(band.min).toBe(parsePrice('9.000000'));
    expect(band.max).toBe(parsePrice('11.000000'));
    expect(inBand(parsePrice('9.000000'), band)).toBe(true);
    expect(inBand(parsePrice('11.000000'), band)).toBe(true);
    expect(inBand(parsePrice('8.999999'), band)).toBe(false);
    expect(inBand(parsePrice('11.000001'), band)).toBe(false);
    // 0.000015 × 0.9 = 0.0000135 → 0.000014 (up); × 1.1 = 0.0000165 → 0.000016 (down).
    const small = priceBand(15n);
    expect([small.min, small.max]).toEqual([14n, 16n]);
  });

  it('never lets a price further than 10 % from the reference (property)', () => {
    fc.assert(
      fc.property(prices, (reference) => {
        const band = priceBand(reference);
        const ref = new Decimal(reference.toString());
        expect(new Decimal(band.min.toString()).gte(ref.mul(0.9))).toBe(true);
        expect(new Decimal(band.max.toString()).lte(ref.mul(1.1))).toBe(true);
        expect(band.min <= reference && reference <= band.max).toBe(true);
      }),
    );
  });

  it('refuses a reference that is not above zero', () => {
    expect(() => priceBand(0n)).toThrow(RangeError);
  });

  it('gives the formula the screens show', () => {
    expect(offerFormula(parsePrice('12.500000'))).toEqual({
      reference: parsePrice('12.500000'),
      min: parsePrice('11.250000'),
      max: parsePrice('13.750000'),
      bandPercent: 10,
      feePercent: 1,
    });
  });
});

describe('the money of a trade', () => {
  it('charges 1 % of the gross to the seller, rounded in their favour', () => {
    // 123.456789 units × 10.50 € = 1,296.2962845 € → 1,296.29 €; fee 12.9629 € → 12.96 €.
    expect(tradeAmounts(parseUnits('123.456789'), parsePrice('10.500000'))).toEqual({ gross: 129_629n, fee: 1_296n, net: 128_333n });
  });

  it('loses no cent: gross = fee + net, the fee is at most 1 % and less than a cent short of it (property)', () => {
    fc.assert(
      fc.property(units, prices, (u, p) => {
        const { gross, fee, net } = tradeAmounts(u, p);
        expect(gross).toBe(valueAt(u, p));
        expect(fee + net).toBe(gross);
        expect(fee * 10_000n <= gross * MARKET_FEE_BPS).toBe(true);
        expect((fee + 1n) * 10_000n > gross * MARKET_FEE_BPS).toBe(true);
        expect(net >= 0n).toBe(true);
      }),
    );
  });
});

describe('publishing an offer', () => {
  const ok: TOfferCheck = {
    units: parseUnits('10'),
    price: parsePrice('10.000000'),
    validityDays: 30,
    reference: parsePrice('10.000000'),
    held: parseUnits('100'),
    onOffer: parseUnits('80'),
    contractState: 'ACTIVE',
  };

  it('accepts units the contract holds and has not offered yet, inside the band', () => {
    expect(offerProblem(ok)).toBeNull();
  });

  it.each([
    [{ contractState: 'NEW' }, 'contractNotActive'],
    [{ reference: null }, 'noReferencePrice'],
    [{ units: 0n }, 'unitsNotPositive'],
    [{ units: -1n }, 'unitsNotPositive'],
    [{ units: parseUnits('20.000001') }, 'notEnoughUnits'],
    [{ price: parsePrice('11.000001') }, 'priceOutOfBand'],
    [{ price: parsePrice('8.999999') }, 'priceOutOfBand'],
    [{ validityDays: 0 }, 'validityOutOfRange'],
    [{ validityDays: 91 }, 'validityOutOfRange'],
    [{ validityDays: 1.5 }, 'validityOutOfRange'],
    [{ units: parseUnits('0.9') }, 'tradeTooSmall'],
  ] as const)('refuses %o with %s', (change, problem) => {
    expect(offerProblem({ ...ok, ...change })).toBe(problem);
  });

  it('never lets the same units be offered twice (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (held, onOffer, asked) => {
        fc.pre(onOffer <= held);
        const problem = offerProblem({ ...ok, held, onOffer, units: asked });
        if (asked > held - onOffer) expect(problem).toBe('notEnoughUnits');
        else expect(problem).not.toBe('notEnoughUnits');
      }),
    );
  });
});

describe('buying from an offer', () => {
  const base = { remaining: parseUnits('50'), price: parsePrice('10.000000'), buyerId: 'b', sellerId: 's' };

  it('fills all or part of it', () => {
    expect(fillProblem({ ...base, units: parseUnits('50') })).toBeNull();
    expect(fillProblem({ ...base, units: parseUnits('1') })).toBeNull();
  });

  it("refuses more than what remains, nothing, a partial buy under 10 € and one's own offer", () => {
    expect(fillProblem({ ...base, units: parseUnits('50.000001') })).toBe('moreThanRemaining');
    expect(fillProblem({ ...base, units: 0n })).toBe('unitsNotPositive');
    expect(fillProblem({ ...base, units: parseUnits('0.999999') })).toBe('tradeTooSmall');
    expect(fillProblem({ ...base, units: parseUnits('1'), buyerId: 's' })).toBe('ownOffer');
  });

  it('always lets the whole remainder go, even when it is worth less than 10 €', () => {
    expect(valueAt(parseUnits('0.5'), base.price) < MARKET_MIN_TRADE_CENTS).toBe(true);
    expect(fillProblem({ ...base, remaining: parseUnits('0.5'), units: parseUnits('0.5') })).toBeNull();
  });
});

describe('offerValidUntil (Europe/Madrid calendar days)', () => {
  it('ends at 00:00 Madrid after the last day of validity, the day the offer is made not counted', async () => {
    const { offerValidUntil } = await import('../../src/market/index.ts');
    // 27 Nov 2026 23:30 in Madrid (22:30 UTC, winter time, UTC+1): 1 day → valid through the 28th.
    expect(offerValidUntil(new Date('2026-11-27T22:30:00Z'), 1).toISOString()).toBe('2026-11-28T23:00:00.000Z');
    // Just after midnight in Madrid it is already the 28th there.
    expect(offerValidUntil(new Date('2026-11-27T23:30:00Z'), 1).toISOString()).toBe('2026-11-29T23:00:00.000Z');
    // Across the change to summer time (29 March 2026): midnight is 22:00 UTC after it.
    expect(offerValidUntil(new Date('2026-03-20T10:00:00Z'), 10).toISOString()).toBe('2026-03-30T22:00:00.000Z');
    expect(offerValidUntil(new Date('2026-01-01T10:00:00Z'), 90).toISOString()).toBe('2026-04-01T22:00:00.000Z');
  });
});

describe('tradeJournal', () => {
  const parties = { sellerContractId: 's-contract', sellerId: 's', buyerContractId: 'b-contract', buyerId: 'b' };

  it('moves the units between the contracts and books gross, net and fee, balanced in both currencies', async () => {
    const { tradeJournal } = await import('../../src/market/index.ts');
    const { journalProblem } = await import('../../src/ledger/index.ts');
    const { lines, amounts } = tradeJournal(parseUnits('2'), parsePrice('10.5'), parties);
    expect(amounts).toEqual({ gross: 2100n, fee: 21n, net: 2079n });
    expect(journalProblem(lines)).toBeNull();
    expect(lines).toEqual([
      { account: 'INVESTOR_UNITS', currency: 'KCU', amount: -2_000_000n, contractId: 's-contract', userId: 's' },
      { account: 'INVESTOR_UNITS', currency: 'KCU', amount: 2_000_000n, contractId: 'b-contract', userId: 'b' },
      { account: 'BANK', currency: 'EUR', amount: 2100n, contractId: 'b-contract', userId: 'b' },
      { account: 'MARKET_PAYABLE', currency: 'EUR', amount: -2079n, contractId: 's-contract', userId: 's' },
      { account: 'MARKET_FEES', currency: 'EUR', amount: -21n, contractId: 's-contract', userId: 's' },
    ]);
  });

  it('is a valid journal for any units and price (no zero line, balanced), property-tested', async () => {
    const { tradeJournal } = await import('../../src/market/index.ts');
    const { journalProblem } = await import('../../src/ledger/index.ts');
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 9n }), (units, price) => {
        const { lines, amounts } = tradeJournal(units, price, parties);
        // A trade worth less than a cent books no money; the units still move.
        if (amounts.gross === 0n) return lines.length === 2 && journalProblem(lines) === null;
        return journalProblem(lines) === null && amounts.gross === amounts.fee + amounts.net;
      }),
    );
  });
});
