import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFragmentToken } from './use-fragment-token.ts';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz_0123456789-abcd';

describe('useFragmentToken (the mailed links of the jobs board)', () => {
  it('reads the token, cleans the address bar, and gives it back to a remount of the page', async () => {
    window.history.replaceState(null, '', `/web/jobs/confirm-changes#token=${TOKEN}`);
    const first = renderHook(() => useFragmentToken());
    await waitFor(() => expect(first.result.current).toBe(TOKEN));
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/web/jobs/confirm-changes');
    first.unmount();
    // The session loading around the page remounts it: the fragment is gone, the token is not.
    const second = renderHook(() => useFragmentToken());
    await waitFor(() => expect(second.result.current).toBe(TOKEN));
  });

  it('is null on another page without a token, and for a malformed one', async () => {
    window.history.replaceState(null, '', '/web/jobs/withdraw');
    const none = renderHook(() => useFragmentToken());
    await waitFor(() => expect(none.result.current).toBeNull());
    window.history.replaceState(null, '', '/web/jobs/withdraw#token=short');
    const bad = renderHook(() => useFragmentToken());
    await waitFor(() => expect(bad.result.current).toBeNull());
  });
});
