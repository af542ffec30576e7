import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getSession, restoreSession, saveSession, SESSION_STORAGE_KEY } from './session.ts';
import { currentCsrfToken, currentSessionKey } from './session-gate.ts';

const session = {
  userId: 'u1',
  identity: { id: 'u1', username: 'investor@kc.example', roles: ['INVESTOR'] },
  roles: ['INVESTOR'],
  expiryTime: 3_600_000,
  expiryDate: new Date(Date.now() + 3_600_000).toISOString(),
};

afterEach(() => {
  clearSession();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('the stored session', () => {
  it('keeps no credential: the CSRF token stays in memory, never in storage', () => {
    saveSession(session, true, 'csrf-1');
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual(session);
    expect(currentCsrfToken()).toBe('csrf-1');
    clearSession();
    expect(currentCsrfToken()).toBeUndefined();
    expect(currentSessionKey()).toBeUndefined();
  });

  it('drops the access token of a session stored by an older version, and keeps the rest', () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...session, token: 'old-bearer-token' }));
    expect(restoreSession()).toEqual(session);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).not.toContain('old-bearer-token');
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual(session);
    expect(getSession()).not.toHaveProperty('token');
    expect(currentSessionKey()).toBeDefined();
  });
});
