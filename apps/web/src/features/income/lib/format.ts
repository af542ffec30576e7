import { formatEur, formatMoney } from '@kc/domain';

const unitFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 6 });
const perUnitFormat = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 6 });

/** A unit count as shown, de-style with its decimals up to six ('1.234,5678'); exact from the decimal string. */
export const formatUnitCount = (units: string) => unitFormat.format(units as unknown as number);

/** An amount per unit or a price ('0,125 €'), exact from the decimal string. */
export const formatPerUnit = (amount: string) => perUnitFormat.format(amount as unknown as number);

/** A result in cents with its sign always written: '+12,34 €', '−12,34 €' (a true minus sign), '0,00 €'. */
export function formatSignedMoney(cents: bigint): string {
  const text = formatMoney(formatEur(cents < 0n ? -cents : cents));
  return cents > 0n ? `+${text}` : cents < 0n ? `\u2212${text}` : text;
}
