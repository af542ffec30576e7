import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain/http/paths.ts';
import { Button } from '../light/button.tsx';
import './layout.css';

export const COOKIE_CONSENT_KEY = 'kc.cookieConsent';
export type TCookieConsent = 'accepted' | 'rejected';

/**
 * Runs in <head> before the first paint: when a choice is stored, it adds a rule that hides the
 * prerendered dialog until React removes it. (A rule, not an attribute on <html>: React resets
 * <html>'s attributes when it hydrates.) The dialog is in the prerendered HTML so that a first
 * visit paints it with the page, not a moment later.
 */
export const COOKIE_CONSENT_SCRIPT = `try{var c=localStorage.getItem(${JSON.stringify(COOKIE_CONSENT_KEY)});if(c==='accepted'||c==='rejected'){var s=document.createElement('style');s.textContent='.kc-cookie-dialog{display:none}';document.head.appendChild(s)}}catch(e){}`;

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
  const [open, setOpen] = useState(true);
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
      <p className="kc-text kc-text-sm kc-mt-xs">
        {t('cookieDialog.text')}{' '}
        <Link className="kc-link" to={paths.cookies.href()}>
          {t('cookieDialog.policyLink')}
        </Link>
      </p>
      <div className="kc-group kc-mt-md" style={{ ['--kc-gap' as string]: 'var(--mantine-spacing-sm)' }}>
        <Button onClick={() => choose('accepted')}>{t('cookieDialog.accept')}</Button>
        <Button variant="outline" onClick={() => choose('rejected')}>
          {t('cookieDialog.reject')}
        </Button>
      </div>
    </div>
  );
}
