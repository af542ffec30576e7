import { describe, expect, it } from 'vitest';
import { formatUnitPrice } from '../lib/format-price.ts';
import { chartPoints } from './price-chart.tsx';

const price = (valueDate: string, value: string) => ({ valueDate, price: value, assetReport: 'r', publishedAt: `${valueDate}T10:00:00Z` });

describe('the price chart', () => {
  it('places points by date and price: later right, higher up, inside the drawing', () => {
    const points = chartPoints([price('2025-01-01', '10.000000'), price('2025-02-01', '11.000000'), price('2025-04-01', '9.500000')]);
    expect(points[0]!.x).toBeLessThan(points[1]!.x);
    // Two months between the 2nd and 3rd, one between the 1st and 2nd: the gap is about twice as wide.
    expect((points[2]!.x - points[1]!.x) / (points[1]!.x - points[0]!.x)).toBeCloseTo(59 / 31, 1);
    expect(points[1]!.y).toBeLessThan(points[0]!.y);
    expect(points[2]!.y).toBeGreaterThan(points[0]!.y);
    for (const p of points) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(360);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(200);
    }
  });

  it('draws a single price, or equal prices, in the middle without dividing by zero', () => {
    const [only] = chartPoints([price('2025-01-01', '10.000000')]);
    expect(Number.isFinite(only!.x) && Number.isFinite(only!.y)).toBe(true);
    const flat = chartPoints([price('2025-01-01', '10.000000'), price('2025-02-01', '10.000000')]);
    expect(flat[0]!.y).toBe(flat[1]!.y);
    expect(Number.isFinite(flat[0]!.y)).toBe(true);
  });

  it('shows a price with its decimals, up to six, in the Spanish style', () => {
    expect(formatUnitPrice('10.254300').replace(/\s/g, ' ')).toBe('10,2543 €');
    expect(formatUnitPrice('1234.500000').replace(/\s/g, ' ')).toBe('1.234,50 €');
    expect(formatUnitPrice('0.000001').replace(/\s/g, ' ')).toBe('0,000001 €');
  });
});
