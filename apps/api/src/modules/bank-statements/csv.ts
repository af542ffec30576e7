import { parse } from 'csv-parse/sync';
import { MAX_STATEMENT_BYTES, MAX_STATEMENT_LINES, detectDelimiter } from '@kc/domain';
import { AppError } from '../../lib/app-error.ts';

/**
 * A statement file's bytes into records (rows of cells), with csv-parse: UTF-8 with or without
 * a BOM, ';' or ',' as separator (the header line decides), quotes as RFC 4180. A file that is
 * not UTF-8 text, not CSV, empty or too large is a problem, and nothing is read from it.
 */
export function readCsvRecords(body: Buffer): string[][] {
  if (body.length === 0) throw new AppError(400, 'statementEmpty');
  if (body.length > MAX_STATEMENT_BYTES) throw new AppError(413, 'statementTooLarge', { max: `${MAX_STATEMENT_BYTES / 1024 / 1024} MB` });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    throw new AppError(400, 'statementNotCsv');
  }
  // Binary data that happens to be valid UTF-8 (NUL and other control characters) is not a statement.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) throw new AppError(400, 'statementNotCsv');
  if (text.trim() === '') throw new AppError(400, 'statementEmpty');
  const firstLine = text.slice(0, Math.max(0, text.search(/\r?\n/)) || text.length);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(firstLine),
      relax_column_count: true,
      skip_empty_lines: true,
      bom: true,
      to_line: MAX_STATEMENT_LINES + 1000,
    }) as string[][];
  } catch {
    throw new AppError(400, 'statementNotCsv');
  }
  if (records.length > 0 && records[0]!.length < 2) throw new AppError(400, 'statementNotCsv');
  return records;
}
