import { useTranslation } from 'react-i18next';
import '../layout/layout.css';

/** A screen's LOADING state: a spinner with a label screen readers announce. */
export function LoadingScreen() {
  const { t } = useTranslation('layout');
  return (
    <div className="kc-status" role="status" aria-live="polite">
      <span className="kc-spinner" aria-hidden="true" />
      <span className="kc-text">{t('status.loading')}</span>
    </div>
  );
}
