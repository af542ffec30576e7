import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_TEXT_VERSIONS } from '@kc/domain';
import { fakeFetch } from '../test/render-app.tsx';
import {
  applyRecordedCookieConsent,
  chooseCookies,
  COOKIE_CONSENT_KEY,
  COOKIE_CONSENT_UNRECORDED_KEY,
  onCookieConsentEvent,
  readCookieConsent,
  removeNonEssentialStorage,
} from './cookie-consent.ts';
import { consentChoiceFor, recordPendingCookieConsent, syncCookieConsentWithSession } from './cookie-consent-sync.ts';
import { clearSession, saveSession } from './session.ts';

const signIn = () =>
  saveSession(
    {
      userId: 'u1',
      identity: { id: 'u1', username: 'investor@kc.example', roles: ['INVESTOR'] },
      roles: ['INVESTOR'],
      expiryTime: 3_600_000,
      expiryDate: new Date(Date.now() + 3_600_000).toISOString(),
    },
    true,
    'csrf-test',
  );

const pending = () => JSON.parse(window.localStorage.getItem(COOKIE_CONSENT_UNRECORDED_KEY) ?? 'null') as unknown;
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as unknown;
const overview = (choice?: string) => ({ current: choice ? [{ purpose: 'cookies', choice }] : [], history: [] });

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  for (const name of document.cookie.split(';').map((p) => p.split('=')[0]!.trim()).filter(Boolean)) document.cookie = `${name}=; Max-Age=0; path=/`;
});

describe('removeNonEssentialStorage', () => {
  it('removes every cookie and every storage key that is not the app’s own (kc.*)', () => {
    document.cookie = '_ga=GA1.1.123; path=/';
    document.cookie = '_gid=GA1.1.456; path=/';
    window.localStorage.setItem('_ga_session', 'x');
    window.localStorage.setItem('kc.language', 'en');
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'rejected');
    window.sessionStorage.setItem('_gat', '1');
    window.sessionStorage.setItem('kc.userData', '{}');
    removeNonEssentialStorage();
    expect(document.cookie).toBe('');
    expect(Object.keys(window.localStorage).sort()).toEqual(['kc.cookieConsent', 'kc.language']);
    expect(Object.keys(window.sessionStorage)).toEqual(['kc.userData']);
  });
});

describe('consentChoiceFor', () => {
  it('records an acceptance as given, a rejection as withdrawn only after a given', () => {
    expect(consentChoiceFor('accepted', undefined)).toBe('given');
    expect(consentChoiceFor('accepted', 'withdrawn')).toBe('given');
    expect(consentChoiceFor('rejected', 'given')).toBe('withdrawn');
    expect(consentChoiceFor('rejected', 'refused')).toBe('refused');
    expect(consentChoiceFor('rejected', undefined)).toBe('refused');
  });
});

