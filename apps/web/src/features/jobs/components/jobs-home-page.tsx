import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain/http/paths.ts';
import { jobsApi } from '@kc/domain/jobs/api-paths.ts';
import type { TJobSearchPage } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { useApiGet } from '../api/use-api-get.ts';
import { JobsResults } from './jobs-results.tsx';
import { JobSearchForm } from './job-search-form.tsx';
import { JobsFrame } from './jobs-frame.tsx';

const TOP_JOBS = jobsApi.search('sort=date&page=0&size=6');

/**
 * /jobs (prerendered, light kit): the search (keywords, city), the newest open offers (fetched
 * after hydration), the company and the contact.
 */
export function JobsHomePage() {
  const { t } = useTranslation('jobsScreens');
  const top = useApiGet<TJobSearchPage>(TOP_JOBS);
  return (
    <JobsFrame>
      <div className="kc-container kc-page">
        <PageMeta title={t('home.metaTitle')} description={t('home.metaDescription')} />
        <h1 className="kc-h1">{t('home.title')}</h1>
        <p className="kc-text kc-measure kc-mt-sm kc-mb-lg">{t('home.intro')}</p>
        <JobSearchForm />
        <section aria-labelledby="jobs-top" className="kc-mt-xl">
          <h2 className="kc-h2" id="jobs-top">
            {t('home.topHeading')}
          </h2>
          <JobsResults result={top} wide placeholders={6} />
          <Link to={paths.jobList.href()} className="kc-link kc-jobs-block kc-mt-md">
            {t('home.seeAll')}
          </Link>
        </section>
        <section aria-labelledby="company" className="kc-mt-xl">
          <h2 className="kc-h2" id="company">
            {t('home.companyHeading')}
          </h2>
          <p className="kc-text kc-measure kc-mt-sm">{t('home.companyText')}</p>
        </section>
        <section aria-labelledby="contact" className="kc-mt-xl">
          <h2 className="kc-h2" id="contact">
            {t('home.contactHeading')}
          </h2>
          <p className="kc-text kc-measure kc-mt-sm">{t('home.contactText')}</p>
          <Link to={paths.contactUs.href()} className="kc-link kc-jobs-block kc-mt-xs">
            {t('home.contactLink')}
          </Link>
        </section>
      </div>
    </JobsFrame>
  );
}
