import './mantine-styles.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '../components/ui/loading-screen.tsx';
import { queryClient } from '../lib/query-client.ts';
import { useSession } from '../lib/session.ts';
// Field messages of every form (validation, accounts, calculator) as i18n namespaces.
import '../lib/translate-field-message.ts';
import { theme } from './theme.ts';

// Loaded only for a session whose password is temporary (rare): not in every page's code.
const TemporaryPasswordPage = lazy(() =>
  import('../features/users/components/temporary-password-page.tsx').then((m) => ({ default: m.TemporaryPasswordPage })),
);

/**
 * The layout route around every screen built with Mantine and TanStack Query (forms, the
 * investor area, the back office). The light pages (landing, FAQ, calculators) sit outside it,
 * so their first load carries neither (docs/decisions/0007). While the session's password is
 * temporary, every screen in it is the "choose a new password" screen.
 */
export default function MantineShell() {
  // A temporary password is replaced before anything else (the API refuses the rest meanwhile).
  const isTemporary = useSession()?.identity.isTemporalPassword === true;
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {isTemporary ? (
          <Suspense fallback={<LoadingScreen />}>
            <TemporaryPasswordPage />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </QueryClientProvider>
    </MantineProvider>
  );
}
