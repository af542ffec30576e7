import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CookieDialog } from '../components/layout/cookie-dialog.tsx';
import { Footer } from '../components/layout/footer.tsx';
import { Navbar } from '../components/layout/navbar.tsx';
import { useLogout } from '../features/auth/hooks/use-logout.ts';
import { useSessionExpiry } from '../features/auth/hooks/use-session-expiry.ts';

/**
 * The notifications bell, fetched only once someone is logged in: visitors of the budgeted public
 * pages never load it (docs/decisions/0007). If its chunk cannot be fetched the navbar does without.
 */
const NotificationBell = lazy(
  (): Promise<{ default: ComponentType }> =>
    import('../features/notifications/components/notification-bell.tsx').catch(() => ({ default: () => null })),
);

/** Skip link, navbar, the page, footer and the cookie dialog around every screen. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('layout');
  const logout = useLogout();
  useSessionExpiry();
  return (
    <>
      <a href="#main" className="kc-skip-link">
        {t('skipToContent')}
      </a>
      <Navbar
        onLogout={logout}
        bell={
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        }
      />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <CookieDialog />
    </>
  );
}
