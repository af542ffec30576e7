import { useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DEFAULT_LANGUAGE, paths, PLAN_IDS, type TPlanId } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import '../i18n.ts';
import { fromSearchParams } from '../lib/form-state.ts';
import { Calculator, type TCalculatorInitial } from './calculator.tsx';
import './calculator.css';

/** The base year (decisions.md): the current calendar year in UTC. */
export function currentUtcYear(): number {
  return new Date().getUTCFullYear();
}

const BASE_YEAR_ATTRIBUTE = 'data-kc-base-year';

/** The base year the prerendered HTML was built with (read while hydrating it). */
function readRenderedYear(): number {
  const year = Number(document.querySelector(`[${BASE_YEAR_ATTRIBUTE}]`)?.getAttribute(BASE_YEAR_ATTRIBUTE));
  return Number.isInteger(year) && year > 0 ? year : currentUtcYear();
}

const subscribeNever = () => () => {};

/**
 * While the prerendered HTML is rendered or hydrated: the year it was built with (so the markup
 * matches); afterwards null, meaning "now". The query of the address is read only after
 * hydration too, since the HTML was built without one.
 */
function useRenderedYear(): number | null {
  return useSyncExternalStore(
    subscribeNever,
    () => null,
    () => (typeof document === 'undefined' ? currentUtcYear() : readRenderedYear()),
  );
}

function isPlanId(id: string | undefined): id is TPlanId {
  return (PLAN_IDS as readonly string[]).includes(id ?? '');
}

/** The page's title and description (the list's when the id names no plan). */
function CalculatorPageMeta({ planId, language }: { planId: string | undefined; language: string }) {
  const { t } = useTranslation('calculators', { lng: language });
  if (!isPlanId(planId)) {
    return <PageMeta title={`${t('list.heading')} | KC`} description={t('list.metaDescription')} />;
  }
  const title = t(`plans.${planId}.title`);
  return <PageMeta title={`${title} | KC`} description={t('page.metaDescription', { title })} />;
}

/**
 * /home/calculadoras/{id}, with no network call. The calculator is keyed by what its defaults
 * depend on, so when the page hydrates with another year than the build's, or with a shared
 * link's query, it starts again from those once, right after hydration. Likewise the language:
 * the markup hydrates in Spanish (as prerendered), even when the stored language was applied
 * before hydration, and then follows the chosen language.
 */
export function CalculatorPage({ planId }: { planId: string | undefined }) {
  const location = useLocation();
  const [initialSearch] = useState(location.search);
  const renderedYear = useRenderedYear();
  const isHydrated = renderedYear === null;
  const { i18n } = useTranslation();
  const language = isHydrated ? i18n.language : DEFAULT_LANGUAGE;
  const { t } = useTranslation('calculators', { lng: language });
  const baseYear = renderedYear ?? currentUtcYear();
  const search = isHydrated ? initialSearch : '';

  const initial = useMemo((): TCalculatorInitial | null => {
    if (!isPlanId(planId)) return null;
    const { values, invalid, hasParams } = fromSearchParams(new URLSearchParams(search), planId, baseYear);
    return { values, invalid, autoCalculate: hasParams };
  }, [planId, search, baseYear]);

  const back = (
    <Link to={paths.calculators.href()} className="kc-link kc-text-sm kc-no-print">
      {t('page.back')}
    </Link>
  );

  if (!isPlanId(planId) || !initial) {
    return (
      <div className="kc-container kc-page">
        <CalculatorPageMeta planId={planId} language={language} />
        <h1 className="kc-h1">{t('page.notFound')}</h1>
        <p className="kc-calc-back-missing">{back}</p>
      </div>
    );
  }

  return (
    <div className="kc-container kc-page">
      <CalculatorPageMeta planId={planId} language={language} />
      {back}
      <h1 className="kc-h1 kc-calc-title">{t(`plans.${planId}.title`)}</h1>
      <p className="kc-text kc-calc-intro">
        {t(`plans.${planId}.description`)} {t('page.intro')}
      </p>
      <Calculator
        key={`${baseYear}${search}`}
        planId={planId}
        baseYear={baseYear}
        initial={initial}
        language={language}
      />
    </div>
  );
}
