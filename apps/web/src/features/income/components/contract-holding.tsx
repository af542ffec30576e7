import { Loader, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n.ts';
import { useHoldings } from '../api/get-holdings.ts';
import { HoldingFigures } from './holding-figures.tsx';

/** A contract's units, value at the last published price and income received (the contract's details). */
export function ContractHolding({ contractId, customerId }: { contractId: string; customerId: string }) {
  const { t } = useTranslation('incomeScreens');
  const headingId = useId();
  const holdings = useHoldings(customerId);
  const holding = holdings.data?.holdings.find((h) => h.contractId === contractId);
  return (
    <section aria-labelledby={headingId} data-testid="contract-holding">
      <Title order={3} size="h4" id={headingId}>
        {t('holdings.contractHeading')}
      </Title>
      {holdings.isPending ? (
        <Loader size="sm" mt="xs" aria-label={t('holdings.loading')} />
      ) : holdings.isError ? (
        <Text mt="xs" role="alert">
          {t('holdings.error')}
        </Text>
      ) : (
        <HoldingFigures figures={holding ?? { units: '0.000000', value: null, paidIn: '0.00', income: '0.00' }} withResult={false} />
      )}
    </section>
  );
}
