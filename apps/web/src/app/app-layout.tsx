import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CookieDialog } from '../components/layout/cookie-dialog.tsx';
import { Footer } from '../components/layout/footer.tsx';
import { Navbar } from '../components/layout/navbar.tsx';
import { useLogout } from '../features/auth/hooks/use-logout.ts';
import { useSessionExpiry } from '../features/auth/hooks/use-session-expiry.ts';
import { useSession } from '../lib/session.ts';

/**
 * The notifications bell, fetched only once someone is logged in: visitors of the budgeted public
 * pages never load it (docs/decisions/0007). If its chunk cannot be fetched the navbar does without.
 */
const NotificationBell = lazy(
  (): Promise<{ default: ComponentType }> =>
    import('../features/notifications/components/notification-bell.tsx').catch(() => ({ default: () => null })),
);

/**
 * The public jobs board (/jobs and below) has a header and footer of its own (features/jobs
 * JobsFrame: Jobs, Company, Contact, Login, language; the legal links), in place of the site's.
 */
const hasOwnFrame = (pathname: string) => pathname === '/jobs' || pathname.startsWith('/jobs/');

/** Skip link, navbar, the page, footer and the cookie dialog around every screen. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('layout');
  const logout = useLogout();
  useSessionExpiry();
  const ownFrame = hasOwnFrame(useLocation().pathname);
  // Once a session exists: a cookie choice made before signing in (or not yet recorded) is
  // recorded; with no choice in this browser, the person's recorded one is adopted.
  const userId = useSession()?.userId;
  useEffect(() => {
    // Loaded only for a session (visitors' pages do not carry it); a failed fetch tries again next load.
    if (userId) void import('../lib/cookie-consent-sync.ts').then((m) => m.syncCookieConsentWithSession()).catch(() => undefined);
  }, [userId]);
  return (
    <>
      <a href="#main" className="kc-skip-link">
        {t('skipToContent')}
      </a>
      {ownFrame ? null : (
        <Navbar
          onLogout={logout}
          bell={
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          }
        />
      )}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {ownFrame ? null : <Footer />}
      <CookieDialog />
    </>
  );
}
