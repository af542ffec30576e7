/**
 * The specification's error catalogue (section 8) as one pure function, used by every screen.
 *
 * Login alert, by priority:
 *  1. `error_description` from the server;
 *  2. a typed error with a field list: 'Existen errores en el formulario' plus per-field details;
 *  3. a typed error: its `detail`, otherwise its `message`;
 *  4. no response: 'Operation could not be performed!' followed by the error message;
 *  5. HTTP 500: 'Server returns error!' followed by the message;
 *  6. otherwise: 'Something went wrong!, ' followed by the message.
 * The general rule (cities lookup and the rest) is the same list without 2, 4 and 5.
 */
export interface TErrorInput {
  /** The parsed answer body, when the server answered. */
  body?: unknown;
  /** The HTTP status, when the server answered. */
  status?: number;
  /** The transport or general message (e.g. 'Failed to fetch', 'Request failed with status 404'). */
  message: string;
  /** True when no answer arrived at all (network down, CORS, aborted). */
  isNetworkError?: boolean;
}

export interface TExtractedError {
  message: string;
  fields: { field: string; message: string }[];
}

export const FORM_ERRORS_HEADLINE = 'Existen errores en el formulario';

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

function fieldList(body: Loose): { field: string; message: string }[] {
  const raw = body['errors'] ?? body['fieldErrors'];
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(isObject)
    .map((e) => ({ field: String(e['field'] ?? ''), message: String(e['message'] ?? '') }))
    .filter((e) => e.field !== '');
}

/** The login alert's full priority list. */
export function extractLoginError(input: TErrorInput): TExtractedError {
  const body = isObject(input.body) ? input.body : undefined;
  const description = body && str(body['error_description']);
  if (description) return { message: description, fields: [] };
  if (body && 'type' in body) {
    const fields = fieldList(body);
    if (fields.length > 0) {
      return { message: FORM_ERRORS_HEADLINE, fields };
    }
    const text = str(body['detail']) ?? str(body['message']);
    if (text) return { message: text, fields: [] };
  }
  if (input.isNetworkError || input.status === undefined) {
    return { message: `Operation could not be performed! ${input.message}`, fields: [] };
  }
  if (input.status === 500) return { message: `Server returns error! ${input.message}`, fields: [] };
  return { message: `Something went wrong!, ${input.message}`, fields: [] };
}

/** The general extraction rule used by every other screen. */
export function extractErrorMessage(input: TErrorInput): TExtractedError {
  const body = isObject(input.body) ? input.body : undefined;
  const description = body && str(body['error_description']);
  if (description) return { message: description, fields: [] };
  if (body && 'type' in body) {
    const text = str(body['detail']) ?? str(body['message']);
    if (text) return { message: text, fields: fieldList(body) };
  }
  return { message: `Something went wrong!, ${input.message}`, fields: [] };
}
