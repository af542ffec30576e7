import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, type TAgentNode } from '@kc/domain';
import '../i18n.ts';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';

type TFigures = Omit<TAgentNode, 'id' | 'firstName' | 'lastName' | 'email'>;

/** A node's figures (computed by the API from contracts, clients and leads). */
export function Figures({ figures, members = true }: { figures: TFigures; members?: boolean }) {
  const { t } = useTranslation('sales');
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" verticalSpacing="xs">
      <LabelledValue label={t('figures.investmentTotal')} value={formatMoney(figures.investmentTotal)} />
      {members ? <LabelledValue label={t('figures.membersTotal')} value={String(figures.membersTotal)} /> : null}
      <LabelledValue label={t('figures.customersTotal')} value={String(figures.customersTotal)} />
      <LabelledValue label={t('figures.activeContracts')} value={String(figures.activeContracts)} />
      <LabelledValue label={t('figures.activeLeads')} value={String(figures.activeLeads)} />
      <LabelledValue label={t('figures.discardedClients')} value={String(figures.discardedClients)} />
      <LabelledValue label={t('figures.discardedOfferings')} value={String(figures.discardedOfferings)} />
    </SimpleGrid>
  );
}
