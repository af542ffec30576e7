import { useId, type ReactNode } from 'react';
import './content.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import { ButtonLink } from '../../../components/light/button.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { addNamespaces } from '../../../lib/i18n.ts';
import landingEs from '../../../locales/es/landing.json';
import { LandingCarousel } from './landing-carousel.tsx';
import { RiskWarning } from './risk-warning.tsx';

// English arrives on demand (lib/i18n.ts), so Spanish readers never download it.
addNamespaces({ landing: { es: landingEs, en: () => import('../../../locales/en/landing.json') } });

export const BENEFITS = ['profitable', 'safe', 'tangible', 'decentralised', 'stable', 'traceable', 'liquid', 'sustainable', 'ecological'] as const;
const COMPARISON_ROWS = ['stable', 'guaranteed', 'decentralised', 'competitiveReturn'] as const;
const COMPARISON_COLUMNS = ['kc', 'banks', 'crypto'] as const;
const INVEST_OPTIONS = ['bank', 'fund', 'home', 'other'] as const;

function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="kc-landing-section">
      <h2 id={id} className="kc-h2">
        {title}
      </h2>
      {intro && <p className="kc-text kc-dimmed kc-mt-xs">{intro}</p>}
      <div className="kc-mt-lg">{children}</div>
    </section>
  );
}

function CheckIcon() {
  return (
    <svg className="kc-landing-check" width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="var(--kc-green-0)" />
      <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="var(--kc-green-8)" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function ComparisonTable() {
  const { t } = useTranslation('landing');
  const captionId = useId();
  return (
    <>
      <div role="region" aria-labelledby={captionId} tabIndex={0} className="kc-table-scroll">
        <table className="kc-table">
          <caption id={captionId}>{t('comparison.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('comparison.columns.feature')}</th>
              {COMPARISON_COLUMNS.map((column) => (
                <th scope="col" key={column}>
                  {t(`comparison.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {COMPARISON_ROWS.map((row) => (
              <tr key={row}>
                <th scope="row">
                  {t(`comparison.rows.${row}.label`)}
                  <span className="kc-table-note">{t(`comparison.rows.${row}.note`)}</span>
                </th>
                {COMPARISON_COLUMNS.map((column) => (
                  <td key={column}>{t(`comparison.rows.${row}.${column}`)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="kc-text kc-text-sm kc-dimmed kc-mt-sm">{t('comparison.footnote')}</p>
    </>
  );
}

/** The landing page (specification, section 2): presentation, four entry points, benefits, comparisons. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  const buttons = [
    { key: 'coin', to: paths.coin.href() },
    { key: 'calculators', to: paths.calculators.href() },
    { key: 'faq', to: paths.faq.href() },
    { key: 'careers', to: paths.careers.href() },
  ] as const;
  return (
    <div className="kc-container kc-page">
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <h1 className="kc-h1">{t('heading')}</h1>
      <p className="kc-text kc-text-lg kc-measure kc-mt-sm">{t('intro')}</p>

      <div className="kc-mt-xl">
        <LandingCarousel />
      </div>

      <nav aria-label={t('buttonsLabel')} className="kc-mt-xl">
        <div className="kc-grid kc-landing-buttons" data-cols-xs="2" data-cols-md="4">
          {buttons.map((button, index) => (
            <ButtonLink key={button.key} to={button.to} size="md" variant={index === 1 ? 'filled' : 'outline'} fullWidth>
              {t(`buttons.${button.key}`)}
            </ButtonLink>
          ))}
        </div>
      </nav>

      <div className="kc-mt-lg">
        <RiskWarning />
      </div>

      <Section title={t('benefits.heading')} intro={t('benefits.intro')}>
        <ul className="kc-grid kc-plain-list" data-cols-sm="2" data-cols-md="3">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="kc-card">
              <CheckIcon />
              <h3 className="kc-h4 kc-mt-xs">{t(`benefits.items.${benefit}.title`)}</h3>
              <p className="kc-text kc-text-sm kc-landing-card-text">{t(`benefits.items.${benefit}.text`)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t('comparison.heading')} intro={t('comparison.intro')}>
        <ComparisonTable />
        <div className="kc-mt-md">
          <RiskWarning />
        </div>
      </Section>

      <Section title={t('whereToInvest.heading')} intro={t('whereToInvest.intro')}>
        <ul className="kc-grid kc-plain-list" data-cols-sm="2">
          {INVEST_OPTIONS.map((option) => (
            <li key={option} className="kc-card">
              <h3 className="kc-h4">{t(`whereToInvest.options.${option}.title`)}</h3>
              <p className="kc-text kc-text-sm kc-landing-card-text">{t(`whereToInvest.options.${option}.text`)}</p>
            </li>
          ))}
        </ul>
        <p className="kc-text kc-mt-lg">
          <Link to={paths.faq.href()} className="kc-link kc-strong">
            {t('whereToInvest.faqLink')}
          </Link>
        </p>
      </Section>
    </div>
  );
}
