import { Alert, Anchor, Box, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, paths, type TPriceHistory } from '@kc/domain';
import '../i18n.ts';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { InlineLoadError, InlineLoader } from '../../../components/ui/query-content.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { usePrices } from '../../ledger/api/get-prices.ts';
import { PriceChart } from '../../ledger/components/price-chart.tsx';
import { formatUnitPrice } from '../../ledger/lib/format-price.ts';
import { formatUnitCount } from '../../income/lib/format.ts';
import { useMarketSummary } from '../api/get-summary.ts';
import type { TMarketSummary } from '../api/types.ts';
import { canTrade, useOptionalSession } from '../lib/session.ts';
import { MarketFormula, MarketNotice } from './formula.tsx';
import { OpenOffers } from './open-offers.tsx';
import { ScrollTable } from './scroll-table.tsx';

/**
 * /market and /authorization (the specification: "the same market page"): the bulletin board of
 * issue 18. Public: the reference price and its history, the band and the fee formula, the last
 * trades (no names), the depth of open offers and the notice that it is not a regulated market.
 * A signed-in investor also sees the open offers with Comprar, and the ways to sell and to their
 * own offers and trades.
 */
export function MarketPage() {
  const { t } = useTranslation('marketScreens');
  const { checked, session } = useOptionalSession();
  const summary = useMarketSummary();
  const investor = session && canTrade(session.roles);
  return (
    <Box maw={1100} mx="auto" px="md" py="xl">
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text mt="xs">{t('lead')}</Text>
        </div>
        <MarketNotice />
        {investor ? (
          <Group>
            <Button component={Link} to={paths.marketSell.href()}>
              {t('links.sell')}
            </Button>
            <Button component={Link} to={paths.marketMine.href()} variant="default">
              {t('links.mine')}
            </Button>
          </Group>
        ) : null}
        <Box aria-live="polite" aria-busy={summary.isPending}>
          {summary.isPending ? (
            <Group gap="xs">
              <Loader size="sm" aria-hidden="true" />
              <Text>{t('status.loading')}</Text>
            </Group>
          ) : summary.isError ? (
            <Alert color="red" variant="light" role="alert">
              <Text>{t('status.error')}</Text>
              <Button mt="xs" size="xs" variant="default" onClick={() => void summary.refetch()}>
                {t('status.retry')}
              </Button>
            </Alert>
          ) : (
            <SummarySections summary={summary.data} />
          )}
        </Box>
        <OffersArea checked={checked} signedIn={Boolean(session)} investor={Boolean(investor)} />
      </Stack>
    </Box>
  );
}

