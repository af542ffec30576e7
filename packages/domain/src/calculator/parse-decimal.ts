const GROUPED = { '.': /^\d{1,3}(\.\d{3})*$/, ',': /^\d{1,3}(,\d{3})*$/ } as const;

/**
 * Reads a typed number: '1234.5', '1234,5', '1.234,5' and '1,234.5' all give 1234.5.
 * - An empty (or blank) text gives undefined: the field has no value.
 * - Text that is not a number gives NaN, which the calculator's check (validate.ts) reports as
 *   'validation.invalidNumber' (so "not a number" is told apart from "empty").
 * - With both separators, the last one is the decimal separator and the other groups thousands
 *   in threes ('1.234.567,5'). With one kind only, a single one is the decimal separator
 *   ('1.234' is 1.234: money shown in de style always carries ',00', so it parses back
 *   exactly) and a repeated one groups thousands ('1.234.567').
 * - An optional leading + or − sign; no exponents, currency signs or inner spaces.
 */
export function parseDecimal(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const match = /^([+\-−]?)([\d.,]*)$/.exec(trimmed);
  const sign = match?.[1] ? (match[1] === '+' ? '' : '-') : '';
  const body = match?.[2] ?? '';
  if (!/\d/.test(body)) return Number.NaN;

  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  let decimalSeparator: '.' | ',' | undefined;
  if (lastDot >= 0 && lastComma >= 0) decimalSeparator = lastDot > lastComma ? '.' : ',';
  else if (lastDot >= 0 && body.indexOf('.') === lastDot) decimalSeparator = '.';
  else if (lastComma >= 0 && body.indexOf(',') === lastComma) decimalSeparator = ',';

  const cut = decimalSeparator === undefined ? -1 : body.lastIndexOf(decimalSeparator);
  const whole = cut < 0 ? body : body.slice(0, cut);
  const fraction = cut < 0 ? '' : body.slice(cut + 1);
  if (!/^\d*$/.test(fraction)) return Number.NaN;

  let digits = whole;
  if (/[.,]/.test(whole)) {
    const groupSeparator =
      decimalSeparator === '.' ? ',' : decimalSeparator === ',' ? '.' : whole.includes('.') ? '.' : ',';
    if (!GROUPED[groupSeparator].test(whole)) return Number.NaN;
    digits = whole.split(groupSeparator).join('');
  }
  return Number(`${sign}${digits || '0'}.${fraction || '0'}`);
}
