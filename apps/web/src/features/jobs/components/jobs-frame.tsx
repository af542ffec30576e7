import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain/http/paths.ts';
import { LanguageSwitch } from '../../../components/layout/language-switch.tsx';
import { Logo } from '../../../components/layout/logo.tsx';
import { openCookieSettings } from '../../../lib/cookie-consent.ts';
import '../i18n.ts';
import './jobs.css';

/**
 * The jobs board's own header (Jobs, Company, Contact, Login, language) and legal footer (terms,
 * privacy policy, data protection, cookies), in place of the site's. Plain HTML on the light kit
 * (docs/decisions/0025), so the budgeted jobs home and list carry no Mantine; the other jobs
 * screens use it inside the Mantine shell.
 */
export function JobsFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('jobsScreens');
  const layout = useTranslation('layout').t;
  return (
    <>
      <nav aria-label={t('frame.navLabel')} className="kc-jobs-header">
        <div className="kc-container kc-jobs-header-bar">
          <div className="kc-group kc-jobs-nav">
            {/* The site's mark, back to its home: this header stands in for the site's on the jobs board. */}
            <Link to={paths.home.href()} aria-label={layout('nav.logoAlt')} className="kc-header-logo">
              <Logo />
            </Link>
            <ul className="kc-plain-list kc-group kc-jobs-nav">
              <li>
                <Link to={paths.jobs.href()} className="kc-link kc-strong">
                  {t('frame.jobs')}
                </Link>
              </li>
              <li>
                <Link to={`${paths.jobs.href()}#company`} className="kc-link">
                  {t('frame.company')}
                </Link>
              </li>
              <li>
                <Link to={`${paths.jobs.href()}#contact`} className="kc-link">
                  {t('frame.contact')}
                </Link>
              </li>
              <li>
                <Link to={paths.login.href()} className="kc-link">
                  {t('frame.login')}
                </Link>
              </li>
            </ul>
          </div>
          <LanguageSwitch />
        </div>
      </nav>
      {children}
      <nav aria-label={t('frame.footerLabel')} className="kc-jobs-footer">
        <ul className="kc-container kc-plain-list kc-group kc-jobs-nav">
          <li>
            <Link to={paths.terms.href()} className="kc-link kc-text-sm">
              {t('frame.terms')}
            </Link>
          </li>
          <li>
            <Link to={paths.privacyPolicy.href()} className="kc-link kc-text-sm">
              {t('frame.privacyPolicy')}
            </Link>
          </li>
          <li>
            <Link to={paths.dataPrivacy.href()} className="kc-link kc-text-sm">
              {t('frame.dataProtection')}
            </Link>
          </li>
          <li>
            <Link to={paths.cookies.href()} className="kc-link kc-text-sm">
              {t('frame.cookies')}
            </Link>
          </li>
          <li>
            <button type="button" className="kc-link kc-link-button kc-text-sm" aria-haspopup="dialog" onClick={openCookieSettings}>
              {layout('cookieDialog.settings')}
            </button>
          </li>
        </ul>
      </nav>
    </>
  );
}
