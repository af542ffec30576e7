import fc from 'fast-check';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { EUR_SCALE, PRICE_SCALE, UNIT_SCALE, distribute, formatScaled, isBalanced, journalProblem } from '../../src/ledger/index.ts';
import { ZDeclareDistributionRequest, distributionTotals, holdingResult } from '../../src/income/index.ts';

// decimal.js keeps 20 significant digits by default: the exact reference needs more for large amounts.
Decimal.set({ precision: 60 });

const dec = (value: bigint, scale: number) => new Decimal(value.toString()).div(new Decimal(10).pow(scale));
const perUnits = fc.bigInt({ min: 1n, max: 1_000_000_000n }); // 0.000001 … 1,000.000000 € per unit
const holding = fc.record({ contractId: fc.uuid(), userId: fc.uuid(), units: fc.bigInt({ min: 0n, max: 10_000_000_000_000n }) });

describe('a distribution loses no cent', () => {
  it('credits each holding ⌊units × amount⌋, the total ⌊Σ units × amount⌋, the remainder the difference (against decimal.js)', () => {
    fc.assert(
      fc.property(perUnits, fc.array(holding, { maxLength: 60 }), (perUnit, holdings) => {
        const totals = distributionTotals(perUnit, holdings);
        const held = holdings.filter((h) => h.units > 0n);
        const amount = dec(perUnit, PRICE_SCALE);
        const exactAll = held.reduce((acc, h) => acc.plus(dec(h.units, UNIT_SCALE).mul(amount)), new Decimal(0));
        const credited = held.reduce((acc, h) => acc.plus(dec(h.units, UNIT_SCALE).mul(amount).toDecimalPlaces(EUR_SCALE, Decimal.ROUND_DOWN)), new Decimal(0));
        expect(totals.contracts).toBe(held.length);
        expect(dec(totals.totalUnits, UNIT_SCALE).equals(held.reduce((acc, h) => acc.plus(dec(h.units, UNIT_SCALE)), new Decimal(0)))).toBe(true);
        expect(dec(totals.total, EUR_SCALE).equals(exactAll.toDecimalPlaces(EUR_SCALE, Decimal.ROUND_DOWN))).toBe(true);
        expect(dec(totals.credited, EUR_SCALE).equals(credited)).toBe(true);
        // Nothing lost, nothing made up: total = credited + remainder, and the remainder is under one cent per holding.
        expect(totals.credited + totals.remainder).toBe(totals.total);
        expect(totals.remainder >= 0n && totals.remainder < BigInt(Math.max(held.length, 1))).toBe(true);
        // The journal of the same distribution balances and debits INCOME_SOURCE with the total.
        const journal = distribute(perUnit, held);
        if (journal.lines.length > 0) {
          expect(isBalanced(journal.lines)).toBe(true);
          expect(journalProblem(journal.lines)).toBeNull();
          expect(journal.lines.find((l) => l.account === 'INCOME_SOURCE')!.amount).toBe(totals.total);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives nothing to a holding without units', () => {
    const totals = distributionTotals(125_000n, [
      { contractId: 'a', userId: 'u', units: 0n },
      { contractId: 'b', userId: 'u', units: 3_000_000n },
    ]);
    expect(totals).toEqual({ contracts: 1, totalUnits: 3_000_000n, total: 37n, credited: 37n, remainder: 0n });
    expect(formatScaled(totals.total, EUR_SCALE)).toBe('0.37');
  });
});

describe("the investor's result", () => {
  it('is value plus income minus paid in: a loss is negative and called a loss', () => {
    expect(holdingResult({ value: '950.00', income: '12.50', paidIn: '1000.00' })).toEqual({ amount: -3750n, kind: 'LOSS' });
    expect(holdingResult({ value: '1000.00', income: '0.00', paidIn: '1000.00' })).toEqual({ amount: 0n, kind: 'EVEN' });
    expect(holdingResult({ value: '1000.01', income: '0.00', paidIn: '1000.00' })).toEqual({ amount: 1n, kind: 'GAIN' });
    expect(holdingResult({ value: null, income: '5.00', paidIn: '100.00' })).toBeNull();
  });

  it('is exact for any amounts (against decimal.js)', () => {
    const eur = fc.bigInt({ min: 0n, max: 100_000_000_000n });
    fc.assert(
      fc.property(eur, eur, eur, (value, income, paidIn) => {
        const result = holdingResult({ value: formatScaled(value, 2), income: formatScaled(income, 2), paidIn: formatScaled(paidIn, 2) })!;
        const exact = dec(value, 2).plus(dec(income, 2)).minus(dec(paidIn, 2));
        expect(dec(result.amount, 2).equals(exact)).toBe(true);
        expect(result.kind).toBe(exact.isZero() ? 'EVEN' : exact.isPositive() ? 'GAIN' : 'LOSS');
      }),
    );
  });
});

describe('the declaration', () => {
  const valid = { periodFrom: '2026-01-01', periodTo: '2026-06-30', recordDate: '2026-07-01', amountPerUnit: '0.125', description: 'Rentas del semestre' };
  it('accepts a period, a record date on or after its end and an amount per unit of at most six decimals', () => {
    expect(ZDeclareDistributionRequest.safeParse(valid).success).toBe(true);
    expect(ZDeclareDistributionRequest.safeParse({ ...valid, recordDate: '2026-06-30' }).success).toBe(true);
  });
  it.each([
    [{ periodTo: '2025-12-31' }, 'periodTo', 'income.errors.periodOrder'],
    [{ recordDate: '2026-06-29' }, 'recordDate', 'income.errors.recordBeforePeriodEnd'],
    [{ amountPerUnit: '0.0000001' }, 'amountPerUnit', 'income.errors.amountPerUnit|max=1000.000000'],
    [{ amountPerUnit: '0' }, 'amountPerUnit', 'income.errors.amountPerUnit|max=1000.000000'],
    [{ periodFrom: '2026-02-30' }, 'periodFrom', 'income.errors.periodFrom'],
    [{ description: 'ab' }, 'description', 'income.errors.description|max=500'],
  ])('refuses %j on its field', (override, field, message) => {
    const result = ZDeclareDistributionRequest.safeParse({ ...valid, ...override });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([field, message]);
  });
});
