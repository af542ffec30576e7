/**
 * One Idempotency-Key per purchase attempt (an offer and a number of units), kept in this tab's
 * session storage so a retry (a lost answer, a reload, the step-up dialog's replay) sends the
 * same key and the server never buys twice. Another number of units is another attempt, with a
 * new key; a completed purchase forgets its key.
 */
const storageKey = (offerId: string) => `kc.marketBuy.${offerId}`;

export function purchaseKey(offerId: string, units: string, newKey: () => string = () => crypto.randomUUID()): string {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(storageKey(offerId)) ?? 'null') as { units: string; key: string } | null;
    if (stored?.units === units && stored.key) return stored.key;
    const key = newKey();
    window.sessionStorage.setItem(storageKey(offerId), JSON.stringify({ units, key }));
    return key;
  } catch {
    return newKey();
  }
}

export function forgetPurchaseKey(offerId: string): void {
  try {
    window.sessionStorage.removeItem(storageKey(offerId));
  } catch {
    // Nothing stored.
  }
}