function SummarySections({ summary }: { summary: TMarketSummary }) {
  const { t } = useTranslation('marketScreens');
  const referenceId = useId();
  const tradesId = useId();
  const depthId = useId();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="md" component="section" aria-labelledby={referenceId}>
          <Title order={2} size="h3" id={referenceId}>
            {t('reference.heading')}
          </Title>
          <Text size="sm" mt="xs">
            {t('reference.intro')}
          </Text>
          {summary.referencePrice ? (
            <div data-testid="reference-price">
              {/* The price is worth that at its value date; when KC published it is said apart. */}
              <SimpleGrid cols={2} mt="sm">
                <LabelledValue label={t('reference.price')} value={formatUnitPrice(summary.referencePrice.price)} />
                <LabelledValue label={t('reference.valueDate')} value={formatDate(summary.referencePrice.valueDate)} />
              </SimpleGrid>
              <Text size="sm" c="gray.7" mt={4}>
                {t('reference.publishedOn', { date: formatDate(summary.referencePrice.publishedAt) })}
              </Text>
            </div>
          ) : (
            <Text mt="sm">{t('reference.none')}</Text>
          )}
        </Paper>
        <Paper withBorder p="md">
          <MarketFormula summary={summary} />
        </Paper>
      </SimpleGrid>
      <ReferenceHistory />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="md" component="section" aria-labelledby={tradesId}>
          <Title order={2} size="h3" id={tradesId}>
            {t('trades.heading')}
          </Title>
          {summary.lastTrades.length === 0 ? (
            <Text mt="sm">{t('trades.empty')}</Text>
          ) : (
            <ScrollTable caption={t('trades.caption')} minWidth={320} testId="last-trades" head={<><Table.Th scope="col">{t('trades.price')}</Table.Th><Table.Th scope="col">{t('trades.units')}</Table.Th><Table.Th scope="col">{t('trades.at')}</Table.Th></>}>
              {summary.lastTrades.map((trade, i) => (
                <Table.Tr key={`${trade.at}-${i}`}>
                  <Table.Td>{formatUnitPrice(trade.price)}</Table.Td>
                  <Table.Td>{formatUnitCount(trade.units)}</Table.Td>
                  <Table.Td>{formatDateTime(trade.at)}</Table.Td>
                </Table.Tr>
              ))}
            </ScrollTable>
          )}
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby={depthId}>
          <Title order={2} size="h3" id={depthId}>
            {t('depth.heading')}
          </Title>
          {summary.depth.length === 0 ? (
            <Text mt="sm">{t('depth.empty')}</Text>
          ) : (
            <ScrollTable caption={t('depth.caption')} minWidth={320} testId="market-depth" head={<><Table.Th scope="col">{t('depth.price')}</Table.Th><Table.Th scope="col">{t('depth.units')}</Table.Th><Table.Th scope="col">{t('depth.offers')}</Table.Th></>}>
              {summary.depth.map((level) => (
                <Table.Tr key={level.price}>
                  <Table.Td>{formatUnitPrice(level.price)}</Table.Td>
                  <Table.Td>{formatUnitCount(level.units)}</Table.Td>
                  <Table.Td>{level.offers}</Table.Td>
                </Table.Tr>
              ))}
            </ScrollTable>
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The reference price's history by value date: the ledger's published prices (the same list the
 * coin page draws), as an SVG line with every figure in a table under it.
 */
function ReferenceHistory() {
  const { t } = useTranslation('marketScreens');
  const headingId = useId();
  const prices = usePrices();
  const list = prices.data?.prices ?? [];
  // Nothing published yet: the reference section already says so.
  if (prices.isSuccess && list.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('reference.historyHeading')}
      </Title>
      {prices.isPending ? (
        <InlineLoader label={t('reference.historyLoading')} />
      ) : prices.isError ? (
        <InlineLoadError message={t('reference.historyError')} retryLabel={t('status.retry')} onRetry={() => void prices.refetch()} />
      ) : (
        <ReferenceHistoryChart list={list} />
      )}
    </Paper>
  );
}

function ReferenceHistoryChart({ list }: { list: TPriceHistory['prices'] }) {
  const { t } = useTranslation('marketScreens');
  return (
    <>
      <Box mt="sm">
        <PriceChart prices={list} />
      </Box>
      <details style={{ marginTop: 12 }}>
        <summary>{t('reference.historyTable')}</summary>
        <ScrollTable
          caption={t('reference.historyHeading')}
          minWidth={280}
          head={
            <>
              <Table.Th scope="col">{t('reference.valueDate')}</Table.Th>
              <Table.Th scope="col">{t('reference.price')}</Table.Th>
            </>
          }
        >
          {[...list].reverse().map((p) => (
            <Table.Tr key={p.valueDate}>
              <Table.Td>{formatDate(p.valueDate)}</Table.Td>
              <Table.Td>{formatUnitPrice(p.price)}</Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      </details>
    </>
  );
}

function OffersArea({ checked, signedIn, investor }: { checked: boolean; signedIn: boolean; investor: boolean }) {
  const { t } = useTranslation('marketScreens');
  const headingId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('offers.heading')}
      </Title>
      {!checked ? null : investor ? (
        <OpenOffers />
      ) : signedIn ? (
        <Text mt="sm">{t('offers.notInvestor')}</Text>
      ) : (
        <Text mt="sm">
          {t('offers.signIn')}{' '}
          <Anchor component={Link} to={paths.login.href()}>
            {t('offers.signInLink')}
          </Anchor>
        </Text>
      )}
    </Paper>
  );
}
