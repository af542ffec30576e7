import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { addNamespaces } from '../../../lib/i18n.ts';
import riskFullEs from '../../../locales/es/risk-full.json';
import { RISK_WARNING_ANCHOR } from './risk-warning.tsx';
import './content.css';

// The full warning's paragraphs are a namespace of their own: only the coin page shows them.
addNamespaces({ 'risk-full': { es: riskFullEs, en: () => import('../../../locales/en/risk-full.json') } });

/** The full warning, as a section of its own. */
export function RiskWarningFull() {
  const { t } = useTranslation('risk-full');
  const headingId = useId();
  const paragraphs = t('paragraphs', { returnObjects: true }) as string[];
  return (
    <section aria-labelledby={headingId} id={RISK_WARNING_ANCHOR} className="kc-stack kc-risk-full">
      <h2 id={headingId} className="kc-h2">
        {t('heading')}
      </h2>
      {paragraphs.map((p) => (
        <p key={p} className="kc-text">
          {p}
        </p>
      ))}
    </section>
  );
}
