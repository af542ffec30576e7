import type { TDocumentLanguage } from './schemas.ts';

/**
 * How a CSV export is written so that Excel opens it right in the user's language: Spanish
 * Excel expects `;` between fields and a decimal comma; English Excel `,` and a decimal point.
 * Both get a UTF-8 byte order mark (so accents and € survive) and ISO dates (YYYY-MM-DD, which
 * Excel reads as dates in every locale).
 */
export const CSV_BOM = '\uFEFF';

export function csvDialect(language: TDocumentLanguage): { delimiter: ';' | ','; decimal: ',' | '.' } {
  return language === 'es' ? { delimiter: ';', decimal: ',' } : { delimiter: ',', decimal: '.' };
}

/** A decimal string ('-1234.56') with the language's decimal mark ('-1234,56'); no thousands separators. */
export function localizeDecimal(text: string, language: TDocumentLanguage): string {
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new RangeError(`Not a decimal: ${text}`);
  return language === 'es' ? text.replace('.', ',') : text;
}
