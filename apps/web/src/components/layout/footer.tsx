import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain/http/paths.ts';
import { CookieSettingsButton } from './cookie-dialog.tsx';
import './layout.css';

/** About us, quick links (terms, contact), the legal pages and the copyright with the current year. */
export function Footer() {
  const { t } = useTranslation('layout');
  const year = new Date().getFullYear();
  const gapXs = { ['--kc-gap' as string]: 'var(--mantine-spacing-xs)' };
  return (
    <footer className="kc-footer kc-no-print">
      <div className="kc-container">
        <div className="kc-grid" data-cols-sm="3" style={{ ['--kc-gap' as string]: 'var(--mantine-spacing-xl)' }}>
          <div className="kc-stack" style={gapXs}>
            <h2 className="kc-h5">{t('footer.aboutHeading')}</h2>
            <p className="kc-text kc-text-sm kc-dimmed">{t('footer.about')}</p>
          </div>
          <nav className="kc-stack" style={gapXs} aria-label={t('footer.quickLinksHeading')}>
            <h2 className="kc-h5">{t('footer.quickLinksHeading')}</h2>
            <Link className="kc-link" to={paths.terms.href()}>
              {t('footer.terms')}
            </Link>
            <Link className="kc-link" to={paths.contactUs.href()}>
              {t('footer.contact')}
            </Link>
            {/* Jobs board (issue 17, helper jobs-web). */}
            <Link className="kc-link" to={paths.jobs.href()}>
              {t('footer.jobs')}
            </Link>
          </nav>
          <nav className="kc-stack" style={gapXs} aria-label={t('footer.legalLabel')}>
            <h2 className="kc-h5">{t('footer.legalLabel')}</h2>
            <Link className="kc-link" to={paths.privacyPolicy.href()}>
              {t('footer.privacyPolicy')}
            </Link>
            <Link className="kc-link" to={paths.dataPrivacy.href()}>
              {t('footer.dataPrivacy')}
            </Link>
            <Link className="kc-link" to={paths.cookies.href()}>
              {t('footer.cookies')}
            </Link>
            {/* Withdrawing is as easy as giving (issue 16, consent records): reopens the cookie dialog. */}
            <CookieSettingsButton />
          </nav>
        </div>
        <p className="kc-text kc-text-sm kc-dimmed kc-mt-xl">
          <span suppressHydrationWarning>{t('footer.copyright', { year })}</span> {t('footer.allRightsReserved')}
        </p>
      </div>
    </footer>
  );
}
