import './mantine-styles.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { paths } from '@kc/domain/http/paths.ts';
import { mustEnrolSecondFactor } from '@kc/domain/strong-auth/rules.ts';
import { LoadingScreen } from '../components/ui/loading-screen.tsx';
import { queryClient } from '../lib/query-client.ts';
import { useSession } from '../lib/session.ts';
import { useEnrolmentRequired } from '../lib/strong-auth-bridge.ts';
// Field messages of every form (validation, accounts, calculator) as i18n namespaces.
import '../lib/translate-field-message.ts';
import { theme } from './theme.ts';

// Loaded only for a session whose password is temporary (rare): not in every page's code.
const TemporaryPasswordPage = lazy(() =>
  import('../features/users/components/temporary-password-page.tsx').then((m) => ({ default: m.TemporaryPasswordPage })),
);

// Strong authentication (issue 18), loaded only for a session: the step-up dialog, and for staff
// the status read behind the enrolment gate; the gate's page only when it applies.
const StrongAuthSession = lazy(() => import('../features/strong-auth/components/strong-auth-session.tsx'));
const EnrolmentRequiredPage = lazy(() =>
  import('../features/strong-auth/components/enrolment-required-page.tsx').then((m) => ({ default: m.EnrolmentRequiredPage })),
);

/**
 * Where a staff member without a second factor may still go: their account, the security page
 * where they enrol, and the public pages. Everything else shows the enrolment page instead.
 */
const OPEN_WITHOUT_FACTOR = new Set<string>([
  paths.account.path,
  paths.accountSecurity.path,
  paths.login.path,
  paths.setPassword.path,
  paths.resetPassword.path,
  paths.forgotPassword.path,
]);
const isOpenWithoutFactor = (pathname: string) => OPEN_WITHOUT_FACTOR.has(pathname.replace(/\/+$/, '')) || pathname.startsWith('/home');

/**
 * The layout route around every screen built with Mantine and TanStack Query (forms, the
 * investor area, the back office). The light pages (landing, FAQ, calculators) sit outside it,
 * so their first load carries neither (docs/decisions/0007). While the session's password is
 * temporary, every screen in it is the "choose a new password" screen; while a staff member has
 * no second factor, every back-office screen is the enrolment page (issue 18).
 */
export default function MantineShell() {
  // A temporary password is replaced before anything else (the API refuses the rest meanwhile).
  const session = useSession();
  const isTemporary = session?.identity.isTemporalPassword === true;
  const { pathname } = useLocation();
  const enrolmentRequired = useEnrolmentRequired();
  const isBackOffice = session !== undefined && !isOpenWithoutFactor(pathname);
  const isGated = isBackOffice && enrolmentRequired === true;
  // A staff session's first screen waits for the status, so a person who must enrol never sees a refused screen first.
  const isChecking = isBackOffice && enrolmentRequired === undefined && mustEnrolSecondFactor(session.roles);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {isTemporary ? (
          <Suspense fallback={<LoadingScreen />}>
            <TemporaryPasswordPage />
          </Suspense>
        ) : isChecking ? (
          <LoadingScreen />
        ) : isGated ? (
          <Suspense fallback={<LoadingScreen />}>
            <EnrolmentRequiredPage />
          </Suspense>
        ) : (
          <Outlet />
        )}
        {session && !isTemporary ? (
          <Suspense fallback={null}>
            <StrongAuthSession />
          </Suspense>
        ) : null}
      </QueryClientProvider>
    </MantineProvider>
  );
}
