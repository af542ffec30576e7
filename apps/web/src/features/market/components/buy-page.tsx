import { Alert, Anchor, Button, Checkbox, Container, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PLAN_IDS, documentsApi, formatDate, formatUnits, keyInfoSheetPdfUrl, paths, type TPlanId } from '@kc/domain';
import { useQueryClient } from '@tanstack/react-query';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { LoadErrorAlert } from '../../../components/ui/paginated-list/load-error-alert.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useAppropriateness } from '../../investor-protection/api/appropriateness.ts';
import { DownloadButton } from '../../documents/components/download-button.tsx';
import { formatUnitPrice } from '../../ledger/lib/format-price.ts';
import { formatUnitCount } from '../../income/lib/format.ts';
import { useBuyOffer } from '../api/buy-offer.ts';
import { useOffer } from '../api/get-offers.ts';
import { useMarketSummary } from '../api/get-summary.ts';
import type { TBuyRequest, TBuyResult, TMarketOffer } from '../api/types.ts';
import { checkBuy, feePercent, formatCents, minPartialUnits, minTradeText } from '../lib/amounts.ts';
import { buyFormSchema, type TBuyFormValues } from '../lib/form-schemas.ts';
import { forgetPurchaseKey, purchaseKey } from '../lib/idempotency.ts';
import { problemCode, problemMessage } from '../lib/problem-code.ts';
import { ACCESSIBLE_ERROR_COLOR, FIELD_STYLES } from '../lib/form-styles.ts';
import { MarketNotice } from './formula.tsx';

/** /market/ofertas/{id}/comprar: buy all or part of another investor's open offer. */
/** One of the buy's two acknowledgements (the key information sheet, the risk warning), as a form field. */
function AckCheckbox(props: {
  id: string;
  label: string;
  field: 'acknowledgedKeyInformation' | 'acknowledgedRiskWarning';
  control: Control<TBuyFormValues>;
  error: string | undefined;
}) {
  return (
    <Controller
      control={props.control}
      name={props.field}
      render={({ field }) => (
        <Checkbox
          id={props.id}
          mt="sm"
          label={props.label}
          ref={field.ref}
          name={field.name}
          checked={field.value}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          onBlur={field.onBlur}
          error={props.error}
        />
      )}
    />
  );
}

export function BuyPage() {
  const session = useRequiredSession();
  const { t } = useTranslation('marketScreens');
  const { id } = useParams();
  const offer = useOffer(id);
  const [result, setResult] = useState<TBuyResult | null>(null);
  return (
    <Container size="md" py="xl">
      <PageMeta title={t('meta.buyTitle')} description={t('meta.buyDescription')} />
      <Title order={1}>{t('buy.title')}</Title>
      <Stack mt="md">
        <MarketNotice />
        {!session || offer.isPending ? (
          <LoadingScreen />
        ) : result ? (
          <BuyDone result={result} />
        ) : offer.isError ? (
          <LoadErrorAlert onRetry={() => void offer.refetch()} />
        ) : !offer.data ? (
          <Alert color="yellow" variant="light" role="status">
            <Text>{t('buy.notFound')}</Text>
            <Anchor component={Link} to={paths.market.href()} mt="xs" display="inline-block">
              {t('links.market')}
            </Anchor>
          </Alert>
        ) : offer.data.own ? (
          <Alert color="yellow" variant="light" role="status">
            <Text>{t('buy.ownOffer')}</Text>
            <Anchor component={Link} to={paths.marketMine.href()} mt="xs" display="inline-block">
              {t('links.mine')}
            </Anchor>
          </Alert>
        ) : (
          <BuyForm offer={offer.data} userId={session.userId} onDone={setResult} />
        )}
      </Stack>
    </Container>
  );
}

/** The offer's product as a plan with a key information sheet (the hiring flow's link), or undefined for a product without one. */
const planOf = (offer: TMarketOffer): TPlanId | undefined =>
  (PLAN_IDS as readonly string[]).includes(offer.productKey) ? (offer.productKey as TPlanId) : undefined;

/** Units as a person would type them in Spanish: '12.500000' → '12,5'. */
const typedUnits = (units: string) => (units.includes('.') ? units.replace(/0+$/, '').replace(/\.$/, '') : units).replace('.', ',');

