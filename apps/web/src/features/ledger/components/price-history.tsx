import { Alert, Box, Button, Loader, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@kc/domain';
import '../i18n.ts';
import { usePrices } from '../api/get-prices.ts';
import { formatUnitPrice } from '../lib/format-price.ts';
import { PriceChart } from './price-chart.tsx';

/**
 * The public price history (coin-and-finance page): fetched in the browser after the page has
 * loaded, so the prerendered page carries none of it; loading, empty and error states.
 */
export function PriceHistory() {
  const { t } = useTranslation('ledgerScreens');
  const headingId = useId();
  const prices = usePrices();
  const list = prices.data?.prices ?? [];
  return (
    <Box component="section" aria-labelledby={headingId} mt={48} maw={800}>
      <Title order={2} id={headingId}>
        {t('history.heading')}
      </Title>
      <Text mt="xs">{t('history.intro')}</Text>
      <Box mt="md" aria-live="polite" aria-busy={prices.isPending}>
        {prices.isPending ? (
          <Loader size="sm" aria-label={t('history.loading')} />
        ) : prices.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Text>{t('history.error')}</Text>
            <Button mt="xs" size="xs" variant="light" onClick={() => void prices.refetch()}>
              {t('history.retry')}
            </Button>
          </Alert>
        ) : list.length === 0 ? (
          <Text>{t('history.empty')}</Text>
        ) : (
          <>
            <PriceChart prices={list} />
            <details style={{ marginTop: 12 }}>
              <summary>{t('history.table')}</summary>
              {/* A scrolling region is focusable, so a keyboard can scroll it (axe: scrollable-region-focusable). */}
              <div role="region" aria-label={t('history.table')} tabIndex={0} style={{ overflowX: 'auto' }}>
                <Table striped miw={320}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('fields.valueDate')}</Table.Th>
                      <Table.Th scope="col">{t('fields.price')}</Table.Th>
                      <Table.Th scope="col">{t('fields.assetReport')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {[...list].reverse().map((p) => (
                      <Table.Tr key={p.valueDate}>
                        <Table.Td>{formatDate(p.valueDate)}</Table.Td>
                        <Table.Td>{formatUnitPrice(p.price)}</Table.Td>
                        <Table.Td>{p.assetReport}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            </details>
          </>
        )}
      </Box>
    </Box>
  );
}
