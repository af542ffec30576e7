import { parseIsoDate } from '../accounts/calendar-date.ts';
import { EUR_SCALE, parseScaled, type TScaled } from '../ledger/decimal.ts';

/**
 * Pure rules of a bank statement import (issue 15, decision 0019): which columns a statement
 * has, how its amounts and dates are read, and which contract a line pays. The CSV itself is
 * split into records by csv-parse in the API; everything after that lives here.
 */

/** The columns a statement must (or may) have. Headers are matched folded (case, accents, spaces). */
export const STATEMENT_COLUMNS = {
  valueDate: { required: true, names: ['fechavalor', 'fvalor', 'fecha', 'valuedate', 'date'] },
  amount: { required: true, names: ['importe', 'cantidad', 'amount'] },
  reference: { required: true, names: ['referencia', 'ref', 'reference'] },
  description: { required: false, names: ['concepto', 'descripcion', 'ordenante', 'description', 'payer', 'details'] },
} as const;
export type TStatementColumn = keyof typeof STATEMENT_COLUMNS;
const COLUMN_NAMES = Object.keys(STATEMENT_COLUMNS) as TStatementColumn[];

/** A statement's lines at most (the budget is 50,000 lines in ≤ 30 s on PostgreSQL). */
export const MAX_STATEMENT_LINES = 50_000;
/** The largest file accepted, in bytes. */
export const MAX_STATEMENT_BYTES = 8 * 1024 * 1024;
/** Longest reference and description kept from a line (longer text is refused). */
export const MAX_STATEMENT_TEXT = 500;

/** Lower case, no accents, letters and digits only: 'Fecha Valor' → 'fechavalor'. */
export function foldHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export type TColumnMap = Record<TStatementColumn, number | null>;
export type THeaderProblem = { code: 'missingColumn'; column: TStatementColumn } | { code: 'duplicateColumn'; column: TStatementColumn };

/** Which index each column has in the header row, or the first problem (a required one missing, one named twice). */
export function mapColumns(header: readonly string[]): { map: TColumnMap } | { problem: THeaderProblem } {
  const map = Object.fromEntries(COLUMN_NAMES.map((c) => [c, null])) as TColumnMap;
  for (const [index, raw] of header.entries()) {
    const folded = foldHeader(raw);
    const column = COLUMN_NAMES.find((c) => (STATEMENT_COLUMNS[c].names as readonly string[]).includes(folded));
    if (!column) continue;
    if (map[column] !== null) return { problem: { code: 'duplicateColumn', column } };
    map[column] = index;
  }
  for (const column of COLUMN_NAMES) {
    if (STATEMENT_COLUMNS[column].required && map[column] === null) return { problem: { code: 'missingColumn', column } };
  }
  return { map };
}

/**
 * The separator of a statement, from its header line: the one of ';' and ',' that appears more
 * often outside quotes (';' on a tie: Spanish banks export with ';', whose amounts use a comma).
 */
export function detectDelimiter(firstLine: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ';') semicolons += 1;
    else if (!quoted && char === ',') commas += 1;
  }
  return commas > semicolons ? ',' : ';';
}

const GROUPED = /^\d{1,3}(?:X\d{3})+$/;

/**
 * An amount as a bank writes it, in cents: '1.234,56' and '1234,56' (Spanish), '1,234.56' and
 * '1234.56', '-150,00', with an optional '€' or 'EUR' and spaces. With both separators, the last
 * is the decimal one and the other must group thousands by three; with one separator that
 * appears once followed by one or two digits, it is the decimal one; '1.234' or '1,234' (three
 * digits after a single separator) is ambiguous and refused, as is anything with more than two
 * decimals. Null when the text is not an amount.
 */
export function parseStatementAmount(text: string): TScaled | null {
  let s = text.replace(/\s|\u00a0/g, '').replace(/^(?:€|EUR)|(?:€|EUR)$/gi, '');
  let sign = '';
  if (s.startsWith('-') || s.startsWith('+')) {
    sign = s[0] === '-' ? '-' : '';
    s = s.slice(1);
  }
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return null;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let whole = s;
  let fraction = '';
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const at = s.lastIndexOf(decimal);
    whole = s.slice(0, at);
    fraction = s.slice(at + 1);
    if (whole.includes(decimal) || !GROUPED.test(whole.split(group).join('X'))) return null;
    whole = whole.split(group).join('');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    const parts = s.split(separator);
    if (parts.length === 2 && parts[1]!.length >= 1 && parts[1]!.length <= 2 && parts[0]!.length > 0) {
      whole = parts[0]!;
      fraction = parts[1]!;
    } else if (parts.length > 2 && GROUPED.test(parts.join('X'))) {
      whole = parts.join('');
    } else {
      return null;
    }
  }
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction) || fraction.length > EUR_SCALE || whole.length > 12) return null;
  return parseScaled(`${sign}${whole}${fraction ? `.${fraction}` : ''}`, EUR_SCALE);
}

