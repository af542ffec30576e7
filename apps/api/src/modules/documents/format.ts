import type { TDocumentLanguage } from '@kc/domain';

/**
 * How figures read in a document, from decimal strings (never a JS number): Spanish
 * "1.234,56 €", English "€1,234.56"; dates "20 de diciembre de 2019" / "20 December 2019".
 */
function group(whole: string, separator: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

export function formatDecimal(text: string, language: TDocumentLanguage): string {
  const negative = text.startsWith('-');
  const [whole = '0', fraction] = (negative ? text.slice(1) : text).split('.');
  const body = language === 'es' ? `${group(whole, '.')}${fraction ? `,${fraction}` : ''}` : `${group(whole, ',')}${fraction ? `.${fraction}` : ''}`;
  return `${negative ? '-' : ''}${body}`;
}

export function formatMoneyText(text: string, language: TDocumentLanguage): string {
  const negative = text.startsWith('-');
  const body = formatDecimal(negative ? text.slice(1) : text, language);
  return language === 'es' ? `${negative ? '-' : ''}${body} €` : `${negative ? '-' : ''}€${body}`;
}

const MONTHS = {
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
} as const;

export function formatDateText(iso: string, language: TDocumentLanguage): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  const month = MONTHS[language][Number(m) - 1] ?? m;
  return language === 'es' ? `${Number(d)} de ${month} de ${y}` : `${Number(d)} ${month} ${y}`;
}

/** WinAnsi (the encoding of the PDF's standard Helvetica) beyond Latin-1: € – — ‘ ’ “ ” • … and friends. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text the standard Helvetica can draw: every Spanish letter, accents, ñ, ¿ ¡ « » and € are in
 * WinAnsi; anything else (a Polish ł, Greek, CJK) loses its accent or becomes '?', so a name
 * never breaks the document.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)) out += char;
    else if (char === '\n') out += char;
    else {
      const stripped = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += [...stripped].every((c) => c.codePointAt(0)! >= 0x20 && c.codePointAt(0)! <= 0x7e) && stripped ? stripped : '?';
    }
  }
  return out;
}
