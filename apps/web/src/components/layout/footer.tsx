import { Anchor, Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';

/** About us, quick links (terms, contact), the legal pages and the copyright with the current year. */
export function Footer() {
  const { t } = useTranslation('layout');
  const year = new Date().getFullYear();
  return (
    <Box component="footer" className="kc-no-print" bg="gray.0" py="xl" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Title order={2} size="h5">
              {t('footer.aboutHeading')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('footer.about')}
            </Text>
          </Stack>
          <Stack gap="xs" component="nav" aria-label={t('footer.quickLinksHeading')}>
            <Title order={2} size="h5">
              {t('footer.quickLinksHeading')}
            </Title>
            <Anchor component={Link} to={paths.terms.href()} size="sm">
              {t('footer.terms')}
            </Anchor>
            <Anchor component={Link} to={paths.contactUs.href()} size="sm">
              {t('footer.contact')}
            </Anchor>
          </Stack>
          <Stack gap="xs" component="nav" aria-label={t('footer.legalLabel')}>
            <Title order={2} size="h5">
              {t('footer.legalLabel')}
            </Title>
            <Anchor component={Link} to={paths.privacyPolicy.href()} size="sm">
              {t('footer.privacyPolicy')}
            </Anchor>
            <Anchor component={Link} to={paths.dataPrivacy.href()} size="sm">
              {t('footer.dataPrivacy')}
            </Anchor>
            <Anchor component={Link} to={paths.cookies.href()} size="sm">
              {t('footer.cookies')}
            </Anchor>
          </Stack>
        </SimpleGrid>
        <Text size="sm" c="gray.7" mt="xl">
          <span suppressHydrationWarning>{t('footer.copyright', { year })}</span> {t('footer.allRightsReserved')}
        </Text>
      </Container>
    </Box>
  );
}
