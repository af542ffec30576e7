/**
 * Validation and error messages travel as translation keys, so one zod schema serves both
 * languages and both sides (conventions, 5). A message may carry parameters:
 * `validation.between|min=0&max=120`. `encodeMessage` and `decodeMessage` are the only code
 * that knows this format.
 */
export type TMessageParams = Record<string, string | number>;

export function encodeMessage(key: string, params?: TMessageParams): string {
  if (!params || Object.keys(params).length === 0) return key;
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  return `${key}|${query.toString()}`;
}

export function decodeMessage(message: string): { key: string; params: Record<string, string> } {
  const bar = message.indexOf('|');
  if (bar < 0) return { key: message, params: {} };
  return {
    key: message.slice(0, bar),
    params: Object.fromEntries(new URLSearchParams(message.slice(bar + 1))),
  };
}
