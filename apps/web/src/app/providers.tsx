import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { changeLanguage, i18n, readStoredLanguage } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { restoreSession } from '../lib/session.ts';

/**
 * Query client, i18n and the session. The stored language and session are applied after the
 * first render, so the prerendered Spanish HTML hydrates without a mismatch.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => {
    restoreSession();
    const stored = readStoredLanguage();
    if (stored && stored !== i18n.language) void changeLanguage(stored);
  }, []);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}
