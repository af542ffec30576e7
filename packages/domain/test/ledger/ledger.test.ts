import fc from 'fast-check';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  EUR_SCALE,
  PRICE_SCALE,
  UNIT_SCALE,
  distribute,
  formatScaled,
  isBalanced,
  journalProblem,
  parseScaled,
  paymentJournal,
  reversalLines,
  unitsFor,
  valueAt,
  type TJournalLine,
} from '../../src/ledger/index.ts';

const cents = fc.bigInt({ min: 1n, max: 1_000_000_000n }); // 0.01 € … 10,000,000.00 €
const prices = fc.bigInt({ min: 1n, max: 10_000_000_000n }); // 0.000001 … 10,000.000000 €/unit
const unitCounts = fc.bigInt({ min: 0n, max: 100_000_000_000_000n }); // 0 … 100,000,000 units

// decimal.js keeps 20 significant digits by default: too few for units × price of large holdings
// (a reference that rounds is no reference). 60 keeps every product and sum here exact.
Decimal.set({ precision: 60 });
const dec = (value: bigint, scale: number) => new Decimal(value.toString()).div(new Decimal(10).pow(scale));

describe('fixed-scale decimals', () => {
  it('reads and writes exactly, refusing more decimals than the scale', () => {
    expect(parseScaled('12.3', 2)).toBe(1230n);
    expect(parseScaled('-0.01', 2)).toBe(-1n);
    expect(parseScaled('10.500', 2)).toBe(1050n);
    expect(parseScaled('10.005', 2)).toBeNull();
    expect(parseScaled('1e3', 2)).toBeNull();
    expect(parseScaled('12,30', 2)).toBeNull();
    expect(parseScaled('', 2)).toBeNull();
    expect(formatScaled(1230n, 2)).toBe('12.30');
    expect(formatScaled(-5n, 2)).toBe('-0.05');
    expect(formatScaled(7n, 6)).toBe('0.000007');
  });

  it('round-trips every value of a scale', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), fc.integer({ min: 0, max: 8 }), (value, scale) => {
        expect(parseScaled(formatScaled(value, scale), scale)).toBe(value);
      }),
    );
  });
});

describe('units for an amount at a price', () => {
  it('follows the rule on a worked example: 150.00 € at 10.254300 €', () => {
    const purchase = unitsFor(15_000n, 10_254_300n);
    // 150 / 10.2543 = 14.6280097…: 14.628009 units, worth 149.99999… → 149.99 €, 0.01 € to rounding.
    expect(formatScaled(purchase.units, UNIT_SCALE)).toBe('14.628009');
    expect(formatScaled(purchase.cost, EUR_SCALE)).toBe('149.99');
    expect(formatScaled(purchase.remainder, EUR_SCALE)).toBe('0.01');
  });

  it('loses no cent: cost + remainder is the amount, the units are the most the amount pays for', () => {
    fc.assert(
      fc.property(cents, prices, (amount, price) => {
        const { units, cost, remainder } = unitsFor(amount, price);
        expect(cost + remainder).toBe(amount);
        expect(remainder >= 0n).toBe(true);
        const exactValue = dec(units, UNIT_SCALE).mul(dec(price, PRICE_SCALE));
        const paid = dec(amount, EUR_SCALE);
        // The units cost no more than the amount; one more micro-unit would cost more.
        expect(exactValue.lte(paid)).toBe(true);
        expect(dec(units + 1n, UNIT_SCALE).mul(dec(price, PRICE_SCALE)).gt(paid)).toBe(true);
        // The cost is the exact value rounded down to the cent.
        expect(dec(cost, EUR_SCALE).equals(exactValue.toDecimalPlaces(EUR_SCALE, Decimal.ROUND_DOWN))).toBe(true);
        // So the remainder is below one micro-unit's price plus one cent.
        expect(dec(remainder, EUR_SCALE).lt(dec(price, PRICE_SCALE).div(1_000_000).plus('0.01'))).toBe(true);
      }),
    );
  });

  it('values units at a price rounded down to the cent, as decimal.js does', () => {
    fc.assert(
      fc.property(unitCounts, prices, (units, price) => {
        const expected = dec(units, UNIT_SCALE).mul(dec(price, PRICE_SCALE)).toDecimalPlaces(2, Decimal.ROUND_DOWN);
        expect(formatScaled(valueAt(units, price), EUR_SCALE)).toBe(expected.toFixed(2));
      }),
    );
  });
});

