import { afterEach, describe, expect, it } from 'vitest';
import { forgetPurchaseKey, purchaseKey } from './idempotency.ts';

describe('the purchase attempt key', () => {
  afterEach(() => window.sessionStorage.clear());

  it('is the same for a retry of the same units, new for other units or after the purchase', () => {
    let n = 0;
    const next = () => `key-${(n += 1)}`;
    const first = purchaseKey('offer-1', '2.000000', next);
    expect(purchaseKey('offer-1', '2.000000', next)).toBe(first);
    const other = purchaseKey('offer-1', '3.000000', next);
    expect(other).not.toBe(first);
    expect(purchaseKey('offer-2', '3.000000', next)).not.toBe(other);
    forgetPurchaseKey('offer-1');
    expect(purchaseKey('offer-1', '3.000000', next)).not.toBe(other);
  });
});
