import { CONSENT_TEXT_VERSIONS } from '@kc/domain/consents/versions.ts';
import { apiRequest, ApiError } from './api-client.ts';
import {
  applyCookieConsent,
  COOKIE_CONSENT_KEY,
  CONSENTS_API,
  emitCookieConsentEvent,
  readCookieConsent,
  readUnrecorded,
  writeUnrecorded,
  type TCookieConsent,
} from './cookie-consent.ts';
import { getSession } from './session.ts';

/**
 * The cookie choice and the API, for a signed-in person (docs/decisions/0028): recording a
 * waiting choice, and adopting the recorded one on a browser without any. Loaded with `import()`
 * once someone is signed in, so visitors' pages do not carry it.
 */
interface TCookieRecordView {
  current: { purpose: string; choice: string; textVersion: string }[];
}

/**
 * What the API should record for the choice: an acceptance is "given"; a rejection is
 * "withdrawn" when the person's current record is "given", else "refused".
 */
export function consentChoiceFor(consent: TCookieConsent, currentChoice: string | undefined): 'given' | 'refused' | 'withdrawn' {
  if (consent === 'accepted') return 'given';
  return currentChoice === 'given' ? 'withdrawn' : 'refused';
}

let inFlight: Promise<void> | undefined;

/**
 * Records the waiting choice for the signed-in person, if any (a rejection is asked about the
 * current record first, to tell a withdrawal from a refusal). A text that is no longer in force
 * is not recorded: the choice is forgotten, so the dialog asks again on the new text. Another
 * failure keeps it waiting for the next try (the next page load or sign-in).
 */
export async function recordPendingCookieConsent(): Promise<void> {
  // A choice made while another was being recorded is recorded after it.
  while (inFlight) await inFlight;
  const pending = readUnrecorded();
  if (!pending || !getSession()) return;
  inFlight = recordOne(pending);
  try {
    await inFlight;
  } finally {
    inFlight = undefined;
  }
}

async function recordOne(pending: { consent: TCookieConsent; version: string }): Promise<void> {
  try {
    let current: string | undefined;
    if (pending.consent === 'rejected') {
      const overview = await apiRequest<TCookieRecordView>(CONSENTS_API);
      current = overview.current.find((record) => record.purpose === 'cookies')?.choice;
    }
    await apiRequest(CONSENTS_API, {
      method: 'POST',
      body: { purpose: 'cookies', choice: consentChoiceFor(pending.consent, current), textVersion: pending.version, source: 'cookieDialog' },
    });
    // Only if no newer choice was made meanwhile (that one is recorded next).
    if (readUnrecorded()?.consent === pending.consent) writeUnrecorded(undefined);
    emitCookieConsentEvent('recorded');
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && codeOf(error) === 'consentTextOutdated') {
      writeUnrecorded(undefined);
      try {
        window.localStorage.removeItem(COOKIE_CONSENT_KEY);
      } catch {
        // Nothing stored.
      }
      emitCookieConsentEvent('open');
    }
    // Another failure (offline, 5xx): it stays waiting for the next page load or sign-in.
  }
}

/**
 * What a session needs once it exists: a waiting choice is recorded; with no choice in this
 * browser at all, the person's recorded one (on the text in force) is adopted, so a new device
 * does not ask again what they already answered. Otherwise nothing is asked of the API.
 */
export async function syncCookieConsentWithSession(): Promise<void> {
  if (!getSession()) return;
  if (readUnrecorded()) return recordPendingCookieConsent();
  if (readCookieConsent() !== undefined) return;
  try {
    const overview = await apiRequest<TCookieRecordView>(CONSENTS_API);
    const record = overview.current.find((r) => r.purpose === 'cookies');
    if (!record || record.textVersion !== CONSENT_TEXT_VERSIONS.cookies || readCookieConsent() !== undefined) return;
    applyCookieConsent(record.choice === 'given' ? 'accepted' : 'rejected');
  } catch {
    // Offline or refused: the dialog simply stays until the person chooses.
  }
}

function codeOf(error: ApiError): string | undefined {
  const body = error.body as { code?: unknown } | undefined;
  return typeof body?.code === 'string' ? body.code : undefined;
}

