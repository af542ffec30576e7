import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@kc/domain';
import '../i18n.ts';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { formatUnitCount } from '../lib/format.ts';
import { HoldingResult } from './holding-result.tsx';

export interface THoldingFigures {
  units: string;
  value: string | null;
  paidIn: string;
  income: string;
}

/** Units, value at the last price, paid in, income received and the result, side by side. */
export function HoldingFigures({ figures, withResult = true }: { figures: THoldingFigures; withResult?: boolean }) {
  const { t } = useTranslation('incomeScreens');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: withResult ? 5 : 3 }} spacing="sm" mt="xs">
      <LabelledValue label={t('holdings.units')} value={formatUnitCount(figures.units)} />
      <LabelledValue label={t('holdings.value')} value={figures.value === null ? t('holdings.noPrice') : formatMoney(figures.value)} />
      {withResult ? <LabelledValue label={t('holdings.paidIn')} value={formatMoney(figures.paidIn)} /> : null}
      <LabelledValue label={t('holdings.income')} value={formatMoney(figures.income)} />
      {withResult ? <HoldingResult value={figures.value} income={figures.income} paidIn={figures.paidIn} /> : null}
    </SimpleGrid>
  );
}
