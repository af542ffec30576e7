import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain/http/paths.ts';
import { formatDate } from '@kc/domain/format/format.ts';
import type { TJobOfferSummary } from '@kc/domain';
import { formatSalary } from '../lib/format.ts';

/**
 * One open offer in a list: title (its link), company, city, contract, salary and date (light kit).
 * Its heading is an h3 under a section's h2 (the home), an h2 right under the page's h1 (the list).
 */
export function JobCard({ offer, headingLevel = 3 }: { offer: TJobOfferSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useTranslation('jobsScreens');
  const headingId = `job-${offer.id}`;
  return (
    <article className="kc-card kc-jobs-card" aria-labelledby={headingId}>
      <Heading className="kc-h4" id={headingId}>
        <Link to={paths.jobDetail.href(offer.id)} className="kc-link">
          {offer.title}
        </Link>
      </Heading>
      <p className="kc-text kc-text-sm kc-dimmed">
        {offer.companyName} · {offer.cityName}
      </p>
      <p className="kc-group kc-jobs-tags">
        <span className="kc-jobs-pill">{t(`contractTypes.${offer.contractType}`)}</span>
        <span className="kc-text kc-text-sm kc-strong">
          {t('offer.salary', { min: formatSalary(offer.salaryMin), max: formatSalary(offer.salaryMax) })}
        </span>
      </p>
      <p className="kc-text kc-text-sm kc-jobs-excerpt">{offer.excerpt}</p>
      {offer.publishedAt ? <p className="kc-text kc-text-xs kc-dimmed">{t('offer.publishedOn', { date: formatDate(offer.publishedAt) })}</p> : null}
    </article>
  );
}
