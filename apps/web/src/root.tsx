import './app/base-styles.ts';
import './lib/zod-csp.ts';
import type { ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { COOKIE_CONSENT_SCRIPT } from './components/layout/cookie-dialog.tsx';
import { AppLayout } from './app/app-layout.tsx';
import { RouterErrorScreen } from './components/errors/router-error-screen.tsx';
import { LoadingScreen } from './components/ui/loading-screen.tsx';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="es" data-mantine-color-scheme="light" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f6b3a" />
        <link rel="icon" href="/web/favicon.svg" type="image/svg+xml" />
        <script dangerouslySetInnerHTML={{ __html: COOKIE_CONSENT_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <AppProviders>
      <AppLayout>
        <Outlet />
      </AppLayout>
    </AppProviders>
  );
}

export function HydrateFallback() {
  return <LoadingScreen />;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <RouterErrorScreen error={error} />;
}
