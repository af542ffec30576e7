const formatter = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 6 });

/** A price per unit as shown: de-style, € sign, its decimals up to six ('10,2543 €'); exact from the decimal string. */
export function formatUnitPrice(price: string): string {
  return formatter.format(price as unknown as number);
}
