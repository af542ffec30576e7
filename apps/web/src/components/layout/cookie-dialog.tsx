import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain/http/paths.ts';
import { chooseCookies, COOKIE_CONSENT_KEY, onCookieConsentEvent, openCookieSettings, readCookieConsent, type TCookieConsent } from '../../lib/cookie-consent.ts';
import { Button } from '../light/button.tsx';
import './layout.css';

export { COOKIE_CONSENT_KEY, readCookieConsent, type TCookieConsent };

/**
 * Runs in <head> before the first paint: when a choice is stored, it adds a rule that hides the
 * prerendered dialog until React removes it. (A rule, not an attribute on <html>: React resets
 * <html>'s attributes when it hydrates.) The dialog is in the prerendered HTML so that a first
 * visit paints it with the page, not a moment later. A dialog reopened from "Cookie settings"
 * carries `data-reopened`, which the rule leaves alone.
 */
export const COOKIE_CONSENT_SCRIPT = `try{var c=localStorage.getItem(${JSON.stringify(COOKIE_CONSENT_KEY)});if(c==='accepted'||c==='rejected'){var s=document.createElement('style');s.textContent='.kc-cookie-dialog:not([data-reopened]){display:none}';document.head.appendChild(s)}}catch(e){}`;

/**
 * Opens until the visitor chooses, and again from any footer's "Cookie settings" (then with the
 * current choice, a Close button and Escape). Only essential storage is used before a choice;
 * the app sets no analytics or tag-manager cookie at all until consent is given (and none exists
 * yet). Rejecting removes whatever non-essential storage there is; for a signed-in person the
 * choice is recorded by the API (lib/cookie-consent.ts).
 */
export function CookieDialog() {
  const { t } = useTranslation('layout');
  const titleId = useId();
  const [open, setOpen] = useState(true);
  const [reopened, setReopened] = useState(false);
  const [current, setCurrent] = useState<TCookieConsent | undefined>(undefined);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const reopenedRef = useRef(false);
  reopenedRef.current = reopened;

  useEffect(() => {
    setOpen(readCookieConsent() === undefined);
    return onCookieConsentEvent((event) => {
      // A choice adopted from the person's record (a sign-in on a new device) closes a first-visit dialog.
      if (event === 'changed') {
        if (!reopenedRef.current) setOpen(false);
        return;
      }
      if (event !== 'open') return;
      const active = document.activeElement;
      returnFocus.current = active instanceof HTMLElement && active !== document.body ? active : null;
      const stored = readCookieConsent();
      setCurrent(stored);
      setReopened(stored !== undefined);
      setOpen(true);
    });
  }, []);

  useEffect(() => {
    if (open && reopened) titleRef.current?.focus();
  }, [open, reopened]);

  if (!open) return null;

  const close = () => {
    setOpen(false);
    setReopened(false);
    returnFocus.current?.focus();
    returnFocus.current = null;
  };
  const choose = (consent: TCookieConsent) => {
    void chooseCookies(consent);
    close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (reopened && event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  };

  return (
    <div
      role="dialog"
      aria-labelledby={titleId}
      aria-modal="false"
      className="kc-card kc-cookie-dialog kc-no-print"
      data-reopened={reopened ? '' : undefined}
      onKeyDown={onKeyDown}
    >
      <h2 className="kc-h5" id={titleId} ref={titleRef} tabIndex={-1}>
        {t('cookieDialog.title')}
      </h2>
      <p className="kc-text kc-text-sm kc-mt-xs">
        {t('cookieDialog.text')}{' '}
        <Link className="kc-link" to={paths.cookies.href()}>
          {t('cookieDialog.policyLink')}
        </Link>
      </p>
      {reopened && current ? <p className="kc-text kc-text-sm kc-mt-xs">{t(current === 'accepted' ? 'cookieDialog.currentAccepted' : 'cookieDialog.currentRejected')}</p> : null}
      <div className="kc-group kc-mt-md" style={{ ['--kc-gap' as string]: 'var(--mantine-spacing-sm)' }}>
        <Button onClick={() => choose('accepted')}>{t('cookieDialog.accept')}</Button>
        <Button variant="outline" onClick={() => choose('rejected')}>
          {t('cookieDialog.reject')}
        </Button>
        {reopened ? (
          <Button variant="subtle" onClick={close}>
            {t('cookieDialog.close')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** "Cookie settings": a link-looking button that opens the cookie dialog again (every footer). */
export function CookieSettingsButton({ className = 'kc-link kc-link-button' }: { className?: string }) {
  const { t } = useTranslation('layout');
  return (
    <button type="button" className={className} aria-haspopup="dialog" onClick={openCookieSettings}>
      {t('cookieDialog.settings')}
    </button>
  );
}

