import { describe, expect, it } from 'vitest';
import { formatSignedMoney, formatUnitCount } from '../lib/format.ts';
import { valueChartPoints } from './value-chart.tsx';

const point = (date: string, value: string, paidIn: string) => ({ date, price: '10.000000', units: '1.000000', value, paidIn });

describe('the value chart', () => {
  it('draws value and paid in on one scale: later right, more euros higher, inside the drawing', () => {
    const { value, paidIn } = valueChartPoints([point('2025-01-01', '100.00', '100.00'), point('2025-02-01', '90.00', '150.00'), point('2025-04-01', '200.00', '150.00')]);
    expect(value[0]!.x).toBeLessThan(value[1]!.x);
    expect((value[2]!.x - value[1]!.x) / (value[1]!.x - value[0]!.x)).toBeCloseTo(59 / 31, 1);
    // Same euros, same height, whichever line.
    expect(value[0]!.y).toBeCloseTo(paidIn[0]!.y);
    // A value below what was paid in is drawn below it (a loss shows as one).
    expect(value[1]!.y).toBeGreaterThan(paidIn[1]!.y);
    for (const p of [...value, ...paidIn]) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(360);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(200);
    }
  });

  it('puts a single point in the middle', () => {
    expect(valueChartPoints([point('2025-01-01', '0.00', '0.00')]).value[0]!.x).toBe(180);
  });
});

describe('income figures as shown', () => {
  it('writes a result with its sign, a loss with a true minus sign', () => {
    expect(formatSignedMoney(123_456n)).toBe('+1.234,56\u00a0€');
    expect(formatSignedMoney(-5n)).toBe('\u22120,05\u00a0€');
    expect(formatSignedMoney(0n)).toBe('0,00\u00a0€');
  });

  it('writes units exactly, with their decimals', () => {
    expect(formatUnitCount('1538.339543')).toBe('1.538,339543');
    expect(formatUnitCount('12.500000')).toBe('12,50');
  });
});
