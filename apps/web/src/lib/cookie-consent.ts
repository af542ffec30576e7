import { CONSENT_TEXT_VERSIONS } from '@kc/domain/consents/versions.ts';
import { getSession } from './session.ts';

/**
 * The visitor's cookie choice (issue 16, consent records; docs/decisions/0028).
 *
 * - The choice is kept in the browser (`kc.cookieConsent`: 'accepted' | 'rejected').
 * - For a signed-in person it is also recorded by the API (`POST /api/users/me/consents`,
 *   purpose cookies, source cookieDialog, the text version the dialog showed). A choice made
 *   while nobody is signed in (or whose recording failed) waits in `kc.cookieConsentUnrecorded`
 *   and is recorded as soon as a session exists (sign-in, or the next page load of a session).
 *   The requests live in `cookie-consent-sync.ts`, loaded only once someone is signed in: a
 *   visitor's pages carry only this file (it is in every page's shell chunk).
 * - Rejecting (or withdrawing) removes what non-essential technology may have stored: every
 *   cookie the page can reach (the app itself sets none) and every storage key that is not the
 *   app's own. The app's own keys all start with `kc.` and are all essential: the session
 *   (`kc.userData`), the language chosen (`kc.language`), this choice and its pending record,
 *   and what the hiring screen keeps of a Contratar the person pressed (`kc.hireDraft`,
 *   `kc.hireIdempotency`). Nothing else is stored before consent (e2e/tests/consents.spec.ts).
 */
export const COOKIE_CONSENT_KEY = 'kc.cookieConsent';
export const COOKIE_CONSENT_UNRECORDED_KEY = 'kc.cookieConsentUnrecorded';
export type TCookieConsent = 'accepted' | 'rejected';

/** The API's consents address (the account page's section uses the same one). */
export const CONSENTS_API = '/api/users/me/consents';

/** The essential keys' prefix: everything the app itself stores. */
export const ESSENTIAL_STORAGE_PREFIX = 'kc.';

const isConsent = (value: unknown): value is TCookieConsent => value === 'accepted' || value === 'rejected';

export function readCookieConsent(): TCookieConsent | undefined {
  try {
    const value = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    return isConsent(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Deletes every cookie the page can see, on every path and domain it may have been set for. */
function removeCookies(): void {
  const names = document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter(Boolean);
  if (names.length === 0) return;
  const host = window.location.hostname;
  const parts = host.split('.');
  // The host and each parent domain (a tag sets its cookie on the registrable domain, e.g. .kc.example).
  const domains = ['', ...parts.map((_, i) => parts.slice(i).join('.')).filter((d) => d.includes('.') || d === host)];
  const segments = window.location.pathname.split('/').filter(Boolean);
  const cookiePaths = ['/', ...segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`)];
  for (const name of names) {
    for (const domain of domains) {
      for (const path of cookiePaths) {
        document.cookie = `${name}=; Max-Age=0; path=${path}${domain ? `; domain=${domain}` : ''}`;
      }
    }
  }
}

function removeForeignKeys(storage: Storage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null && !key.startsWith(ESSENTIAL_STORAGE_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/** Removes non-essential cookies and storage (after a rejection or a withdrawal). */
export function removeNonEssentialStorage(): void {
  try {
    removeCookies();
  } catch {
    // Cookies may be disabled: then there are none to remove.
  }
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      removeForeignKeys(window[name]);
    } catch {
      // Storage unavailable: nothing stored to remove.
    }
  }
}

type TListener = (event: 'changed' | 'open' | 'recorded') => void;
const listeners = new Set<TListener>();

export function emitCookieConsentEvent(event: Parameters<TListener>[0]): void {
  listeners.forEach((l) => l(event));
}

export function onCookieConsentEvent(listener: TListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the cookie dialog again (the footers' "Cookie settings" link, the cookie policy's button). */
export function openCookieSettings(): void {
  listeners.forEach((l) => l('open'));
}

/**
 * Keeps `consent` in this browser (and removes non-essential storage when it is a rejection),
 * without recording it anywhere else (the account page records through its own request).
 */
export function applyCookieConsent(consent: TCookieConsent): void {
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, consent);
  } catch {
    // Without storage the dialog shows again on the next visit.
  }
  if (consent === 'rejected') removeNonEssentialStorage();
  listeners.forEach((l) => l('changed'));
}

/** A choice the API has just recorded (the account page): applied here, and nothing left waiting. */
export function applyRecordedCookieConsent(consent: TCookieConsent): void {
  writeUnrecorded(undefined);
  applyCookieConsent(consent);
}

interface TUnrecorded {
  consent: TCookieConsent;
  /** The cookie text's version the dialog showed. */
  version: string;
}

export function readUnrecorded(): TUnrecorded | undefined {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(COOKIE_CONSENT_UNRECORDED_KEY) ?? 'null') as Partial<TUnrecorded> | null;
    if (!parsed || !isConsent(parsed.consent) || typeof parsed.version !== 'string') return undefined;
    return { consent: parsed.consent, version: parsed.version };
  } catch {
    return undefined;
  }
}

export function writeUnrecorded(value: TUnrecorded | undefined): void {
  try {
    if (value) window.localStorage.setItem(COOKIE_CONSENT_UNRECORDED_KEY, JSON.stringify(value));
    else window.localStorage.removeItem(COOKIE_CONSENT_UNRECORDED_KEY);
  } catch {
    // Without storage an anonymous choice cannot wait for a sign-in.
  }
}

/**
 * The dialog's choice: kept in the browser, and recorded for the signed-in person (or kept
 * waiting for a sign-in).
 */
export async function chooseCookies(consent: TCookieConsent): Promise<void> {
  applyCookieConsent(consent);
  writeUnrecorded({ consent, version: CONSENT_TEXT_VERSIONS.cookies });
  if (!getSession()) return;
  try {
    const { recordPendingCookieConsent } = await import('./cookie-consent-sync.ts');
    await recordPendingCookieConsent();
  } catch {
    // Its code could not be fetched: the choice stays waiting for the next page load.
  }
}