function BuyForm({ offer, userId, onDone }: { offer: TMarketOffer; userId: string; onDone: (result: TBuyResult) => void }) {
  const { t } = useTranslation('marketScreens');
  const queryClient = useQueryClient();
  const summary = useMarketSummary();
  const test = useAppropriateness(userId);
  const buy = useBuyOffer();
  const form = useForm<TBuyFormValues, unknown, TBuyRequest>({
    resolver: zodResolver(buyFormSchema(offer)),
    defaultValues: { units: typedUnits(offer.remainingUnits), acknowledgedKeyInformation: false, acknowledgedRiskWarning: false },
    mode: 'all',
  });
  const units = form.watch('units');
  const { errors, touchedFields, isSubmitted } = form.formState;
  const statusRef = useRef<HTMLDivElement>(null);
  const amountsId = useId();
  const protectionId = useId();

  const minTradeCents = summary.data?.minTradeCents ?? 1000;
  const check = checkBuy(units, offer);
  const least = minPartialUnits(offer.price, minTradeCents);
  const all = formatUnitCount(offer.remainingUnits);
  const leastText = least === null ? '' : formatUnitCount(formatUnits(least));
  const amount = minTradeText(minTradeCents);
  // The units' problem as soon as something is typed (or the field was left); the acknowledgements' after a first try.
  const unitsProblem = errors.units?.message;
  const unitsError = unitsProblem && (touchedFields.units || isSubmitted || units.trim() !== '') ? t(`buy.errors.${unitsProblem}`, { all, amount, least: leastText }) : undefined;
  const ackError = (name: 'acknowledgedKeyInformation' | 'acknowledgedRiskWarning') => (isSubmitted && errors[name] ? t(`buy.errors.${errors[name].message}`) : undefined);

  useEffect(() => {
    if (buy.isError) statusRef.current?.focus();
  }, [buy.isError]);

  const latest = test.data?.latest ?? null;
  const testState = test.isPending ? 'loading' : test.isError ? 'error' : !latest ? 'testMissing' : !latest.current ? 'testExpired' : !latest.passed ? 'testNotPassed' : 'ready';
  const code = problemCode(buy.error);
  const needsTest = testState === 'testMissing' || testState === 'testExpired' || testState === 'testNotPassed' || code === 'appropriatenessRequired';
  const plan = planOf(offer);
  const lang = currentLanguage();
  const backHere = paths.marketBuy.href(offer.id);

  const onSubmit = form.handleSubmit((body) =>
    buy.mutate(
      { offerId: offer.id, body, idempotencyKey: purchaseKey(offer.id, body.units) },
      {
        onSuccess: (answer) => {
          forgetPurchaseKey(offer.id);
          onDone(answer);
        },
        onError: (error) => {
          const failed = problemCode(error);
          // The offer moved under us: read it again (another key next time: another attempt).
          if (failed === 'offerNotEnoughUnits' || failed === 'offerClosed') {
            forgetPurchaseKey(offer.id);
            void queryClient.invalidateQueries({ queryKey: ['market'] });
          }
          if (failed === 'appropriatenessRequired') void queryClient.invalidateQueries({ queryKey: ['appropriateness', userId] });
        },
      },
    ),
  );

  const submitError = !buy.isError
    ? undefined
    : code === 'offerNotEnoughUnits' || code === 'offerClosed'
      ? t('buy.offerChanged')
      : code === 'stepUpCancelled'
        ? t('buy.stepUpCancelled')
        : problemMessage(buy.error, t('buy.failed'));

  return (
    <Stack>
      <Paper withBorder p="md" component="section" aria-labelledby="buy-offer">
        <Title order={2} size="h3" id="buy-offer">
          {t('buy.offerHeading')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} mt="sm">
          <LabelledValue label={t('buy.product')} value={offer.productName} />
          <LabelledValue label={t('buy.remaining')} value={all} />
          <LabelledValue label={t('buy.price')} value={formatUnitPrice(offer.price)} />
          <LabelledValue label={t('buy.validUntil')} value={formatDate(offer.validUntil)} />
          {summary.data?.referencePrice ? <LabelledValue label={t('buy.reference')} value={formatUnitPrice(summary.data.referencePrice.price)} /> : null}
        </SimpleGrid>
      </Paper>
      {needsTest ? (
        <Alert color="yellow" variant="light" role="status" data-testid="test-required">
          <Text>{t(`buy.${testState === 'ready' || testState === 'loading' || testState === 'error' ? 'testMissing' : testState}`)}</Text>
          <Button component={Link} to={`${paths.appropriateness.href()}?volver=${encodeURIComponent(backHere)}`} mt="sm">
            {t('buy.takeTest')}
          </Button>
        </Alert>
      ) : null}
      {testState === 'error' ? <LoadErrorAlert onRetry={() => void test.refetch()} /> : null}
      <form noValidate onSubmit={onSubmit} aria-label={t('buy.title')} style={ACCESSIBLE_ERROR_COLOR}>
        <fieldset disabled={buy.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                id="buy-units"
                label={t('buy.units')}
                description={t('buy.unitsHint', { all, amount, least: leastText })}
                inputMode="decimal"
                required
                {...form.register('units')}
                error={unitsError}
                style={{ flex: '1 1 240px' }}
                styles={FIELD_STYLES}
              />
              <Button variant="default" onClick={() => form.setValue('units', typedUnits(offer.remainingUnits), { shouldValidate: true })}>
                {t('buy.all')}
              </Button>
            </Group>
            <Paper withBorder p="md" component="section" aria-labelledby={amountsId} data-testid="buy-amounts">
              <Title order={2} size="h4" id={amountsId}>
                {t('buy.amountsHeading')}
              </Title>
              {'amounts' in check ? (
                <>
                  <Text mt="xs" fw={700} size="lg">
                    {t('buy.gross')}: {formatCents(check.amounts.gross)}
                  </Text>
                  <Text size="sm">
                    {t('buy.grossFormula', { units: formatUnitCount(check.units), price: formatUnitPrice(offer.price), gross: formatCents(check.amounts.gross) })}
                  </Text>
                </>
              ) : null}
              <Text size="sm" mt="xs">
                {t('buy.feeNote', { percent: feePercent(summary.data?.feeBps) })}
              </Text>
            </Paper>
            <Paper withBorder p="md" component="section" aria-labelledby={protectionId}>
              <Title order={2} size="h4" id={protectionId}>
                {t('buy.protectionHeading')}
              </Title>
              <Group mt="xs" gap="md">
                {plan ? (
                  <>
                    <Anchor component={Link} to={paths.keyInfoSheet.href(plan)} target="_blank">
                      {t('buy.sheet')}
                    </Anchor>
                    <Anchor href={keyInfoSheetPdfUrl(plan, lang)} target="_blank" rel="noopener" size="sm">
                      {t('buy.sheetPdf')}
                    </Anchor>
                  </>
                ) : (
                  <Anchor component={Link} to={paths.calculators.href()} target="_blank">
                    {t('buy.sheetList')}
                  </Anchor>
                )}
              </Group>
              <AckCheckbox id="buy-sheet" label={t('buy.acknowledgeSheet')} field="acknowledgedKeyInformation" control={form.control} error={ackError('acknowledgedKeyInformation')} />
              <Alert color="orange" variant="light" mt="md" title={t('buy.riskTitle')} styles={{ title: { color: 'var(--mantine-color-dark-9)' } }} data-testid="risk-warning">
                <Text size="sm">{t('buy.risk')}</Text>
                <AckCheckbox id="buy-risk" label={t('buy.acknowledgeRisk')} field="acknowledgedRiskWarning" control={form.control} error={ackError('acknowledgedRiskWarning')} />
              </Alert>
            </Paper>
            <div ref={statusRef} tabIndex={-1} style={{ outline: 'none' }}>
              {submitError ? (
                <Alert color="red" variant="light" role="alert">
                  {submitError}
                </Alert>
              ) : null}
            </div>
            <Group>
              <Button type="submit" loading={buy.isPending} disabled={needsTest || testState !== 'ready'}>
                {buy.isPending
                  ? t('buy.submitting')
                  : 'amounts' in check
                    ? t('buy.submit', { units: formatUnitCount(check.units), gross: formatCents(check.amounts.gross) })
                    : t('buy.submitPlain')}
              </Button>
              <Anchor component={Link} to={paths.market.href()}>
                {t('links.market')}
              </Anchor>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Stack>
  );
}

function BuyDone({ result }: { result: TBuyResult }) {
  const { t } = useTranslation('marketScreens');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Paper withBorder p="md" ref={ref} tabIndex={-1} role="status" aria-labelledby="buy-done" data-testid="buy-done">
      <Title order={2} size="h3" id="buy-done">
        {t('buy.done')}
      </Title>
      <Text mt="xs">
        {t('buy.doneText', { units: formatUnitCount(result.units), price: formatUnitPrice(result.price), gross: formatCents(result.grossCents) })}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} mt="sm">
        <LabelledValue label={t('buy.trade')} value={result.tradeId} />
        <LabelledValue label={t('buy.contract')} value={result.buyerContractId} />
      </SimpleGrid>
      <Group mt="md" gap="md" align="center">
        <DownloadButton url={documentsApi.download(result.documentId, currentLanguage())} fallbackName={`kc-market-${result.tradeId}.pdf`} label={t('buy.document')} variant="filled" />
        <Anchor component={Link} to={paths.documents.href()}>
          {t('buy.documents')}
        </Anchor>
        <Anchor component={Link} to={`${paths.dashboard.href()}?detalle=${encodeURIComponent(result.buyerContractId)}`}>
          {t('links.dashboard')}
        </Anchor>
        <Anchor component={Link} to={paths.marketMine.href()}>
          {t('links.mine')}
        </Anchor>
      </Group>
    </Paper>
  );
}
