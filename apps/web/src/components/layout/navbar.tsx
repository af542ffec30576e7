import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { paths } from '@kc/domain/http/paths.ts';
import { useSession } from '../../lib/session.ts';
import { Button, ButtonLink } from '../light/button.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';
import './layout.css';

/**
 * The navigation bar of the specification: Inicio always; Tablero only when logged in; the logo
 * to the board when logged in, else home; logged out: Iniciar sesión and Registrarse; logged in:
 * Salir and the username, and the notifications bell (`bell`, given by the app: it belongs to a
 * feature, loaded only once someone is logged in). Plain HTML (light kit): it is on every page.
 */
export function Navbar({ onLogout, bell }: { onLogout: () => void; bell?: ReactNode }) {
  const { t } = useTranslation('layout');
  const session = useSession();
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  const isLoggedIn = Boolean(session?.userId);

  const links = (
    <>
      <NavLink className="kc-link" to={paths.home.href()} onClick={close}>
        {t('nav.home')}
      </NavLink>
      {isLoggedIn && (
        <NavLink className="kc-link" to={paths.dashboard.href()} onClick={close}>
          {t('nav.dashboard')}
        </NavLink>
      )}
    </>
  );
  const actions = isLoggedIn ? (
    <>
      <span className="kc-text-sm kc-dimmed" aria-label={t('nav.loggedInAs', { username: session?.identity.username ?? '' })}>
        {session?.identity.username}
      </span>
      <Button
        variant="outline"
        onClick={() => {
          close();
          onLogout();
        }}
      >
        {t('nav.logout')}
      </Button>
    </>
  ) : (
    <>
      <ButtonLink to={paths.login.href()} variant="subtle" onClick={close}>
        {t('nav.login')}
      </ButtonLink>
      <ButtonLink to={paths.signUp.href()} onClick={close}>
        {t('nav.signUp')}
      </ButtonLink>
    </>
  );

  return (
    <header className="kc-header kc-no-print">
      <div className="kc-container kc-header-bar">
        <div className="kc-group kc-nowrap" style={{ ['--kc-gap' as string]: 'var(--mantine-spacing-lg)' }}>
          <Link to={isLoggedIn ? paths.dashboard.href() : paths.home.href()} aria-label={t('nav.logoAlt')} className="kc-header-logo">
            <Logo />
          </Link>
          <nav aria-label={t('nav.label')} className="kc-group kc-visible-from-sm">
            {links}
          </nav>
        </div>
        <div className="kc-group kc-nowrap" style={{ ['--kc-gap' as string]: 'var(--mantine-spacing-sm)' }}>
          {isLoggedIn ? bell : null}
          <div className="kc-group kc-nowrap kc-visible-from-sm" style={{ ['--kc-gap' as string]: 'var(--mantine-spacing-sm)' }}>
            <LanguageSwitch />
            {actions}
          </div>
          <button
            type="button"
            className="kc-icon-btn kc-hidden-from-sm"
            onClick={() => setOpened((value) => !value)}
            aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={opened}
            aria-controls="kc-mobile-menu"
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              {opened ? (
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </div>
      </div>
      {opened && (
        <div id="kc-mobile-menu" className="kc-container kc-stack kc-hidden-from-sm kc-mobile-menu">
          <nav aria-label={t('nav.label')} className="kc-stack" style={{ ['--kc-gap' as string]: 'var(--mantine-spacing-xs)' }}>
            {links}
          </nav>
          <LanguageSwitch />
          <div className="kc-group" style={{ ['--kc-gap' as string]: 'var(--mantine-spacing-sm)' }}>
            {actions}
          </div>
        </div>
      )}
    </header>
  );
}
