import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import { Button } from '../light/button.tsx';
import './layout.css';

export const COOKIE_CONSENT_KEY = 'kc.cookieConsent';
export type TCookieConsent = 'accepted' | 'rejected';

export function readCookieConsent(): TCookieConsent | undefined {
  try {
    const value = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    return value === 'accepted' || value === 'rejected' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens until the visitor chooses. Only essential storage is used before a choice; the app
 * sets no analytics or tag-manager cookie at all until consent is given (and none exists yet).
 */
export function CookieDialog() {
  const { t } = useTranslation('layout');
  const titleId = useId();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(readCookieConsent() === undefined), []);
  if (!open) return null;
  const choose = (consent: TCookieConsent) => {
    try {
      window.localStorage.setItem(COOKIE_CONSENT_KEY, consent);
    } catch {
      // Without storage the dialog shows again on the next visit.
    }
    setOpen(false);
  };
  return (
    <div role="dialog" aria-labelledby={titleId} aria-modal="false" className="kc-card kc-cookie-dialog kc-no-print">
      <h2 className="kc-h5" id={titleId}>
        {t('cookieDialog.title')}
      </h2>
      <p className="kc-text kc-text-sm" style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
        {t('cookieDialog.text')}{' '}
        <Link className="kc-link" to={paths.cookies.href()}>
          {t('cookieDialog.policyLink')}
        </Link>
      </p>
      <div className="kc-group" style={{ marginTop: 'var(--mantine-spacing-md)', ['--kc-gap' as string]: 'var(--mantine-spacing-sm)' }}>
        <Button onClick={() => choose('accepted')}>{t('cookieDialog.accept')}</Button>
        <Button variant="outline" onClick={() => choose('rejected')}>
          {t('cookieDialog.reject')}
        </Button>
      </div>
    </div>
  );
}
