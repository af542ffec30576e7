import type { FieldPath, FieldValues, Resolver } from 'react-hook-form';

/**
 * A decimal typed by a person, in Spanish or English writing, as the API's dot form: '10,25' and
 * '10.25' are both '10.25' (spaces dropped). With more than one separator ('10,2,5', '1.234,5':
 * thousands separators are refused rather than guessed) it is left as typed, for the schema to
 * refuse with its message. The market's `parseDecimalInput` is built on it.
 */
export function normalizeDecimalInput(text: string): string {
  const compact = text.trim().replace(/\s/g, '');
  const commas = (compact.match(/,/g) ?? []).length;
  const dots = (compact.match(/\./g) ?? []).length;
  return commas === 1 && dots === 0 ? compact.replace(',', '.') : compact;
}

/**
 * A form resolver that reads the named decimal fields with `normalizeDecimalInput` before the
 * schema checks them, so the shared zod schema (which the API applies too, dot form only) accepts
 * a decimal comma and the submitted values carry the dot the API expects.
 */
export function decimalCommaResolver<T extends FieldValues>(resolver: Resolver<T>, fields: readonly FieldPath<T>[]): Resolver<T> {
  return (values, context, options) => {
    const normalized: Record<string, unknown> = { ...values };
    for (const field of fields) {
      const value = normalized[field];
      if (typeof value === 'string') normalized[field] = normalizeDecimalInput(value);
    }
    return resolver(normalized as T, context, options);
  };
}
