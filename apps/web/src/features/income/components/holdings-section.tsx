import { Alert, Button, Loader, Paper, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@kc/domain';
import '../i18n.ts';
import { useHoldings } from '../api/get-holdings.ts';
import { useValueHistory } from '../api/get-value-history.ts';
import { formatPerUnit } from '../lib/format.ts';
import { HoldingFigures } from './holding-figures.tsx';
import { HoldingsRiskNote } from './risk-note.tsx';
import { ValueChart } from './value-chart.tsx';

function Retry({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('incomeScreens');
  return (
    <Alert color="red" variant="light" role="alert" mt="xs">
      <Text>{message}</Text>
      <Button mt="xs" size="xs" variant="light" onClick={onRetry}>
        {t('holdings.retry')}
      </Button>
    </Alert>
  );
}

function ValueOverTime({ customerId }: { customerId: string }) {
  const { t } = useTranslation('incomeScreens');
  const headingId = useId();
  const history = useValueHistory(customerId);
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} mt="lg">
        {t('chart.heading')}
      </Title>
      {history.isPending ? (
        <Loader size="sm" mt="xs" aria-label={t('holdings.loading')} />
      ) : history.isError ? (
        <Retry message={t('holdings.error')} onRetry={() => void history.refetch()} />
      ) : history.data.points.length === 0 ? (
        <Text mt="xs">{t('chart.empty')}</Text>
      ) : (
        <ValueChart points={history.data.points} />
      )}
    </section>
  );
}

/**
 * The investor's holdings on the dashboard: units, value at the last published price, paid in,
 * income received, the result (a loss shown as one), the value over time and the risk warning.
 */
export function HoldingsSection({ customerId }: { customerId: string }) {
  const { t } = useTranslation('incomeScreens');
  const headingId = useId();
  const holdings = useHoldings(customerId);
  const data = holdings.data;
  const holdsAnything = data ? data.totals.units !== '0.000000' || data.totals.paidIn !== '0.00' || data.totals.income !== '0.00' : false;
  return (
    <Paper withBorder p="md" mt="lg" component="section" aria-labelledby={headingId} data-testid="holdings">
      <Title order={2} size="h3" id={headingId}>
        {t('holdings.heading')}
      </Title>
      {holdings.isPending ? (
        <Loader size="sm" mt="xs" aria-label={t('holdings.loading')} />
      ) : holdings.isError ? (
        <Retry message={t('holdings.error')} onRetry={() => void holdings.refetch()} />
      ) : !holdsAnything ? (
        <Text mt="xs">{t('holdings.empty')}</Text>
      ) : (
        <>
          <HoldingFigures figures={data!.totals} />
          {data!.price && data!.priceDate ? (
            <Text size="sm" mt="xs" c="gray.7">
              {t('holdings.priceNote', { date: formatDate(data!.priceDate), price: formatPerUnit(data!.price) })} {t('holdings.resultNote')}
            </Text>
          ) : null}
          <ValueOverTime customerId={customerId} />
        </>
      )}
      <HoldingsRiskNote />
    </Paper>
  );
}
