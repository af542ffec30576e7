import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { jobsApi } from '@kc/domain/jobs/api-paths.ts';
import { JOB_PAGE_SIZE } from '@kc/domain/jobs/rules.ts';
import type { TJobSearchPage } from '@kc/domain';
import { Button } from '../../../components/light/button.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { pageWindow } from '../../../components/ui/paginated-list/page-window.ts';
import { useApiGet } from '../api/use-api-get.ts';
import { checkSalaryFilter, normaliseSalary, type TSalaryError } from '../lib/salary-filter.ts';
import { EMPTY_FILTERS, apiQuery, readFilters, writeFilters, type TJobFilters } from '../lib/search-params.ts';
import { CityCombobox } from './city-combobox.tsx';
import { JobsFrame } from './jobs-frame.tsx';
import { JobsResults } from './jobs-results.tsx';

const noSubscription = () => () => undefined;
/** False while the prerendered HTML hydrates (it was built without a query string), true after. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * /jobs/offers (prerendered, light kit): keywords, city (or all), salary range and sort, all in
 * the query string (a shareable URL); real paging with the totals, as links; loading, empty and
 * error states. The HTML is built without filters, so the page reads the URL once hydrated.
 */
export function JobListPage() {
  const { t } = useTranslation('jobsScreens');
  const [urlParams] = useSearchParams();
  const hydrated = useHydrated();
  const params = hydrated ? urlParams : new URLSearchParams();
  const key = params.toString();
  const filters = readFilters(params);
  const [draft, setDraft] = useState<TJobFilters>(filters);
  const [errors, setErrors] = useState<{ salaryFrom?: TSalaryError; salaryTo?: TSalaryError }>({});
  // The URL is the truth: going back or following a shared link refills the form.
  useEffect(() => {
    setDraft(readFilters(new URLSearchParams(key)));
    setErrors({});
  }, [key]);
  const search = useApiGet<TJobSearchPage>(hydrated ? jobsApi.search(apiQuery(filters, JOB_PAGE_SIZE)) : null);
  const [, setParams] = useSearchParams();
  const apply = (next: TJobFilters) => setParams(writeFilters(next));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const salaryFrom = normaliseSalary(draft.salaryFrom);
    const salaryTo = normaliseSalary(draft.salaryTo);
    const found = checkSalaryFilter(salaryFrom, salaryTo);
    setErrors(found);
    if (found.salaryFrom || found.salaryTo) {
      document.getElementById(found.salaryFrom ? 'jobs-salary-from' : 'jobs-salary-to')?.focus();
      return;
    }
    apply({ ...draft, salaryFrom, salaryTo, page: 0 });
  };
  const set = (patch: Partial<TJobFilters>) => setDraft((current) => ({ ...current, ...patch }));
  const pageHref = (page: number) => {
    const query = writeFilters({ ...filters, page }).toString();
    return query ? `?${query}` : '?';
  };
  return (
    <JobsFrame>
      <div className="kc-container kc-page">
        <PageMeta title={t('list.metaTitle')} description={t('list.metaDescription')} />
        <h1 className="kc-h1">{t('list.title')}</h1>
        <form role="search" aria-label={t('list.filters')} onSubmit={onSubmit} noValidate className="kc-mt-md">
          <div className="kc-grid kc-jobs-filters" data-cols-sm="2" data-cols-md="3">
            <div className="kc-jobs-field">
              <label htmlFor="jobs-q" className="kc-jobs-label">
                {t('search.keywords')}
              </label>
              <input
                id="jobs-q"
                type="search"
                className="kc-jobs-input"
                placeholder={t('search.keywordsPlaceholder')}
                value={draft.q}
                maxLength={200}
                onChange={(e) => set({ q: e.currentTarget.value })}
              />
            </div>
            <CityCombobox value={draft.cityId} valueName={draft.cityName} onChange={(cityId, cityName) => set({ cityId, cityName })} />
            <div className="kc-jobs-field">
              <label htmlFor="jobs-sort" className="kc-jobs-label">
                {t('list.sort')}
              </label>
              <select
                id="jobs-sort"
                className="kc-jobs-input"
                value={draft.sort || (draft.q.trim() ? 'relevance' : 'date')}
                onChange={(e) => set({ sort: e.currentTarget.value as TJobFilters['sort'] })}
              >
                <option value="relevance">{t('list.sortRelevance')}</option>
                <option value="date">{t('list.sortDate')}</option>
                <option value="salary">{t('list.sortSalary')}</option>
              </select>
            </div>
            <SalaryBox id="jobs-salary-from" label={t('list.salaryFrom')} value={draft.salaryFrom} error={errors.salaryFrom && t(`list.${errors.salaryFrom}`)} onChange={(salaryFrom) => set({ salaryFrom })} />
            <SalaryBox id="jobs-salary-to" label={t('list.salaryTo')} value={draft.salaryTo} error={errors.salaryTo && t(`list.${errors.salaryTo}`)} onChange={(salaryTo) => set({ salaryTo })} />
          </div>
          <div className="kc-group kc-jobs-actions kc-mt-md">
            <Button type="submit">{t('list.apply')}</Button>
            <Button variant="outline" onClick={() => apply(EMPTY_FILTERS)}>
              {t('list.clear')}
            </Button>
          </div>
        </form>
        <div className="kc-mt-lg">
          <JobsResults
            result={search}
            placeholders={4}
            headingLevel={2}
            header={(data) => (
              <p className="kc-text kc-strong kc-jobs-total">
                {t('list.total', { count: data.totalElements })} · {t('list.pageOf', { page: data.number + 1, pages: Math.max(1, data.totalPages) })}
              </p>
            )}
            footer={(data) =>
              data.totalPages > 1 ? (
                <nav aria-label={t('list.pager')} className="kc-mt-md">
                  <ul className="kc-plain-list kc-group kc-jobs-pager">
                    {data.number > 0 ? (
                      <li>
                        <Link to={pageHref(data.number - 1)} className="kc-btn" data-variant="outline" data-size="compact">
                          {t('list.previous')}
                        </Link>
                      </li>
                    ) : null}
                    {pageWindow(data.number, data.totalPages, 5).map((page) => (
                      <li key={page}>
                        <Link
                          to={pageHref(page)}
                          className="kc-btn"
                          data-variant={page === data.number ? 'filled' : 'outline'}
                          data-size="compact"
                          aria-current={page === data.number ? 'page' : undefined}
                          aria-label={t('list.page', { page: page + 1 })}
                        >
                          {page + 1}
                        </Link>
                      </li>
                    ))}
                    {data.number < data.totalPages - 1 ? (
                      <li>
                        <Link to={pageHref(data.number + 1)} className="kc-btn" data-variant="outline" data-size="compact">
                          {t('list.next')}
                        </Link>
                      </li>
                    ) : null}
                  </ul>
                </nav>
              ) : null
            }
          />
        </div>
      </div>
    </JobsFrame>
  );
}

/** A salary box: decimal keyboard, its error tied to it by aria-describedby. */
function SalaryBox({ id, label, value, error, onChange }: { id: string; label: string; value: string; error: string | undefined; onChange: (value: string) => void }) {
  return (
    <div className="kc-jobs-field">
      <label htmlFor={id} className="kc-jobs-label">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className="kc-jobs-input"
        value={value}
        maxLength={15}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="kc-jobs-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
