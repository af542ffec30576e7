import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import '../i18n.ts';
import './content.css';

/** Where the full warning lives (an anchor on the coin page). */
export const RISK_WARNING_ANCHOR = 'risk-warning';

/**
 * The visible risk warning that goes with every return, 'guaranteed' or 'stable' claim: capital
 * at risk, past or simulated returns are no guarantee, no deposit guarantee scheme.
 */
export function RiskWarning({ withLink = true }: { withLink?: boolean }) {
  const { t } = useTranslation('risk');
  return (
    <div role="note" aria-label={t('short.label')} className="kc-risk">
      <p className="kc-text kc-text-sm kc-risk-label">
        {t('short.label')}
      </p>
      <p className="kc-text kc-text-sm kc-mt-4">{t('short.text')}</p>
      {withLink && (
        <Link to={`${paths.coin.href()}#${RISK_WARNING_ANCHOR}`} className="kc-link kc-text-sm kc-mt-4 kc-risk-link">
          {t('linkLabel')}
        </Link>
      )}
    </div>
  );
}
