import { lazy, Suspense } from 'react';
import { LoadingScreen } from '../components/ui/loading-screen.tsx';

// Loaded on its own: the route's entry in the manifest every page loads (the landing's budget
// included) lists one chunk instead of the page's dozen.
const SecurityPage = lazy(() => import('../features/strong-auth/components/security-page.tsx').then((m) => ({ default: m.SecurityPage })));

export default function Route() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SecurityPage />
    </Suspense>
  );
}
