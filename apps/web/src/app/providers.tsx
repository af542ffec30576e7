import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { changeLanguage, i18n, readStoredLanguage } from '../lib/i18n.ts';
import { restoreSession } from '../lib/session.ts';

/**
 * i18n and the session, around every page. The stored language and session are applied after
 * the first render, so the prerendered Spanish HTML hydrates without a mismatch. The data cache
 * and Mantine live in the Mantine shell (app/mantine-shell.tsx), not here: the light pages do
 * without them (docs/decisions/0007).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => {
    // The page is interactive from here on (end-to-end tests wait for this mark).
    document.documentElement.setAttribute('data-kc-hydrated', '');
    restoreSession();
    const stored = readStoredLanguage();
    if (stored && stored !== i18n.language) void changeLanguage(stored);
  }, []);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
