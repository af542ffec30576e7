import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, PLAN_IDS } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import '../i18n.ts';
import './calculator.css';
import { PlanIllustration } from './illustrations.tsx';

/** /home/calculadoras: the seven plans, each a card with its image, title and what it is for. */
export function CalculatorsPage() {
  const { t } = useTranslation('calculators');
  return (
    <div className="kc-container kc-page">
      <PageMeta title={t('list.metaTitle')} description={t('list.metaDescription')} />
      <h1 className="kc-h1">{t('list.heading')}</h1>
      <p className="kc-text kc-calc-intro">{t('list.intro')}</p>
      <ul className="kc-grid kc-plain-list kc-calc-cards" data-cols-sm="2" data-cols-md="3">
        {PLAN_IDS.map((planId) => {
          const title = t(`plans.${planId}.title`);
          return (
            <li key={planId}>
              <div className="kc-card kc-calc-card">
                <PlanIllustration planId={planId} label={t('images.plan', { title })} />
                <h2 className="kc-h4 kc-calc-card-title">
                  <Link to={paths.calculator.href(planId)} className="kc-link">
                    {title}
                  </Link>
                </h2>
                <p className="kc-text kc-text-sm kc-calc-card-text">{t(`plans.${planId}.description`)}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
