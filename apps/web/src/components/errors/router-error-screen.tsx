import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../light/button.tsx';

/** The router's last resort: 'Unexpected Application Error!' and a way out. */
export function RouterErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation('layout');
  useEffect(() => {
    // The specification logs errors to the console; this is the one place it happens.
    console.error(error);
  }, [error]);
  return (
    <div className="kc-container kc-page kc-stack" role="alert" style={{ maxWidth: 720 }}>
      <h1 className="kc-h1">{t('routerError.title')}</h1>
      <p className="kc-text">{t('routerError.text')}</p>
      <div>
        <Button onClick={() => window.location.reload()}>{t('routerError.reload')}</Button>
      </div>
    </div>
  );
}