describe('journals', () => {
  it('a payment journal always balances per currency and is valid', () => {
    fc.assert(
      fc.property(cents, prices, (amount, price) => {
        const { lines, purchase } = paymentJournal({ amount, price, contractId: 'c1', userId: 'u1' });
        expect(isBalanced(lines)).toBe(true);
        expect(journalProblem(lines)).toBeNull();
        const held = lines.filter((l) => l.account === 'INVESTOR_UNITS').reduce((a, l) => a + l.amount, 0n);
        expect(held).toBe(purchase.units);
        const bank = lines.filter((l) => l.account === 'BANK').reduce((a, l) => a + l.amount, 0n);
        expect(bank).toBe(amount);
      }),
    );
  });

  it('a reversal balances, and a journal plus its reversal nets every account to zero', () => {
    fc.assert(
      fc.property(cents, prices, (amount, price) => {
        const { lines } = paymentJournal({ amount, price, contractId: 'c1', userId: 'u1' });
        const reversal = reversalLines(lines);
        expect(journalProblem(reversal)).toBeNull();
        const net = new Map<string, bigint>();
        for (const line of [...lines, ...reversal]) net.set(line.account, (net.get(line.account) ?? 0n) + line.amount);
        expect([...net.values()].every((v) => v === 0n)).toBe(true);
      }),
    );
  });

  it('names what is wrong with lines that are not a journal', () => {
    const bank: TJournalLine = { account: 'BANK', currency: 'EUR', amount: 100n };
    expect(journalProblem([bank])).toBe('tooFewLines');
    expect(journalProblem([bank, { account: 'FUND_CAPITAL', currency: 'EUR', amount: -99n }])).toBe('unbalanced');
    expect(journalProblem([bank, { account: 'FUND_CAPITAL', currency: 'EUR', amount: 0n }])).toBe('zeroLine');
    expect(journalProblem([bank, { account: 'FUND_CAPITAL', currency: 'KCU', amount: -100n }])).toBe('wrongCurrency');
    expect(journalProblem([{ account: 'INCOME_SOURCE', currency: 'EUR', amount: 100n }, { account: 'INCOME_PAYABLE', currency: 'EUR', amount: -100n }])).toBe(
      'missingContract',
    );
    // Balanced in EUR but not in units: still unbalanced.
    expect(
      isBalanced([bank, { account: 'FUND_CAPITAL', currency: 'EUR', amount: -100n }, { account: 'INVESTOR_UNITS', currency: 'KCU', amount: 5n, contractId: 'c' }]),
    ).toBe(false);
  });
});

describe('distribution of an amount per unit', () => {
  // One holding per contract (as the ledger sums them): the shares are matched to their holdings by contract.
  const holdings = fc.uniqueArray(fc.record({ contractId: fc.uuid(), userId: fc.uuid(), units: unitCounts }), {
    selector: (h) => h.contractId,
    minLength: 1,
    maxLength: 60,
  });

  it('credits each holding its exact share rounded down, with the remainder to ROUNDING: no cent lost', () => {
    fc.assert(
      fc.property(prices, holdings, (perUnit, list) => {
        const result = distribute(perUnit, list);
        const shareSum = result.shares.reduce((a, s) => a + s.amount, 0n);
        expect(shareSum + result.remainder).toBe(result.total);
        const withUnits = list.filter((h) => h.units > 0n).length;
        expect(result.remainder >= 0n && result.remainder < BigInt(Math.max(withUnits, 1))).toBe(true);
        const exactTotal = list.reduce((a, h) => a.plus(dec(h.units, UNIT_SCALE).mul(dec(perUnit, PRICE_SCALE))), new Decimal(0));
        expect(dec(result.total, EUR_SCALE).equals(exactTotal.toDecimalPlaces(2, Decimal.ROUND_DOWN))).toBe(true);
        for (const share of result.shares) {
          const holding = list.find((h) => h.contractId === share.contractId)!;
          const exact = dec(holding.units, UNIT_SCALE).mul(dec(perUnit, PRICE_SCALE));
          expect(dec(share.amount, EUR_SCALE).lte(exact)).toBe(true);
          expect(exact.minus(dec(share.amount, EUR_SCALE)).lt('0.01')).toBe(true);
        }
        if (result.lines.length > 0) {
          expect(isBalanced(result.lines)).toBe(true);
          expect(journalProblem(result.lines)).toBeNull();
        }
      }),
    );
  });

  it('a worked example: 0.10 € per unit over three holdings of 1/3 unit', () => {
    const third = 333_333n;
    const result = distribute(100_000n, [
      { contractId: 'a', userId: 'x', units: third },
      { contractId: 'b', userId: 'y', units: third },
      { contractId: 'c', userId: 'z', units: third + 1n },
    ]);
    // Each 0.0333333 € → 0.03 €; total 0.1000000 € → 0.10 €; 0.01 € to ROUNDING.
    expect(result.shares.map((s) => s.amount)).toEqual([3n, 3n, 3n]);
    expect(result.total).toBe(10n);
    expect(result.remainder).toBe(1n);
    expect(result.lines.find((l) => l.account === 'ROUNDING')?.amount).toBe(-1n);
  });
});
