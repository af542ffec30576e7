import { Anchor, Box, Burger, Button, Container, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { paths } from '@kc/domain';
import { useSession } from '../../lib/session.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';

/**
 * The navigation bar of the specification: Inicio always; Tablero only when logged in; the logo
 * to the board when logged in, else home; logged out: Iniciar sesión and Registrarse; logged in:
 * Salir and the username.
 */
export function Navbar({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation('layout');
  const session = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const isLoggedIn = Boolean(session?.userId);

  const links = (
    <>
      <Anchor component={NavLink} to={paths.home.href()} onClick={close} fw={500}>
        {t('nav.home')}
      </Anchor>
      {isLoggedIn && (
        <Anchor component={NavLink} to={paths.dashboard.href()} onClick={close} fw={500}>
          {t('nav.dashboard')}
        </Anchor>
      )}
    </>
  );
  const actions = isLoggedIn ? (
    <>
      <Text size="sm" c="gray.7" aria-label={t('nav.loggedInAs', { username: session?.identity.username ?? '' })}>
        {session?.identity.username}
      </Text>
      <Button
        variant="outline"
        size="sm"
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
      <Button component={Link} to={paths.login.href()} variant="subtle" size="sm" onClick={close}>
        {t('nav.login')}
      </Button>
      <Button component={Link} to={paths.signUp.href()} size="sm" onClick={close}>
        {t('nav.signUp')}
      </Button>
    </>
  );

  return (
    <Box component="header" className="kc-no-print" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg" h="var(--kc-header-height)">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Link to={isLoggedIn ? paths.dashboard.href() : paths.home.href()} aria-label={t('nav.logoAlt')}>
              <Logo />
            </Link>
            <Group component="nav" aria-label={t('nav.label')} gap="md" visibleFrom="sm">
              {links}
            </Group>
          </Group>
          <Group gap="sm" visibleFrom="sm" wrap="nowrap">
            <LanguageSwitch />
            {actions}
          </Group>
          <Burger
            hiddenFrom="sm"
            opened={opened}
            onClick={toggle}
            aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={opened}
            aria-controls="kc-mobile-menu"
          />
        </Group>
      </Container>
      {opened && (
        <Box id="kc-mobile-menu" hiddenFrom="sm" px="md" pb="md">
          <Stack gap="sm">
            <Stack component="nav" aria-label={t('nav.label')} gap="xs">
              {links}
            </Stack>
            <LanguageSwitch />
            <Group gap="sm">{actions}</Group>
          </Stack>
        </Box>
      )}
    </Box>
  );
}
