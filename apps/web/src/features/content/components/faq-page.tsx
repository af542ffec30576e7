import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { useScrollToTop } from '../hooks/use-scroll-to-top.ts';
import type { TQuestion } from '../i18n.ts';
import './content-i18n.ts';
import './content.css';
import { QuestionList } from './question-list.tsx';
import { RiskWarning } from './risk-warning.tsx';

/** General FAQ (specification, sections 1 and 2). */
export function FaqPage() {
  const { t } = useTranslation('content');
  useScrollToTop();
  const items = t('faq.items', { returnObjects: true }) as TQuestion[];
  return (
    <div className="kc-container kc-page" data-size="md">
      <PageMeta title={t('faq.meta.title')} description={t('faq.meta.description')} />
      <h1 className="kc-h1">{t('faq.title')}</h1>
      <p className="kc-text kc-mt-sm kc-mb-lg">{t('faq.intro')}</p>
      <div className="kc-mb-lg">
        <RiskWarning />
      </div>
      <QuestionList items={items} idPrefix="faq" />
      <p className="kc-text kc-mt-xl">
        {t('faq.contactPrompt')}{' '}
        <Link to={paths.contactUs.href()} className="kc-link">
          {t('faq.contactLink')}
        </Link>
      </p>
    </div>
  );
}
