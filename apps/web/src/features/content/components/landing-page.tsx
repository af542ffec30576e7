import { Anchor, Box, Button, Container, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import './content.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { addNamespaces } from '../../../lib/i18n.ts';
import landingEn from '../../../locales/en/landing.json';
import landingEs from '../../../locales/es/landing.json';
import { LandingCarousel } from './landing-carousel.tsx';
import { RiskWarning } from './risk-warning.tsx';

addNamespaces({ landing: { es: landingEs, en: landingEn } });

export const BENEFITS = ['profitable', 'safe', 'tangible', 'decentralised', 'stable', 'traceable', 'liquid', 'sustainable', 'ecological'] as const;
const COMPARISON_ROWS = ['stable', 'guaranteed', 'decentralised', 'competitiveReturn'] as const;
const COMPARISON_COLUMNS = ['kc', 'banks', 'crypto'] as const;
const INVEST_OPTIONS = ['bank', 'fund', 'home', 'other'] as const;

function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} mt={56}>
      <Title order={2} id={id}>
        {title}
      </Title>
      {intro && (
        <Text mt="xs" c="gray.7">
          {intro}
        </Text>
      )}
      <Box mt="lg">{children}</Box>
    </Box>
  );
}

function CheckIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="var(--mantine-color-kc-0)" />
      <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="var(--mantine-color-kc-8)" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function ComparisonTable() {
  const { t } = useTranslation('landing');
  const captionId = useId();
  return (
    <>
      <div role="region" aria-labelledby={captionId} tabIndex={0} className="kc-table-scroll">
        <table className="kc-table">
          <caption id={captionId}>{t('comparison.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('comparison.columns.feature')}</th>
              {COMPARISON_COLUMNS.map((column) => (
                <th scope="col" key={column}>
                  {t(`comparison.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {COMPARISON_ROWS.map((row) => (
              <tr key={row}>
                <th scope="row">
                  {t(`comparison.rows.${row}.label`)}
                  <Text component="span" display="block" size="xs" fw={400} c="gray.7" mt={4}>
                    {t(`comparison.rows.${row}.note`)}
                  </Text>
                </th>
                {COMPARISON_COLUMNS.map((column) => (
                  <td key={column}>{t(`comparison.rows.${row}.${column}`)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Text size="sm" c="gray.7" mt="sm">
        {t('comparison.footnote')}
      </Text>
    </>
  );
}

/** The landing page (specification, section 2): presentation, four entry points, benefits, comparisons. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  const buttons = [
    { key: 'coin', to: paths.coin.href() },
    { key: 'calculators', to: paths.calculators.href() },
    { key: 'faq', to: paths.faq.href() },
    { key: 'careers', to: paths.careers.href() },
  ] as const;
  return (
    <Container size="lg" py="xl">
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <Title order={1}>{t('heading')}</Title>
      <Text mt="sm" size="lg" maw={760}>
        {t('intro')}
      </Text>

      <Box mt="xl">
        <LandingCarousel />
      </Box>

      <Box component="nav" aria-label={t('buttonsLabel')} mt="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {buttons.map((button, index) => (
            <Button key={button.key} component={Link} to={button.to} size="md" variant={index === 1 ? 'filled' : 'outline'} fullWidth>
              {t(`buttons.${button.key}`)}
            </Button>
          ))}
        </SimpleGrid>
      </Box>

      <Box mt="lg">
        <RiskWarning />
      </Box>

      <Section title={t('benefits.heading')} intro={t('benefits.intro')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" component="ul" className="kc-plain-list">
          {BENEFITS.map((benefit) => (
            <Paper key={benefit} component="li" withBorder p="lg">
              <CheckIcon />
              <Title order={3} size="h4" mt="xs">
                {t(`benefits.items.${benefit}.title`)}
              </Title>
              <Text mt={6} size="sm">
                {t(`benefits.items.${benefit}.text`)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Section>

      <Section title={t('comparison.heading')} intro={t('comparison.intro')}>
        <ComparisonTable />
        <Box mt="md">
          <RiskWarning />
        </Box>
      </Section>

      <Section title={t('whereToInvest.heading')} intro={t('whereToInvest.intro')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="ul" className="kc-plain-list">
          {INVEST_OPTIONS.map((option) => (
            <Paper key={option} component="li" withBorder p="lg">
              <Title order={3} size="h4">
                {t(`whereToInvest.options.${option}.title`)}
              </Title>
              <Text mt={6} size="sm">
                {t(`whereToInvest.options.${option}.text`)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Stack mt="lg" gap={0}>
          <Anchor component={Link} to={paths.faq.href()} fw={600}>
            {t('whereToInvest.faqLink')}
          </Anchor>
        </Stack>
      </Section>
    </Container>
  );
}
