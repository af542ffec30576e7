import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../../lib/api-client.ts';
import { authenticatedCallsSettled, beginSessionEnd, setCsrfToken, setUnauthorizedHandler } from '../../../lib/session-gate.ts';
import { clearSession, getSession, saveSession, SESSION_STORAGE_KEY, type TSession } from '../../../lib/session.ts';
import { REVOKE_TIMEOUT_MS, useLogout } from './use-logout.ts';

const session: TSession = {
  userId: 'u1',
  identity: { id: 'u1', username: 'investor@kc.example', roles: ['INVESTOR'] },
  roles: ['INVESTOR'],
  expiryTime: 3_600_000,
  expiryDate: new Date(Date.now() + 3_600_000).toISOString(),
};

/** A fetch whose answers the test gives by hand, one per call, in the order of the calls. */
function manualFetch() {
  const calls: { url: string; authorization: string | undefined; csrf: string | undefined; body: string; answer: (status: number, body?: unknown) => void }[] = [];
  const fetchMock = vi.fn((url: string, init: RequestInit) => {
    return new Promise<Response>((resolve) => {
      const headers = init.headers as Record<string, string>;
      calls.push({
        url,
        authorization: headers['authorization'],
        csrf: headers['x-csrf-token'],
        body: typeof init.body === 'string' ? init.body : '',
        answer: (status, body) => resolve(new Response(body === undefined ? null : JSON.stringify(body), { status })),
      });
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function wrapper({ children }: { children: ReactNode }) {
  const router = createMemoryRouter([{ path: '*', element: children }], { initialEntries: ['/account'] });
  return <RouterProvider router={router} />;
}

beforeEach(() => saveSession(session, false, 'the-csrf'));
afterEach(() => {
  clearSession();
  setUnauthorizedHandler(undefined);
  vi.unstubAllGlobals();
});

describe('the session end gate (lib/session-gate.ts and the API client)', () => {
  it('holds an authenticated call made while the session ends, then cancels it without sending it', async () => {
    const calls = manualFetch();
    beginSessionEnd();
    const held = apiRequest('/api/users/me');
    await Promise.resolve();
    expect(calls).toHaveLength(0);
    clearSession();
    await expect(held).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(0);
  });

  it('lets the OAuth calls (the revocation) go at once', async () => {
    const calls = manualFetch();
    beginSessionEnd();
    const revoke = apiRequest('/oauth/revoke', { method: 'POST', form: { token: 'the-token' } });
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.answer(200);
    await expect(revoke).resolves.toBeUndefined();
  });

  it('settles once the calls already on the wire are answered, or after the wait', async () => {
    const calls = manualFetch();
    const onTheWire = apiRequest('/api/users/me');
    await waitFor(() => expect(calls).toHaveLength(1));
    let settled = false;
    void authenticatedCallsSettled(60_000).then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    calls[0]!.answer(200, { id: 'u1' });
    await onTheWire;
    await waitFor(() => expect(settled).toBe(true));

    vi.useFakeTimers();
    try {
      const another = apiRequest('/api/users/me');
      await vi.waitFor(() => expect(calls).toHaveLength(2));
      let gaveUp = false;
      void authenticatedCallsSettled(3_000).then(() => (gaveUp = true));
      await vi.advanceTimersByTimeAsync(2_999);
      expect(gaveUp).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(gaveUp).toBe(true);
      calls[1]!.answer(200, {});
      await another;
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('useLogout (Salir)', () => {
  it('revokes the token only once the calls already sent are answered, and cancels those made meanwhile', async () => {
    const calls = manualFetch();
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const { result } = renderHook(() => useLogout(), { wrapper });
    const onTheWire = apiRequest('/api/contracts');
    await waitFor(() => expect(calls).toHaveLength(1));

    act(() => result.current());
    // A reload or a page opened now starts logged out.
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    // A screen that mounts during the logout asks for its data: held, never sent.
    const madeMeanwhile = apiRequest('/api/notifications/stream-ticket', { method: 'POST' }).catch((error: unknown) => error);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.map((c) => c.url)).toEqual(['/api/contracts']);

    calls[0]!.answer(200, []);
    await onTheWire;
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual(['/api/contracts', '/oauth/revoke']));
    // The cookie session revokes itself: its CSRF token, never a token in the body.
    expect(calls[1]!.csrf).toBe('the-csrf');
    expect(new URLSearchParams(calls[1]!.body).has('token')).toBe(false);
    expect(getSession()).toBeDefined();
    calls[1]!.answer(200);
    await waitFor(() => expect(getSession()).toBeUndefined());
    expect(await madeMeanwhile).toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(2);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('revokes at once when the person leaves the page before the calls are answered', async () => {
    const calls = manualFetch();
    const { result } = renderHook(() => useLogout(), { wrapper });
    const onTheWire = apiRequest('/api/contracts').catch((error: unknown) => error);
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => result.current());
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.map((c) => c.url)).toEqual(['/api/contracts']);
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual(['/api/contracts', '/oauth/revoke']));
    // Sent once, whatever comes next.
    calls[0]!.answer(200, []);
    await onTheWire;
    calls[1]!.answer(200);
    await waitFor(() => expect(getSession()).toBeUndefined());
    expect(calls).toHaveLength(2);
  });

  it('ends the session here when the server never answers the revocation', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = manualFetch();
      const { result } = renderHook(() => useLogout(), { wrapper });
      act(() => result.current());
      await vi.waitFor(() => expect(calls.map((c) => c.url)).toEqual(['/oauth/revoke']));
      expect(getSession()).toBeDefined();
      await vi.advanceTimersByTimeAsync(REVOKE_TIMEOUT_MS);
      await vi.waitFor(() => expect(getSession()).toBeUndefined());
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a session that took the place of the one being ended', async () => {
    const calls = manualFetch();
    const { result } = renderHook(() => useLogout(), { wrapper });
    act(() => result.current());
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual(['/oauth/revoke']));
    // Someone signs in again before the revocation is answered.
    const next = { ...session, expiryDate: new Date(Date.now() + 7_200_000).toISOString() };
    saveSession(next, true, 'the-next-csrf');
    calls[0]!.answer(200);
    await new Promise((r) => setTimeout(r, 20));
    expect(getSession()?.expiryDate).toBe(next.expiryDate);
  });
});

describe('calls made while a session ends', () => {
  it('a held call ends at once when its own signal aborts', async () => {
    const calls = manualFetch();
    beginSessionEnd();
    const controller = new AbortController();
    const held = apiRequest('/api/users/me', { signal: controller.signal }).catch((error: unknown) => error);
    controller.abort();
    expect(await held).toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(0);
  });

  it('the identity of a new login is not held', async () => {
    const calls = manualFetch();
    beginSessionEnd();
    const identity = apiRequest('/api/users/identity', { newSession: true });
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.answer(200, { id: 'u1' });
    await expect(identity).resolves.toEqual({ id: 'u1' });
  });
});

describe('the cookie session\'s calls', () => {
  it('send no bearer; unsafe calls carry the CSRF token, reads do not', async () => {
    const calls = manualFetch();
    const read = apiRequest('/api/users/me');
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.answer(200, {});
    await read;
    const change = apiRequest('/api/notifications/read-all', { method: 'POST' });
    await waitFor(() => expect(calls).toHaveLength(2));
    calls[1]!.answer(200, {});
    await change;
    expect(calls.map((c) => [c.authorization, c.csrf])).toEqual([
      [undefined, undefined],
      [undefined, 'the-csrf'],
    ]);
  });

  it('after a reload, asks the identity for the CSRF token once before the first unsafe call', async () => {
    const calls = manualFetch();
    setCsrfToken(undefined);
    const first = apiRequest('/api/notifications/read-all', { method: 'POST' });
    const second = apiRequest('/api/notifications/read-all', { method: 'POST' });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe('/api/users/identity');
    calls[0]!.answer(200, { id: 'u1', csrfToken: 'fetched-csrf' });
    await waitFor(() => expect(calls).toHaveLength(3));
    calls[1]!.answer(200, {});
    calls[2]!.answer(200, {});
    await Promise.all([first, second]);
    expect(calls.slice(1).map((c) => c.csrf)).toEqual(['fetched-csrf', 'fetched-csrf']);
  });
});
