import { formatMoney } from '@kc/domain';

/** A yearly salary for people: '32000.00' → '32.000 €' (no cents when whole). */
export function formatSalary(value: string): string {
  const whole = value.replace(/\.00$/, '');
  return formatMoney(whole).replace(/,00(?=\D*$)/, '');
}
