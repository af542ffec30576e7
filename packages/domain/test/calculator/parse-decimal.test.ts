import { expect, test } from 'vitest';
import { parseDecimal } from '../../src/index.ts';

test.each([
  ['1.234,5', 1234.5],
  ['1234.5', 1234.5],
  ['1234,5', 1234.5],
  ['1,234.5', 1234.5],
  ['1.234.567', 1_234_567],
  ['1,234,567', 1_234_567],
  ['1.234.567,89', 1_234_567.89],
  ['1.234,00', 1234],
  ['1.234', 1.234],
  ['  42  ', 42],
  ['0', 0],
  ['-3,5', -3.5],
  ['+7', 7],
  [',5', 0.5],
  ['5,', 5],
])('%j reads as %d', (text, value) => {
  expect(parseDecimal(text)).toBe(value);
});

test.each(['', '   '])('%j is empty: undefined', (text) => {
  expect(parseDecimal(text)).toBeUndefined();
});

test.each(['abc', '12a', '1e5', ',', '.', '1.2.3', '12,34,56', '1.23,4.5', '1 234', '€5', '--1', '1,2.3,4'])(
  '%j is not a number: NaN',
  (text) => {
    expect(parseDecimal(text)).toBeNaN();
  },
);
