import { Anchor, Box, Container, Grid, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, type TContactFormKind } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import '../i18n.ts';
import { ContactForm } from './contact-form.tsx';

const PAGE_KEYS: Record<TContactFormKind, string> = {
  general: 'general',
  'finca-ganadera': 'fincaGanadera',
  'finca-agricola': 'fincaAgricola',
};
const NOTICE_LINES = ['controller', 'purpose', 'legalBasis', 'recipients', 'rights'] as const;

/** One of the three contact pages: its own introduction, the form, other ways to reach us and the data notice. */
export function ContactPage({ kind }: { kind: TContactFormKind }) {
  const { t } = useTranslation('contact');
  const page = `pages.${PAGE_KEYS[kind]}`;
  useEffect(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }), [kind]);
  return (
    <Container size="lg" py="xl">
      <PageMeta title={t(`${page}.meta.title`)} description={t(`${page}.meta.description`)} />
      <Title order={1}>{t(`${page}.title`)}</Title>
      <Text mt="sm" size="lg" fw={600}>
        {t(`${page}.intro`)}
      </Text>
      <Text mt="xs" maw={760}>
        {t(`${page}.description`)}
      </Text>
      <Grid mt="xl" gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ContactForm kind={kind} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Paper withBorder p="md" component="section" aria-labelledby="contact-details-heading">
              <Title order={2} size="h4" id="contact-details-heading">
                {t('details.heading')}
              </Title>
              <Text size="sm" fw={600} mt="sm">
                {t('details.emailLabel')}
              </Text>
              <Anchor href={`mailto:${t('details.email')}`} size="sm">
                {t('details.email')}
              </Anchor>
              <Text size="sm" fw={600} mt="sm">
                {t('details.addressLabel')}
              </Text>
              <Text size="sm" component="address" style={{ fontStyle: 'normal' }}>
                {t('details.address')}
              </Text>
            </Paper>
            <Box component="section" aria-labelledby="contact-notice-heading">
              <Title order={2} size="h5" id="contact-notice-heading">
                {t('dataNotice.heading')}
              </Title>
              <List size="sm" spacing={4} mt="xs" listStyleType="none" pl={0}>
                {NOTICE_LINES.map((line) => (
                  <List.Item key={line}>{t(`dataNotice.${line}`)}</List.Item>
                ))}
              </List>
              <Anchor component={Link} to={paths.privacyPolicy.href()} size="sm" mt="xs" display="inline-block">
                {t('dataNotice.moreInfo')}
              </Anchor>
            </Box>
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
