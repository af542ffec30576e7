import { lazy, Suspense } from 'react';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';

/**
 * The calculator screen is loaded as its own chunk after the shell (first-load budget, see
 * bench/README.md). Its prerendered HTML is complete, so the page reads and looks the same
 * before the chunk arrives; React hydrates the screen when it does (no mismatch: a suspended
 * boundary keeps the server HTML meanwhile). On a client-side navigation the loading state
 * shows for the moment it takes; the list page starts the download on hover and focus.
 */
const load = () => import('./calculator-page.tsx');
const CalculatorPage = lazy(load);

export function preloadCalculatorPage(): void {
  void load();
}

export function LazyCalculatorPage({ planId }: { planId: string | undefined }) {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <CalculatorPage key={planId} planId={planId} />
    </Suspense>
  );
}
