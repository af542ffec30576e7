/**
 * Whether a database error was caused by a value of the request that PostgreSQL cannot take
 * (SQLSTATE class 22, data exception: a NUL character in text, text that is not a valid uuid,
 * number or date for its column, a number out of range, a string too long for its column).
 * Schemas should refuse such values first; this is the net under them, so a value that slips
 * through answers 400, never 500.
 */
const SQLSTATES = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22021', // character_not_in_repertoire (a NUL byte in text)
  '22P02', // invalid_text_representation (e.g. 'abc'::uuid)
  '22P05', // untranslatable_character
]);

export function isBadInputForDatabase(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && SQLSTATES.has(code)) return true;
  }
  return false;
}
