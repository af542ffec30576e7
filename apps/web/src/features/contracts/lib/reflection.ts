import type { TContractState, TReflectionInfo } from '@kc/domain';

/**
 * What is left of a contract's reflection period at `now`, in milliseconds (decision 0026), or
 * null when it is not open: the contract is no longer NEW, the investor waived it, or it ended.
 */
export function reflectionRemaining(state: TContractState, info: TReflectionInfo | undefined, now: Date): number | null {
  if (state !== 'NEW' || !info || info.waivedAt !== null) return null;
  const left = Date.parse(info.endsAt) - now.getTime();
  return left > 0 ? left : null;
}

/**
 * The period's last minute, in Madrid time and the reader's language ("14 de enero de 2026 a las 23:59"):
 * the period ends at 00:00 of the next day, which people read as "until the end of the 14th".
 */
export function formatReflectionEnd(endsAt: string, language: 'es' | 'en'): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Madrid' }).format(
    new Date(Date.parse(endsAt) - 60_000),
  );
}

/** An instant in Madrid time, in the reader's language (when a waiver was given). */
export function formatMadridInstant(at: string, language: 'es' | 'en'): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Madrid' }).format(new Date(at));
}

export const languageOf = (language: string): 'es' | 'en' => (language.startsWith('en') ? 'en' : 'es');
