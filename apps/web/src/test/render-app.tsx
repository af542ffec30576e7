import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { theme } from '../app/theme.ts';

export interface TFakeResponse {
  status: number;
  body?: unknown;
}

/**
 * A fake fetch: each call answers with the first handler whose method and URL match (a
 * function may answer differently each time). Returns the mock, to read the calls made.
 */
export function fakeFetch(handler: (url: string, init: RequestInit) => TFakeResponse | Promise<TFakeResponse>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const { status, body } = await handler(String(input), init);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** Renders a screen inside Mantine, a fresh query cache and a memory router at `url` (pattern `path`). */
export function renderScreen(element: ReactElement, { url = '/', path = '*' }: { url?: string; path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, element }, { path: '*', element: <p>other page</p> }], { initialEntries: [url] });
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return router;
}
