import { Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { useScrollToTop } from '../hooks/use-scroll-to-top.ts';
import type { TTextSection } from '../i18n.ts';
import './content-i18n.ts';
import './content.css';
import { RiskWarning } from './risk-warning.tsx';
import { RiskWarningFull } from './risk-warning-full.tsx';
import { PriceHistory } from '../../ledger/components/price-history.tsx';

export const SUSTAINABILITY_FIGURES = [
  'treesPerMember',
  'fellingAge',
  'replacementTrees',
  'soilPh',
  'waterTable',
  'winterTemperature',
  'cityDistance',
  'woodBiomass',
] as const;

function SustainabilityFigures() {
  const { t } = useTranslation('content');
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} mt={48}>
      <Title order={2} id={headingId}>
        {t('sustainability.heading')}
      </Title>
      <Text mt="xs">{t('sustainability.intro')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" mt="lg" component="dl" className="kc-plain-list">
        {SUSTAINABILITY_FIGURES.map((figure) => (
          <Card key={figure} withBorder padding="md" style={{ display: 'flex', flexDirection: 'column-reverse', justifyContent: 'flex-end' }}>
            <Text component="dt" size="sm" mt={4}>
              {t(`sustainability.figures.${figure}.label`)}
            </Text>
            <Text component="dd" fz={28} fw={700} c="kc.8" m={0} lh={1.2}>
              {t(`sustainability.figures.${figure}.value`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="sm" c="gray.7" mt="sm">
        {t('sustainability.note')}
      </Text>
    </Box>
  );
}

/** What the coin is: its backing, traceability, returns, liquidity, sustainability and risks. */
export function CoinPage() {
  const { t } = useTranslation('content');
  useScrollToTop();
  const sections = t('coin.sections', { returnObjects: true }) as TTextSection[];
  return (
    <Container size="lg" py="xl">
      <PageMeta title={t('coin.meta.title')} description={t('coin.meta.description')} />
      <Title order={1}>{t('coin.title')}</Title>
      <Text mt="sm" size="lg" maw={800}>
        {t('coin.intro')}
      </Text>
      <Box mt="lg">
        <RiskWarning withLink={false} />
      </Box>
      <Stack gap="xl" mt="xl" maw={800}>
        {sections.map((section) => (
          <Box component="section" key={section.heading}>
            <Title order={2}>{section.heading}</Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} mt="sm">
                {paragraph}
              </Text>
            ))}
          </Box>
        ))}
      </Stack>
      <PriceHistory />
      <SustainabilityFigures />
      <Box mt={48} maw={800}>
        <RiskWarningFull />
      </Box>
      <Group mt="xl" gap="sm">
        <Button component={Link} to={paths.calculators.href()}>
          {t('coin.cta.calculators')}
        </Button>
        <Button component={Link} to={paths.faq.href()} variant="outline">
          {t('coin.cta.faq')}
        </Button>
        {/* Properties and plantations (issue 15, part assets). */}
        <Button component={Link} to={paths.assets.href()} variant="outline">
          {t('coin.cta.assets')}
        </Button>
      </Group>
    </Container>
  );
}
