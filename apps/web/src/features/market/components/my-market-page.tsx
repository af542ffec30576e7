import { Alert, Anchor, Button, Container, Group, List, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MARKET_MAX_VALIDITY_DAYS, MARKET_MIN_VALIDITY_DAYS, UNIT_SCALE, documentsApi, formatDate, formatMoney, formatUnits, parseScaled, paths } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { InlineLoadError, InlineLoader, QueryContent } from '../../../components/ui/query-content.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { StatusBadge, type TStatusTone } from '../../../components/ui/status-badge.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { DownloadButton } from '../../documents/components/download-button.tsx';
import { useHoldings } from '../../income/api/get-holdings.ts';
import { formatUnitCount } from '../../income/lib/format.ts';
import { formatUnitPrice } from '../../ledger/lib/format-price.ts';
import { useUpdateOffer, useWithdrawOffer } from '../api/change-offers.ts';
import { useMyOffers, useMyTrades } from '../api/get-mine.ts';
import { useMarketSummary } from '../api/get-summary.ts';
import type { TMarketSummary, TMyOffer, TMyTrade, TOfferStatus, TPayout, TTradePayoutStatus, TUpdateOfferRequest } from '../api/types.ts';
import { checkSell, feePercent, formatCents, minTradeText, unitsOnOffer } from '../lib/amounts.ts';
import { changeFormSchema, type TChangeContext, type TChangeFormValues } from '../lib/form-schemas.ts';
import { ACCESSIBLE_ERROR_COLOR, FIELD_STYLES } from '../lib/form-styles.ts';
import { problemCode, problemMessage } from '../lib/problem-code.ts';
import { MarketFormula, MarketNotice } from './formula.tsx';
import { SellAmounts } from './sell-amounts.tsx';
import { ScrollTable } from './scroll-table.tsx';

const TONE: Record<TOfferStatus, TStatusTone> = { OPEN: 'green', FILLED: 'blue', WITHDRAWN: 'gray', EXPIRED: 'orange' };
const PAYOUT_TONE: Record<TTradePayoutStatus, TStatusTone> = { PENDING: 'orange', PARTLY_PAID: 'blue', PAID: 'green' };

/** /market/mis-ofertas: "Mis ofertas" (status, fills, change, withdraw) and "Mis operaciones" with their documents. */
export function MyMarketPage() {
  const session = useRequiredSession();
  const { t } = useTranslation('marketScreens');
  return (
    <Container size="lg" py="xl">
      <PageMeta title={t('meta.mineTitle')} description={t('meta.mineDescription')} />
      <Title order={1}>{t('mine.title')}</Title>
      <Stack mt="md" gap="lg">
        <MarketNotice />
        <Group>
          <Button component={Link} to={paths.marketSell.href()}>
            {t('links.sell')}
          </Button>
          <Anchor component={Link} to={paths.market.href()}>
            {t('links.market')}
          </Anchor>
        </Group>
        {session ? (
          <>
            <MyOffers userId={session.userId} />
            <MyTrades />
          </>
        ) : (
          <LoadingScreen />
        )}
      </Stack>
    </Container>
  );
}

