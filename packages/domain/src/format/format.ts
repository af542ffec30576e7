/**
 * Display formats of the specification (section 9): money in de-style numbers with two
 * decimals and the € sign (EUR by default), dates in es-ES as dd/mm/yyyy, 'M1' as 'Mensual'.
 * Amounts arrive as exact decimal strings from the API or integers from the calculator.
 */
const moneyFormatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: number | string, currency = 'EUR'): string {
  let formatter = moneyFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('de-DE', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormatters.set(currency, formatter);
  }
  // Intl accepts decimal strings exactly (no float round trip) when given as a string.
  return formatter.format(amount as unknown as number);
}

/** dd/mm/yyyy for an ISO date ('2026-11-21') or date-time; the calendar date is read in UTC. */
export function formatDate(value: string | Date): string {
  const iso = typeof value === 'string' ? value : value.toISOString();
  const [y, m, d] = iso.slice(0, 10).split('-');
  if (!y || !m || !d) return '';
  return `${d}/${m}/${y}`;
}

export const PERIOD_LABEL_KEYS: Record<string, string> = { M1: 'periods.M1' };