/** A value date as 'YYYY-MM-DD', from 'dd/mm/yyyy' (or 'dd-mm-yyyy', 'dd.mm.yyyy') or 'yyyy-mm-dd'; null when not a real date. */
export function parseStatementDate(text: string): string | null {
  const s = text.trim();
  let iso: string | null = null;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (dmy) iso = `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  else if (/^\d{4}-\d{2}-\d{2}$/.test(s)) iso = s;
  return iso && parseIsoDate(iso) !== null ? iso : null;
}

// The payment reference of a contract ------------------------------------------------------------

/**
 * The reference an investor writes on a transfer: 'KC' and the contract's id in 32 upper-case
 * hexadecimal digits (34 characters: fits the 35-character concept of Spanish banking apps).
 */
export function contractPaymentReference(contractId: string): string {
  return `KC${contractId.replace(/-/g, '').toUpperCase()}`;
}

const KC_REFERENCE = /KC([0-9A-F]{32})/;
const UUID = /[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/;

/**
 * The contract id a line's text names, or null: the contract's payment reference ('KC' + 32 hex
 * digits, found anywhere, case, spaces and hyphens ignored, as banks split or lower-case a
 * concept) or, failing that, the contract id itself with its hyphens.
 */
export function findContractId(text: string): string | null {
  const upper = text.toUpperCase();
  const uuid = UUID.exec(upper);
  const compact = KC_REFERENCE.exec(upper.replace(/[\s-]/g, ''));
  const hex = compact?.[1] ?? uuid?.[0].replace(/-/g, '');
  if (!hex) return null;
  const h = hex.toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// Lines -------------------------------------------------------------------------------------------

export interface TParsedStatementLine {
  /** The line's number in the file (the header is line 1). */
  line: number;
  valueDate: string;
  amount: TScaled;
  reference: string;
  description: string;
  /** The contract the reference (or, failing that, the description) names. */
  contractId: string | null;
  /** How many identical lines came before this one in the file (0 for the first). */
  occurrence: number;
}

export type TLineErrorCode = 'date' | 'futureDate' | 'amount' | 'textTooLong' | 'columns';
export interface TLineError {
  line: number;
  code: TLineErrorCode;
}

/**
 * Reads a statement's records (the header first, as csv-parse gives them) into lines, or the
 * errors of every bad line. Empty records are skipped; a line whose amount is not positive (a
 * debit: money leaving the account) is kept out and counted in `ignored`.
 */
export function readStatement(
  records: readonly (readonly string[])[],
  today: string,
  firstLineNumber = 1,
): { lines: TParsedStatementLine[]; ignored: number; errors: TLineError[] } | { problem: THeaderProblem | { code: 'empty' } | { code: 'tooManyLines'; max: number } } {
  const [header, ...rows] = records;
  if (!header) return { problem: { code: 'empty' } };
  const mapped = mapColumns(header);
  if ('problem' in mapped) return mapped;
  const { map } = mapped;
  const lines: TParsedStatementLine[] = [];
  const errors: TLineError[] = [];
  const seen = new Map<string, number>();
  let ignored = 0;
  const width = Math.max(...COLUMN_NAMES.map((c) => map[c] ?? -1)) + 1;
  for (const [index, row] of rows.entries()) {
    const line = firstLineNumber + 1 + index;
    if (row.every((cell) => cell.trim() === '')) continue;
    if (row.length < width) {
      errors.push({ line, code: 'columns' });
      continue;
    }
    const cell = (c: TStatementColumn) => (map[c] === null ? '' : (row[map[c]!] ?? '').trim());
    const valueDate = parseStatementDate(cell('valueDate'));
    const amount = parseStatementAmount(cell('amount'));
    const reference = cell('reference');
    const description = cell('description');
    if (!valueDate) errors.push({ line, code: 'date' });
    else if (valueDate > today) errors.push({ line, code: 'futureDate' });
    if (amount === null) errors.push({ line, code: 'amount' });
    if (reference.length > MAX_STATEMENT_TEXT || description.length > MAX_STATEMENT_TEXT) errors.push({ line, code: 'textTooLong' });
    if (!valueDate || valueDate > today || amount === null || reference.length > MAX_STATEMENT_TEXT || description.length > MAX_STATEMENT_TEXT) continue;
    if (amount <= 0n) {
      ignored += 1;
      continue;
    }
    if (lines.length >= MAX_STATEMENT_LINES) return { problem: { code: 'tooManyLines', max: MAX_STATEMENT_LINES } };
    const identity = lineIdentity({ valueDate, amount, reference, description });
    const occurrence = seen.get(identity) ?? 0;
    seen.set(identity, occurrence + 1);
    lines.push({ line, valueDate, amount, reference, description, contractId: findContractId(reference) ?? findContractId(description), occurrence });
  }
  return { lines, ignored, errors };
}

/**
 * The text that identifies a received transfer: value date, amount, reference and description
 * (spaces collapsed). With its occurrence it makes the payment's key (hashed in the API), so
 * the same line imported again, from the same file or an overlapping statement, is the same
 * payment, and two identical transfers of one day are two payments.
 */
export function lineIdentity(line: { valueDate: string; amount: TScaled; reference: string; description: string }): string {
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
  return [line.valueDate, line.amount.toString(), squash(line.reference), squash(line.description)].join('\u001f');
}
