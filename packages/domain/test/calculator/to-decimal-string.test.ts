import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { toDecimalString } from '../../src/calculator/exact-math.ts';

test.each([
  [1e-7, '0.0000001'],
  [-1.5e-7, '-0.00000015'],
  [1.2345e-10, '0.00000000012345'],
  [1e21, '1000000000000000000000'],
  [-1.5e21, '-1500000000000000000000'],
  [1.7976931348623157e308, `17976931348623157${'0'.repeat(292)}`],
  [5e-324, `0.${'0'.repeat(323)}5`],
  [0.1, '0.1'],
  [1234.5, '1234.5'],
])('%d is written out as %s', (value, text) => {
  expect(toDecimalString(value)).toBe(text);
});

test('the same plain decimal as decimal.js for any finite number', () => {
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
      expect(toDecimalString(value)).toBe(Object.is(value, -0) ? '0' : new Decimal(value).toFixed());
    }),
    { numRuns: 5000 },
  );
});
