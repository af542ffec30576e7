import { Anchor, Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import { LanguageSwitch } from '../../../components/layout/language-switch.tsx';
import { Logo } from '../../../components/layout/logo.tsx';
import { openCookieSettings } from '../../../lib/cookie-consent.ts';
import '../i18n.ts';

/**
 * The jobs board's own header (Jobs, Company, Contact, Login, language) and legal footer (terms,
 * privacy policy, data protection, cookies), inside the site's layout.
 */
export function JobsFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('jobsScreens');
  const layout = useTranslation('layout').t;
  return (
    <>
      <Box component="nav" aria-label={t('frame.navLabel')} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" py="xs">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap="md" wrap="wrap">
              {/* The site's mark, back to its home: this header stands in for the site's on the jobs board. */}
              <Link to={paths.home.href()} aria-label={layout('nav.logoAlt')} className="kc-header-logo">
                <Logo />
              </Link>
              <Group gap="md" wrap="wrap" component="ul" className="kc-plain-list" m={0} p={0} style={{ listStyle: 'none' }}>
                <li>
                  <Anchor component={Link} to={paths.jobs.href()} fw={700}>
                    {t('frame.jobs')}
                  </Anchor>
                </li>
                <li>
                  <Anchor component={Link} to={`${paths.jobs.href()}#company`}>
                    {t('frame.company')}
                  </Anchor>
                </li>
                <li>
                  <Anchor component={Link} to={`${paths.jobs.href()}#contact`}>
                    {t('frame.contact')}
                  </Anchor>
                </li>
                <li>
                  <Anchor component={Link} to={paths.login.href()}>
                    {t('frame.login')}
                  </Anchor>
                </li>
              </Group>
            </Group>
            <LanguageSwitch />
          </Group>
        </Container>
      </Box>
      {children}
      <Box component="nav" aria-label={t('frame.footerLabel')} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} mt="xl">
        <Container size="lg" py="sm">
          <Group gap="md" wrap="wrap" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            <li>
              <Anchor component={Link} to={paths.terms.href()} size="sm">
                {t('frame.terms')}
              </Anchor>
            </li>
            <li>
              <Anchor component={Link} to={paths.privacyPolicy.href()} size="sm">
                {t('frame.privacyPolicy')}
              </Anchor>
            </li>
            <li>
              <Anchor component={Link} to={paths.dataPrivacy.href()} size="sm">
                {t('frame.dataProtection')}
              </Anchor>
            </li>
            <li>
              <Anchor component={Link} to={paths.cookies.href()} size="sm">
                {t('frame.cookies')}
              </Anchor>
            </li>
            <li>
              <Anchor component="button" type="button" size="sm" aria-haspopup="dialog" onClick={openCookieSettings}>
                {layout('cookieDialog.settings')}
              </Anchor>
            </li>
          </Group>
        </Container>
      </Box>
    </>
  );
}
