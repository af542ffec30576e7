import type { TFuzzRequest } from './requests.ts';

/**
 * What an answer must never show: stack frames, file paths, SQL and database errors, the names
 * of the libraries underneath. A match that is only the request's own text echoed back (an
 * unknown company id, a path) does not count.
 */
const LEAK_PATTERNS: RegExp[] = [
  /\n\s+at /,
  /\bat (Object|async|Module|new|process)\b/,
  /node_modules|node:internal/,
  /\/(src|dist|test|home|root|usr|work|tmp)\/\S+/,
  /\.(ts|js|mjs|cjs):\d+/,
  /\b(select|insert into|delete from|update)\b[^.]{0,80}\b(from|values|set|where)\b/i,
  /syntax error|invalid input (syntax|value)|violates|duplicate key|relation "|column "|operator does not exist|out of range for type|invalid byte sequence|unterminated|null character|\b(22P02|22003|22021|23505|23503|42P01)\b/i,
  /\b(postgres(ql)?|pglite|kysely|zod|fastify|fast-json-stringify|find-my-way|pg-pool|argon2|ajv|ioredis|nodemailer)\b/i,
  /\bFST_[A-Z_]+|\bERR_[A-Z_]{3,}|\bE(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT)\b/,
  /\b(TypeError|RangeError|ReferenceError|SyntaxError|AggregateError)\b|Unexpected token|Maximum call stack|is not a function|Cannot read propert/i,
];

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function leakIn(text: string, request: TFuzzRequest): string | undefined {
  const sent = `${request.url} ${JSON.stringify(request.headers)} ${request.payload ?? ''}`;
  let decoded = sent;
  try {
    decoded = decodeURIComponent(sent);
  } catch {
    // Kept as sent.
  }
  for (const pattern of LEAK_PATTERNS) {
    const match = pattern.exec(text);
    if (match && !sent.includes(match[0]) && !decoded.includes(match[0])) return match[0];
  }
  return undefined;
}

export interface TAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** The rules every answer keeps; returns what is wrong, or undefined. */
export function checkAnswer(request: TFuzzRequest, answer: TAnswer): string | undefined {
  const status = answer.statusCode;
  if (status >= 500) return `answered ${status}: ${answer.body.slice(0, 300)}`;
  const contentType = String(answer.headers['content-type'] ?? '');
  if (status === 204 || request.method === 'HEAD') return answer.body === '' ? undefined : `a ${status} with a body`;
  // An opened notification stream: its first event is `ready` (fuzz-suite.ts reads no further).
  if (status === 200 && contentType.startsWith('text/event-stream')) {
    return /(^|\n)event: ready\n/.test(answer.body) ? undefined : `an event stream that does not open with ready: ${answer.body.slice(0, 200)}`;
  }
  // Documents (issue 15): a document is a PDF, an export a CSV with its byte order mark.
  if (status === 200 && contentType === 'application/pdf') return answer.body.startsWith('%PDF-') ? undefined : 'a PDF answer that is not a PDF';
  if (status === 200 && contentType.startsWith('text/csv')) return answer.body.startsWith('\uFEFF') ? undefined : 'a CSV answer without its byte order mark';
  // The personal data export (issue 16): a ZIP archive (local file header "PK").
  if (status === 200 && contentType === 'application/zip') return answer.body.startsWith('PK') ? undefined : 'a ZIP answer that is not a ZIP';
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `answered ${status} with a body that is not JSON (${contentType}): ${answer.body.slice(0, 200)}`;
  }
  if (status < 400) return contentType.startsWith('application/json') ? undefined : `a ${status} answer as ${contentType}`;

  const path = request.url.split('?')[0] ?? '';
  if (path.startsWith('/oauth/')) {
    if (!contentType.startsWith('application/json')) return `an OAuth error as ${contentType}`;
    if (!isRecord(body) || typeof body['error'] !== 'string' || typeof body['error_description'] !== 'string') {
      return `an OAuth error without {error, error_description}: ${answer.body.slice(0, 300)}`;
    }
  } else {
    if (!contentType.startsWith('application/problem+json')) return `a ${status} answer as ${contentType}, not a problem`;
    if (
      !isRecord(body) ||
      typeof body['type'] !== 'string' ||
      typeof body['title'] !== 'string' ||
      typeof body['detail'] !== 'string' ||
      typeof body['code'] !== 'string' ||
      body['status'] !== status
    ) {
      return `a ${status} answer that is not a problem: ${answer.body.slice(0, 300)}`;
    }
  }
  const leak = leakIn(answer.body, request);
  return leak ? `a ${status} answer shows internals (“${leak}”): ${answer.body.slice(0, 300)}` : undefined;
}
