import { isKnownWebPath } from '@kc/domain';

/** A return address from the market's buy screen, only when it is one of the app's market pages (no open redirect). */
export function marketReturnPath(value: string | null): string | undefined {
  if (!value || !value.startsWith('/market/') || value.includes('//') || !isKnownWebPath(value)) return undefined;
  return value;
}
