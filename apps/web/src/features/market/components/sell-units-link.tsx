import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import { LoadErrorAlert } from '../../../components/ui/paginated-list/load-error-alert.tsx';
import { useMyTrades } from '../api/get-mine.ts';
import { formatCents } from '../lib/amounts.ts';
import '../i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { canTrade } from '../lib/session.ts';

/** In a contract's details: the way to sell its units on the market, for its owner while it is ACTIVE. */
export function SellUnitsLink({ contractId, customerId, state }: { contractId: string; customerId: string; state: string }) {
  const { t } = useTranslation('marketScreens');
  const session = useSession();
  if (state !== 'ACTIVE' || !session || session.userId !== customerId || !canTrade(session.roles)) return null;
  return (
    <Group gap="sm" align="center">
      <Button component={Link} to={paths.marketSell.href(contractId)} variant="light">
        {t('contract.sell')}
      </Button>
      <Text size="sm">{t('contract.sellNote')}</Text>
    </Group>
  );
}

/**
 * In a contract's details, for its owner: what the market owes for this contract's sales and what
 * was paid out (decision 0036), with the way to "Mis operaciones". Nothing when it sold nothing.
 */
export function ContractMarketPayouts({ contractId, customerId }: { contractId: string; customerId: string }) {
  const session = useSession();
  const isOwner = Boolean(session && session.userId === customerId && canTrade(session.roles));
  return isOwner ? <OwnerMarketPayouts contractId={contractId} /> : null;
}

function OwnerMarketPayouts({ contractId }: { contractId: string }) {
  const { t } = useTranslation('marketScreens');
  const headingId = useId();
  const trades = useMyTrades();
  if (trades.isPending) return null;
  if (trades.isError) return <LoadErrorAlert onRetry={() => void trades.refetch()} />;
  const sales = trades.data.items.filter((trade) => trade.side === 'SELL' && trade.contractId === contractId);
  if (sales.length === 0) return null;
  const net = sales.reduce((sum, sale) => sum + BigInt(sale.netCents), 0n);
  const paid = trades.data.payouts.filter((p) => p.contractId === contractId).reduce((sum, p) => sum + BigInt(p.amountCents), 0n);
  return (
    <Stack gap={4} component="section" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        {t('contract.payoutsHeading')}
      </Title>
      <Text size="sm" data-testid="contract-market-payouts">
        {t('contract.payoutsSummary', { net: formatCents(net), paid: formatCents(paid), owed: formatCents(net > paid ? net - paid : 0n) })}
      </Text>
      <Anchor component={Link} to={paths.marketMine.href()} size="sm">
        {t('links.mine')}
      </Anchor>
    </Stack>
  );
}
