import { Paper, SimpleGrid, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAssetFigures } from '@kc/domain';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { formatCount, formatEuros, formatHectares, formatPercent } from '../lib/format.ts';

/** productoInversion: the portfolio's figures (homes, rented share, rent, plantations, hectares, trees, valuation). */
export function AssetFigures({ figures }: { figures: TAssetFigures }) {
  const { t } = useTranslation('assetsScreens');
  const headingId = useId();
  return (
    <Paper withBorder p="md" radius="md" mt="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('public.figuresHeading')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mt="sm" spacing="md" data-testid="asset-figures">
        <LabelledValue label={t('public.homes')} value={formatCount(figures.homes)} />
        <LabelledValue
          label={t('public.rented')}
          value={figures.rentedPercent === null ? '—' : t('public.rentedValue', { percent: formatPercent(figures.rentedPercent), rented: figures.rentedHomes, homes: figures.homes })}
        />
        <LabelledValue label={t('public.monthlyRent')} value={formatEuros(figures.monthlyRent)} />
        <LabelledValue label={t('public.totalValuation')} value={formatEuros(figures.totalValuation)} />
        <LabelledValue label={t('public.plantations')} value={formatCount(figures.plantations)} />
        <LabelledValue label={t('public.hectares')} value={formatHectares(figures.hectares)} />
        <LabelledValue label={t('public.trees')} value={formatCount(figures.trees)} />
      </SimpleGrid>
    </Paper>
  );
}
