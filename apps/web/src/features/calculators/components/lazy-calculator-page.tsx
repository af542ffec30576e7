import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PLAN_IDS } from '@kc/domain';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import '../i18n.ts';

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

/**
 * The page's title and description stay outside the suspended boundary, so they are in the
 * document from the first paint to the end, whatever the boundary is doing.
 */
function CalculatorPageMeta({ planId }: { planId: string | undefined }) {
  const { t } = useTranslation('calculators');
  if (!planId || !(PLAN_IDS as readonly string[]).includes(planId)) {
    return <PageMeta title={`${t('list.heading')} | KC`} description={t('list.metaDescription')} />;
  }
  const title = t(`plans.${planId}.title`);
  return <PageMeta title={`${title} | KC`} description={t('page.metaDescription', { title })} />;
}

export function LazyCalculatorPage({ planId }: { planId: string | undefined }) {
  return (
    <>
      <CalculatorPageMeta planId={planId} />
      <Suspense fallback={<LoadingScreen />}>
        <CalculatorPage key={planId} planId={planId} />
      </Suspense>
    </>
  );
}
