import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TJobSearchPage } from '@kc/domain';
import { Button } from '../../../components/light/button.tsx';
import type { TApiGet } from '../api/use-api-get.ts';
import { JobCard } from './job-card.tsx';

/**
 * A search's answer, in a live region: loading, error (with a retry), empty, or the offers as
 * cards (`footer` below them: the list's totals and pages). `wide` shows three columns on a
 * large screen (the home), else two.
 */
export function JobsResults({
  result,
  wide = false,
  placeholders,
  headingLevel,
  header,
  footer,
}: {
  result: TApiGet<TJobSearchPage>;
  wide?: boolean;
  /** While the first answer loads: this many empty cards hold the room, so nothing below moves. */
  placeholders: number;
  headingLevel?: 2 | 3;
  header?: (data: TJobSearchPage) => ReactNode;
  footer?: (data: TJobSearchPage) => ReactNode;
}) {
  const { t } = useTranslation('jobsScreens');
  const { data } = result;
  return (
    <div aria-live="polite" aria-busy={result.isFetching} className="kc-mt-sm kc-jobs-results">
      {result.isError ? (
        <div className="kc-alert" data-tone="danger" role="alert">
          <p className="kc-text">{t('list.error')}</p>
          <Button variant="outline" size="compact" className="kc-mt-xs" onClick={result.retry}>
            {t('list.retry')}
          </Button>
        </div>
      ) : result.isPending || !data ? (
        <>
          <p role="status" className="kc-visually-hidden">
            {t('list.loading')}
          </p>
          <div className="kc-grid kc-jobs-cards" data-cols-sm="2" data-cols-md={wide ? '3' : undefined} aria-hidden="true">
            {Array.from({ length: placeholders }, (_, i) => (
              <div key={i} className="kc-card kc-jobs-card kc-jobs-placeholder">
                <span className="kc-spinner" />
              </div>
            ))}
          </div>
        </>
      ) : data.content.length === 0 ? (
        <>
          <p className="kc-text">{t('list.empty')}</p>
          {/* A page past the last one (an old link): the pages are still offered. */}
          {data.totalElements > 0 ? footer?.(data) : null}
        </>
      ) : (
        <>
          {header?.(data)}
          <div className="kc-grid kc-jobs-cards" data-cols-sm="2" data-cols-md={wide ? '3' : undefined}>
            {data.content.map((offer) => (
              <JobCard key={offer.id} offer={offer} headingLevel={headingLevel} />
            ))}
          </div>
          {footer?.(data)}
        </>
      )}
    </div>
  );
}
