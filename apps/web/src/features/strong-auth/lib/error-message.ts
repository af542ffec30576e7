import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { serverSentence } from '../../../lib/problem-message.ts';
import { problemCode } from '../../../lib/strong-auth-bridge.ts';

/** Problem codes of issue 18 that the screens word themselves (both languages). */
const KNOWN_CODES = new Set(['invalidCode', 'tooManyAttempts', 'lastFactorRequired', 'passkeyUnavailable']);

/**
 * An error of a strong-authentication call as shown: the codes the screens know in their own
 * words, a 429 as too many attempts, a cancelled step-up with its reason, otherwise what the
 * server said (already in the page's language: an answer below 500 with a problem body), else a
 * generic sentence, never the transport's English (a network failure, a 5xx).
 */
export function strongAuthErrorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.generic', { ns: 'strongAuthScreens' });
  const { code } = problemCode(error.body);
  if (code && KNOWN_CODES.has(code)) return t(`errors.${code}`, { ns: 'strongAuthScreens' });
  if (error.status === 429) return t('errors.tooManyAttempts', { ns: 'strongAuthScreens' });
  return serverSentence(error) ?? t('errors.generic', { ns: 'strongAuthScreens' });
}