describe('chooseCookies', () => {
  it('keeps an anonymous choice in the browser only, waiting for a sign-in', async () => {
    const fetch = fakeFetch(() => ({ status: 500 }));
    await chooseCookies('accepted');
    expect(readCookieConsent()).toBe('accepted');
    expect(pending()).toEqual({ consent: 'accepted', version: CONSENT_TEXT_VERSIONS.cookies });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('records the waiting choice once a session exists, then forgets it', async () => {
    await chooseCookies('accepted');
    const fetch = fakeFetch(() => ({ status: 200, body: overview('given') }));
    const recorded = vi.fn();
    const off = onCookieConsentEvent(recorded);
    signIn();
    await recordPendingCookieConsent();
    off();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/users/me/consents');
    expect(init?.method).toBe('POST');
    // The session rides its cookie; the change carries its CSRF token.
    expect(new Headers(init?.headers).get('authorization')).toBeNull();
    expect(new Headers(init?.headers).get('x-csrf-token')).toBe('csrf-test');
    expect(bodyOf(init!)).toEqual({ purpose: 'cookies', choice: 'given', textVersion: CONSENT_TEXT_VERSIONS.cookies, source: 'cookieDialog' });
    expect(pending()).toBeNull();
    expect(recorded).toHaveBeenCalledWith('recorded');
  });

  it('for a signed-in person, a rejection after a recorded acceptance is a withdrawal, and removes non-essential storage', async () => {
    signIn();
    document.cookie = '_ga=GA1.1.123; path=/';
    const fetch = fakeFetch((url, init) => ({ status: 200, body: init.method === 'POST' ? overview('withdrawn') : overview('given') }));
    await chooseCookies('rejected');
    expect(document.cookie).toBe('');
    expect(fetch.mock.calls.map(([, init]) => init?.method ?? 'GET')).toEqual(['GET', 'POST']);
    expect(bodyOf(fetch.mock.calls[1]![1]!)).toMatchObject({ purpose: 'cookies', choice: 'withdrawn' });
    expect(readCookieConsent()).toBe('rejected');
    expect(pending()).toBeNull();
  });

  it('a rejection with nothing given is a refusal', async () => {
    signIn();
    const fetch = fakeFetch((url, init) => ({ status: 200, body: init.method === 'POST' ? overview('refused') : overview() }));
    await chooseCookies('rejected');
    expect(bodyOf(fetch.mock.calls[1]![1]!)).toMatchObject({ choice: 'refused' });
  });

  it('keeps the choice waiting when the API fails, and records it on the next try', async () => {
    signIn();
    fakeFetch(() => ({ status: 503, body: { code: 'databaseUnavailable' } }));
    await chooseCookies('accepted');
    expect(pending()).toEqual({ consent: 'accepted', version: CONSENT_TEXT_VERSIONS.cookies });
    expect(readCookieConsent()).toBe('accepted');
    const fetch = fakeFetch(() => ({ status: 200, body: overview('given') }));
    await recordPendingCookieConsent();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(pending()).toBeNull();
  });

  it('a choice on a text no longer in force is forgotten, and the dialog asks again', async () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
    window.localStorage.setItem(COOKIE_CONSENT_UNRECORDED_KEY, JSON.stringify({ consent: 'accepted', version: 'cookies-2020-01' }));
    fakeFetch(() => ({ status: 409, body: { code: 'consentTextOutdated', detail: 'outdated' } }));
    const events = vi.fn();
    const off = onCookieConsentEvent(events);
    signIn();
    await recordPendingCookieConsent();
    off();
    expect(readCookieConsent()).toBeUndefined();
    expect(pending()).toBeNull();
    expect(events).toHaveBeenCalledWith('open');
  });
});

describe('applyRecordedCookieConsent', () => {
  it('applies a choice the account page recorded and drops any waiting one', () => {
    window.localStorage.setItem(COOKIE_CONSENT_UNRECORDED_KEY, JSON.stringify({ consent: 'accepted', version: CONSENT_TEXT_VERSIONS.cookies }));
    window.localStorage.setItem('_ga_x', '1');
    applyRecordedCookieConsent('rejected');
    expect(readCookieConsent()).toBe('rejected');
    expect(pending()).toBeNull();
    expect(window.localStorage.getItem('_ga_x')).toBeNull();
  });
});

describe('syncCookieConsentWithSession', () => {
  const recorded = (choice: string, textVersion = CONSENT_TEXT_VERSIONS.cookies) => ({ current: [{ purpose: 'cookies', choice, textVersion }], history: [] });

  it('does nothing without a session, or when this browser already has a choice', async () => {
    const fetch = fakeFetch(() => ({ status: 200, body: recorded('given') }));
    await syncCookieConsentWithSession();
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'rejected');
    signIn();
    await syncCookieConsentWithSession();
    expect(fetch).not.toHaveBeenCalled();
    expect(readCookieConsent()).toBe('rejected');
  });

  it('adopts the person’s recorded choice on a browser that has none (given → accepted, withdrawn → rejected)', async () => {
    signIn();
    fakeFetch(() => ({ status: 200, body: recorded('given') }));
    await syncCookieConsentWithSession();
    expect(readCookieConsent()).toBe('accepted');
    window.localStorage.clear();
    fakeFetch(() => ({ status: 200, body: recorded('withdrawn') }));
    await syncCookieConsentWithSession();
    expect(readCookieConsent()).toBe('rejected');
  });

  it('does not adopt a choice made on an older text, nor anything when the API fails', async () => {
    signIn();
    fakeFetch(() => ({ status: 200, body: recorded('given', 'cookies-2020-01') }));
    await syncCookieConsentWithSession();
    expect(readCookieConsent()).toBeUndefined();
    fakeFetch(() => ({ status: 503, body: {} }));
    await syncCookieConsentWithSession();
    expect(readCookieConsent()).toBeUndefined();
  });

  it('records a waiting choice instead of adopting', async () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
    window.localStorage.setItem(COOKIE_CONSENT_UNRECORDED_KEY, JSON.stringify({ consent: 'accepted', version: CONSENT_TEXT_VERSIONS.cookies }));
    signIn();
    const fetch = fakeFetch(() => ({ status: 200, body: recorded('given') }));
    await syncCookieConsentWithSession();
    expect(fetch.mock.calls.map(([, init]) => init?.method ?? 'GET')).toEqual(['POST']);
    expect(pending()).toBeNull();
  });
});
