import { EUR_SCALE, parseScaled, type TScaled } from '../ledger/decimal.ts';
import { distribute, type TUnitHolding } from '../ledger/journal.ts';

export interface TDistributionTotals {
  contracts: number;
  totalUnits: TScaled;
  total: TScaled;
  credited: TScaled;
  remainder: TScaled;
}

/**
 * The figures of a distribution over holdings (the preview and the record): the rule of
 * `distribute` (decision 0018), summed. The database computes the same set-based (income
 * repository); the API tests check both agree.
 */
export function distributionTotals(perUnit: TScaled, holdings: readonly TUnitHolding[]): TDistributionTotals {
  const held = holdings.filter((h) => h.units > 0n);
  const result = distribute(perUnit, held);
  const credited = result.shares.reduce((acc, share) => acc + share.amount, 0n);
  return {
    contracts: held.length,
    totalUnits: held.reduce((acc, h) => acc + h.units, 0n),
    total: result.total,
    credited,
    remainder: result.remainder,
  };
}

export type TResultKind = 'GAIN' | 'LOSS' | 'EVEN';

/**
 * The investor's result: what they have (value of the units at the last price plus the income
 * received) minus what they paid in. Negative is a loss, and is shown as one. Inputs are EUR
 * decimal strings; null when there is no price yet (no value, so no result).
 */
export function holdingResult(input: { value: string | null; income: string; paidIn: string }): { amount: TScaled; kind: TResultKind } | null {
  if (input.value === null) return null;
  const read = (text: string) => {
    const value = parseScaled(text, EUR_SCALE);
    if (value === null) throw new RangeError(`Not an EUR amount: ${text}`);
    return value;
  };
  const amount = read(input.value) + read(input.income) - read(input.paidIn);
  return { amount, kind: amount > 0n ? 'GAIN' : amount < 0n ? 'LOSS' : 'EVEN' };
}
