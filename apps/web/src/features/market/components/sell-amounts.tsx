import { Paper, SimpleGrid, Text, Title, type TitleOrder } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n.ts';
import { formatUnitCount } from '../../income/lib/format.ts';
import { formatUnitPrice } from '../../ledger/lib/format-price.ts';
import { formatCents, type TSellCheck } from '../lib/amounts.ts';

/**
 * What a sale of the offer being written would bring: gross, KC's fee and net, each with its
 * formula, updated as the seller types (a polite live region). The sell page and the change of an
 * offer show the same block, under their own heading.
 */
export function SellAmounts({ check, percent, heading, order, testId, mt }: { check: TSellCheck; percent: string; heading: string; order: TitleOrder; testId: string; mt?: string }) {
  const { t } = useTranslation('marketScreens');
  const headingId = useId();
  return (
    <Paper withBorder p="md" mt={mt} component="section" aria-labelledby={headingId} aria-live="polite" data-testid={`${testId}-amounts`}>
      <Title order={order} size={order >= 4 ? 'h5' : 'h4'} id={headingId}>
        {heading}
      </Title>
      {'amounts' in check ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
          <div>
            <Text size="sm" c="gray.7">
              {t('sell.gross')}
            </Text>
            <Text fw={700}>{formatCents(check.amounts.gross)}</Text>
            <Text size="xs">{t('sell.grossFormula', { units: formatUnitCount(check.units), price: formatUnitPrice(check.price), gross: formatCents(check.amounts.gross) })}</Text>
          </div>
          <div>
            <Text size="sm" c="gray.7">
              {t('sell.fee', { percent })}
            </Text>
            <Text fw={700}>{formatCents(check.amounts.fee)}</Text>
            <Text size="xs">{t('sell.feeFormula', { percent, gross: formatCents(check.amounts.gross), fee: formatCents(check.amounts.fee) })}</Text>
          </div>
          <div>
            <Text size="sm" c="gray.7">
              {t('sell.net')}
            </Text>
            <Text fw={700} data-testid={`${testId}-net`}>
              {formatCents(check.amounts.net)}
            </Text>
            <Text size="xs">{t('sell.netFormula', { gross: formatCents(check.amounts.gross), fee: formatCents(check.amounts.fee), net: formatCents(check.amounts.net) })}</Text>
          </div>
        </SimpleGrid>
      ) : (
        <Text size="sm" mt="xs">
          {t('sell.amountsPending')}
        </Text>
      )}
    </Paper>
  );
}
