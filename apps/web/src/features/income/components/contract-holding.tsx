import { Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n.ts';
import { InlineLoadError, InlineLoader, QueryContent } from '../../../components/ui/query-content.tsx';
import { useHoldings } from '../api/get-holdings.ts';
import { HoldingFigures } from './holding-figures.tsx';

/** A contract's units, value at the last published price and income received (the contract's details). */
export function ContractHolding({ contractId, customerId }: { contractId: string; customerId: string }) {
  const { t } = useTranslation('incomeScreens');
  const headingId = useId();
  const holdings = useHoldings(customerId);
  return (
    <section aria-labelledby={headingId} data-testid="contract-holding">
      <Title order={3} size="h4" id={headingId}>
        {t('holdings.contractHeading')}
      </Title>
      <QueryContent
        query={holdings}
        loading={<InlineLoader label={t('holdings.loading')} />}
        error={(retry) => <InlineLoadError message={t('holdings.error')} retryLabel={t('holdings.retry')} onRetry={retry} />}
      >
        {(data) => (
          <HoldingFigures
            figures={data.holdings.find((h) => h.contractId === contractId) ?? { units: '0.000000', value: null, paidIn: '0.00', income: '0.00' }}
            withResult={false}
          />
        )}
      </QueryContent>
    </section>
  );
}
