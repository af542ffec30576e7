import { useTranslation } from 'react-i18next';
import '../risk-i18n.ts';

/** The short risk warning of a simulation (namespace `risk`): capital at risk, figures simulated. */
export function RiskNote() {
  const { t } = useTranslation('risk');
  return (
    <aside aria-label={t('short.label')} className="kc-calc-risk">
      <p className="kc-text kc-text-sm kc-strong">{t('short.label')}</p>
      <p className="kc-text kc-text-sm">{t('short.text')}</p>
      <p className="kc-text kc-text-sm kc-calc-risk-note">{t('notes.simulation')}</p>
    </aside>
  );
}