function MyOffers({ userId }: { userId: string }) {
  const { t } = useTranslation('marketScreens');
  const headingId = useId();
  const offers = useMyOffers();
  const withdraw = useWithdrawOffer();
  const [editing, setEditing] = useState<TMyOffer | null>(null);
  const [confirming, setConfirming] = useState<TMyOffer | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const startWithdraw = (offer: TMyOffer) => {
    setEditing(null);
    setMessage(null);
    withdraw.reset();
    setConfirming(offer);
  };
  const startChange = (offer: TMyOffer) => {
    setConfirming(null);
    setMessage(null);
    setEditing(offer);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('mine.offersHeading')}
      </Title>
      {message ? (
        <Alert color="green" variant="light" role="status" mt="sm">
          {message}
        </Alert>
      ) : null}
      <QueryContent query={offers} isEmpty={(data) => data.items.length === 0} empty={<Text mt="sm">{t('mine.offersEmpty')}</Text>}>
        {(data) => (
          <ScrollTable
            caption={t('mine.offersCaption')}
            minWidth={900}
            testId="my-offers"
            head={
              <>
                <Table.Th scope="col">{t('mine.product')}</Table.Th>
                <Table.Th scope="col">{t('mine.units')}</Table.Th>
                <Table.Th scope="col">{t('mine.remaining')}</Table.Th>
                <Table.Th scope="col">{t('mine.price')}</Table.Th>
                <Table.Th scope="col">{t('mine.validUntil')}</Table.Th>
                <Table.Th scope="col">{t('mine.status')}</Table.Th>
                <Table.Th scope="col">{t('mine.fills')}</Table.Th>
                <Table.Th scope="col">{t('mine.actions')}</Table.Th>
              </>
            }
          >
            {data.items.map((offer) => {
              const labels = { product: offer.productName, price: formatUnitPrice(offer.price) };
              return (
                <Table.Tr key={offer.id}>
                  <Table.Td>{offer.productName}</Table.Td>
                  <Table.Td>{formatUnitCount(offer.units)}</Table.Td>
                  <Table.Td>{formatUnitCount(offer.remainingUnits)}</Table.Td>
                  <Table.Td>{formatUnitPrice(offer.price)}</Table.Td>
                  <Table.Td>{formatDate(offer.validUntil)}</Table.Td>
                  <Table.Td>
                    <StatusBadge tone={TONE[offer.status]}>{t(`mine.statuses.${offer.status}`)}</StatusBadge>
                  </Table.Td>
                  <Table.Td>
                    {offer.fills.length === 0 ? (
                      t('mine.noFills')
                    ) : (
                      <List size="sm" spacing={2}>
                        {offer.fills.map((fill, i) => (
                          <List.Item key={`${fill.at}-${i}`}>
                            {t('mine.fill', {
                              units: formatUnitCount(fill.units),
                              price: formatUnitPrice(fill.price),
                              date: formatDate(fill.at),
                              gross: formatMoney(fill.gross),
                              fee: formatMoney(fill.fee),
                              net: formatMoney(fill.net),
                            })}
                          </List.Item>
                        ))}
                      </List>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {offer.status === 'OPEN' ? (
                      <Group gap={6} wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => startChange(offer)} aria-label={t('mine.changeLabel', labels)}>
                          {t('mine.change')}
                        </Button>
                        <Button size="xs" variant="outline" color="red.9" onClick={() => startWithdraw(offer)} aria-label={t('mine.withdrawLabel', labels)}>
                          {t('mine.withdraw')}
                        </Button>
                      </Group>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ScrollTable>
        )}
      </QueryContent>
      {confirming ? (
        <ConfirmWithdraw
          isPending={withdraw.isPending}
          error={withdraw.isError ? problemMessage(withdraw.error, t('mine.failed')) : undefined}
          onNo={() => setConfirming(null)}
          onYes={() =>
            withdraw.mutate(confirming.id, {
              onSuccess: () => {
                setConfirming(null);
                setMessage(t('mine.withdrawn'));
              },
            })
          }
        />
      ) : null}
      {editing ? (
        <ChangeOfferLoader
          key={editing.id}
          offer={editing}
          offers={offers.data?.items ?? []}
          userId={userId}
          onCancel={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            setMessage(t('mine.changed'));
          }}
        />
      ) : null}
    </Paper>
  );
}

/** The withdrawal's confirmation: question, what it means, Sí and No (focus on No). */
function ConfirmWithdraw({ onYes, onNo, isPending, error }: { onYes: () => void; onNo: () => void; isPending: boolean; error: string | undefined }) {
  const { t } = useTranslation('marketScreens');
  const questionId = useId();
  const noteId = useId();
  const noRef = useRef<HTMLButtonElement>(null);
  useEffect(() => noRef.current?.focus(), []);
  return (
    <Paper withBorder p="md" mt="md" role="alertdialog" aria-labelledby={questionId} aria-describedby={noteId}>
      <Text fw={700} id={questionId}>
        {t('mine.withdrawQuestion')}
      </Text>
      <Text size="sm" id={noteId}>
        {t('mine.withdrawNote')}
      </Text>
      {error ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {error}
        </Alert>
      ) : null}
      <Group mt="sm">
        <Button color="red.9" onClick={onYes} loading={isPending}>
          {t('mine.withdrawYes')}
        </Button>
        <Button variant="default" onClick={onNo} ref={noRef} disabled={isPending}>
          {t('mine.withdrawNo')}
        </Button>
      </Group>
    </Paper>
  );
}

type TChangeProps = { offer: TMyOffer; onCancel: () => void; onDone: () => void };

/**
 * What a change is checked against before it is sent (issue 18: the formula next to every offer;
 * the band is otherwise only checked by the server after the second factor): the reference price
 * and band, the contract's units and those of its other open offers.
 */
function ChangeOfferLoader({ offers, userId, ...props }: TChangeProps & { offers: readonly TMyOffer[]; userId: string }) {
  const { t } = useTranslation('marketScreens');
  const summary = useMarketSummary();
  const holdings = useHoldings(userId);
  if (summary.isPending || holdings.isPending) {
    return (
      <Paper withBorder p="md" mt="md">
        <InlineLoader label={t('mine.changeLoading')} />
      </Paper>
    );
  }
  if (summary.isError || holdings.isError) {
    return (
      <Paper withBorder p="md" mt="md">
        <InlineLoadError
          message={t('mine.changeLoadError')}
          retryLabel={t('status.retry')}
          onRetry={() => {
            void summary.refetch();
            void holdings.refetch();
          }}
        />
      </Paper>
    );
  }
  const own = parseScaled(props.offer.remainingUnits, UNIT_SCALE) ?? 0n;
  const otherOffers = (unitsOnOffer(offers).get(props.offer.contractId) ?? 0n) - own;
  const holding = holdings.data.holdings.find((h) => h.contractId === props.offer.contractId);
  const context: TChangeContext = {
    // A contract missing from the holdings (never expected): only what the offers already hold.
    held: holding?.units ?? formatUnits(otherOffers + own),
    otherOffers,
    reference: summary.data.referencePrice?.price ?? null,
    contractState: holding?.state ?? 'ACTIVE',
  };
  return <ChangeOffer {...props} context={context} summary={summary.data} />;
}

function ChangeOffer({ offer, onCancel, onDone, context, summary }: TChangeProps & { context: TChangeContext; summary: TMarketSummary }) {
  const { t } = useTranslation('marketScreens');
  const update = useUpdateOffer();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const typed = (text: string) => (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text).replace('.', ',');
  const form = useForm<TChangeFormValues, unknown, TUpdateOfferRequest>({
    // Checked against the latest context (a refetch of the price or the holdings).
    resolver: (values, ctx, options) => zodResolver(changeFormSchema(offer, context))(values, ctx, options),
    defaultValues: { units: typed(offer.remainingUnits), price: typed(offer.price), days: '' },
  });
  const { errors } = form.formState;
  useEffect(() => headingRef.current?.focus(), []);
  const fields = form.watch();
  const available = formatUnits((parseScaled(context.held, UNIT_SCALE) ?? 0n) - context.otherOffers);
  const check = checkSell({ units: fields.units, price: fields.price, validityDays: String(MARKET_MIN_VALIDITY_DAYS), held: context.held, onOffer: context.otherOffers, reference: context.reference, contractState: context.contractState });
  const band = summary.band;
  const params18n = {
    available: formatUnitCount(available),
    min: band ? formatUnitPrice(band.min) : '',
    max: band ? formatUnitPrice(band.max) : '',
    amount: minTradeText(summary.minTradeCents),
  };
  const percent = feePercent(summary.feeBps);
  const errorFor = (name: keyof TChangeFormValues) => {
    const problem = errors[name]?.message;
    if (!problem) return undefined;
    if (problem === 'validityOutOfRange') return t('sell.errors.validityOutOfRange', { min: MARKET_MIN_VALIDITY_DAYS, max: MARKET_MAX_VALIDITY_DAYS });
    if (problem === 'unitsNotPositive') return t('sell.errors.unitsInvalid');
    if (problem === 'noReferencePrice') return t('sell.noPrice');
    return t(`sell.errors.${problem}`, params18n);
  };

  const onSubmit = form.handleSubmit((body) => {
    // Nothing changed: nothing to send.
    if (Object.keys(body).length === 0) {
      onCancel();
      return;
    }
    update.mutate({ id: offer.id, body }, { onSuccess: onDone });
  });

  const code = problemCode(update.error);
  const submitError = !update.isError ? undefined : code === 'stepUpCancelled' ? t('sell.stepUpCancelled') : problemMessage(update.error, t('mine.failed'));

  return (
    <Paper withBorder p="md" mt="md" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} ref={headingRef} tabIndex={-1}>
        {t('mine.changeHeading')} · {offer.productName} · {formatUnitPrice(offer.price)}
      </Title>
      <Text size="sm" mt="xs">
        {t('mine.changeIntro')}
      </Text>
      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} style={ACCESSIBLE_ERROR_COLOR}>
        <fieldset disabled={update.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
            <TextInput
              id="change-units"
              label={t('mine.unitsField')}
              description={t('sell.unitsHint', { available: formatUnitCount(available) })}
              inputMode="decimal"
              {...form.register('units', { deps: ['price'] })}
              error={errorFor('units')}
              styles={FIELD_STYLES}
            />
            <TextInput
              id="change-price"
              label={t('sell.price')}
              description={band && context.reference ? t('sell.priceHint', { min: params18n.min, max: params18n.max, percent: band.bps / 100, reference: formatUnitPrice(context.reference) }) : t('sell.noPrice')}
              inputMode="decimal"
              {...form.register('price', { deps: ['units'] })}
              error={errorFor('price')}
              styles={FIELD_STYLES}
            />
            <TextInput
              id="change-days"
              label={t('sell.validity')}
              description={t('sell.validityHint', { min: MARKET_MIN_VALIDITY_DAYS, max: MARKET_MAX_VALIDITY_DAYS })}
              inputMode="numeric"
              {...form.register('days')}
              error={errorFor('days')}
              styles={FIELD_STYLES}
            />
          </SimpleGrid>
          <SellAmounts check={check} percent={percent} heading={t('mine.changeAmountsHeading')} order={4} testId="change" mt="sm" />
          {submitError ? (
            <Alert color="red" variant="light" role="alert" mt="sm">
              {submitError}
            </Alert>
          ) : null}
          <Group mt="md">
            <Button type="submit" loading={update.isPending}>
              {update.isPending ? t('mine.saving') : t('mine.save')}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t('mine.cancel')}
            </Button>
          </Group>
        </fieldset>
      </form>
      <Paper withBorder p="md" mt="md">
        <MarketFormula summary={summary} headingLevel={4} />
      </Paper>
    </Paper>
  );
}

function MyTrades() {
  const { t } = useTranslation('marketScreens');
  const headingId = useId();
  const trades = useMyTrades();
  const lang = currentLanguage();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('mine.tradesHeading')}
      </Title>
      <QueryContent query={trades} isEmpty={(data) => data.items.length === 0} empty={<Text mt="sm">{t('mine.tradesEmpty')}</Text>}>
        {(data) => (
          <ScrollTable
            caption={t('mine.tradesCaption')}
            minWidth={920}
            testId="my-trades"
            head={
              <>
                <Table.Th scope="col">{t('mine.at')}</Table.Th>
                <Table.Th scope="col">{t('mine.side')}</Table.Th>
                <Table.Th scope="col">{t('mine.units')}</Table.Th>
                <Table.Th scope="col">{t('mine.price')}</Table.Th>
                <Table.Th scope="col">{t('mine.gross')}</Table.Th>
                <Table.Th scope="col">{t('mine.fee')}</Table.Th>
                <Table.Th scope="col">{t('mine.net')}</Table.Th>
                <Table.Th scope="col">{t('mine.payout')}</Table.Th>
                <Table.Th scope="col">{t('mine.document')}</Table.Th>
              </>
            }
          >
            {data.items.map((trade) => (
              <Table.Tr key={`${trade.id}-${trade.side}`}>
                <Table.Td>{formatDateTime(trade.at)}</Table.Td>
                <Table.Td>{t(`mine.sides.${trade.side}`)}</Table.Td>
                <Table.Td>{formatUnitCount(trade.units)}</Table.Td>
                <Table.Td>{formatUnitPrice(trade.price)}</Table.Td>
                <Table.Td>{formatCents(trade.grossCents)}</Table.Td>
                <Table.Td>{trade.side === 'SELL' ? formatCents(trade.feeCents) : '—'}</Table.Td>
                <Table.Td>{trade.side === 'SELL' ? formatCents(trade.netCents) : '—'}</Table.Td>
                <Table.Td>
                  <PayoutCell trade={trade} />
                </Table.Td>
                <Table.Td>
                  {trade.documentId ? (
                    <DownloadButton
                      url={documentsApi.download(trade.documentId, lang)}
                      fallbackName={`kc-market-${trade.id}.pdf`}
                      label={t('mine.download')}
                      ariaLabel={t('mine.downloadLabel', { side: t(`mine.sides.${trade.side}`).toLowerCase(), date: formatDateTime(trade.at) })}
                    />
                  ) : (
                    t('mine.noDocument')
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </ScrollTable>
        )}
      </QueryContent>
      {trades.data && trades.data.payouts.length > 0 ? <PayoutsReceived payouts={trades.data.payouts} /> : null}
      <Anchor component={Link} to={paths.documents.href()} mt="sm" display="inline-block">
        {t('mine.allDocuments')}
      </Anchor>
    </Paper>
  );
}

/** A sale's payment to the seller (decision 0036): awaiting payment, partly paid (how much) or paid. */
function PayoutCell({ trade }: { trade: TMyTrade }) {
  const { t } = useTranslation('marketScreens');
  if (trade.side !== 'SELL' || !trade.payoutStatus) return <>—</>;
  return (
    <Stack gap={2} align="flex-start">
      <StatusBadge tone={PAYOUT_TONE[trade.payoutStatus]}>{t(`mine.payoutStatuses.${trade.payoutStatus}`)}</StatusBadge>
      {trade.payoutStatus === 'PARTLY_PAID' ? (
        <Text size="sm">{t('mine.partlyPaid', { paid: formatCents(trade.paidCents ?? '0'), net: formatCents(trade.netCents) })}</Text>
      ) : null}
    </Stack>
  );
}

/** The transfers the platform made to the seller for their sales. */
function PayoutsReceived({ payouts }: { payouts: TPayout[] }) {
  const { t } = useTranslation('marketScreens');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" mt="lg" id={headingId}>
        {t('mine.payoutsHeading')}
      </Title>
      <Text size="sm" mt={4}>
        {t('mine.payoutsIntro')}
      </Text>
      <ScrollTable
        caption={t('mine.payoutsCaption')}
        minWidth={480}
        testId="my-payouts"
        head={
          <>
            <Table.Th scope="col">{t('mine.payoutValueDate')}</Table.Th>
            <Table.Th scope="col">{t('mine.payoutAmount')}</Table.Th>
            <Table.Th scope="col">{t('mine.payoutReference')}</Table.Th>
          </>
        }
      >
        {payouts.map((payout) => (
          <Table.Tr key={payout.id}>
            <Table.Td>{formatDate(payout.valueDate)}</Table.Td>
            <Table.Td>{formatCents(payout.amountCents)}</Table.Td>
            <Table.Td>{payout.bankReference}</Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
    </section>
  );
}
