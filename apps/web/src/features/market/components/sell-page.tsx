import { Alert, Anchor, Button, Container, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MARKET_MAX_VALIDITY_DAYS, MARKET_MIN_VALIDITY_DAYS, UNIT_SCALE, formatDate, formatUnits, parseScaled, paths, type THolding, type TScaled } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { LoadErrorAlert } from '../../../components/ui/paginated-list/load-error-alert.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { useProducts } from '../../../lib/api/get-products.ts';
import { useHoldings } from '../../income/api/get-holdings.ts';
import { formatUnitCount } from '../../income/lib/format.ts';
import { formatUnitPrice } from '../../ledger/lib/format-price.ts';
import { useCreateOffer } from '../api/change-offers.ts';
import { useMyOffers } from '../api/get-mine.ts';
import { useMarketSummary } from '../api/get-summary.ts';
import type { TCreateOfferRequest, TMarketSummary, TMyOffer } from '../api/types.ts';
import { checkSell, feePercent, minTradeText, unitsOnOffer } from '../lib/amounts.ts';
import { ACCESSIBLE_ERROR_COLOR, FIELD_STYLES } from '../lib/form-styles.ts';
import { sellFormSchema, type TSellContext, type TSellFormValues } from '../lib/form-schemas.ts';
import { problemCode, problemMessage } from '../lib/problem-code.ts';
import { MarketFormula, MarketNotice } from './formula.tsx';
import { SellAmounts } from './sell-amounts.tsx';

/** /market/vender: "Vender participaciones" from an ACTIVE contract, with the formula live. */
export function SellPage() {
  const session = useRequiredSession();
  const { t } = useTranslation('marketScreens');
  return (
    <Container size="md" py="xl">
      <PageMeta title={t('meta.sellTitle')} description={t('meta.sellDescription')} />
      <Title order={1}>{t('sell.title')}</Title>
      <Stack mt="md">
        <Text>{t('sell.intro')}</Text>
        <MarketNotice />
        {session ? <SellLoader userId={session.userId} /> : <LoadingScreen />}
      </Stack>
    </Container>
  );
}

function SellLoader({ userId }: { userId: string }) {
  const { t } = useTranslation('marketScreens');
  const holdings = useHoldings(userId);
  const myOffers = useMyOffers();
  const summary = useMarketSummary();
  const products = useProducts();
  // Above the form: posting an offer refetches the holdings and offers first, and when it used up
  // every unit left to sell the form gives way, so its confirmation must outlive it.
  const create = useCreateOffer();
  const [posted, setPosted] = useState<TMyOffer | null>(null);
  if (holdings.isPending || myOffers.isPending || summary.isPending || products.isPending) return <LoadingScreen />;
  if (holdings.isError || myOffers.isError || summary.isError || products.isError) {
    return (
      <LoadErrorAlert
        onRetry={() => {
          void holdings.refetch();
          void myOffers.refetch();
          void summary.refetch();
          void products.refetch();
        }}
      />
    );
  }
  const onOffer = unitsOnOffer(myOffers.data.items);
  const sellable = holdings.data.holdings.filter((h) => h.state === 'ACTIVE' && (parseScaled(h.units, UNIT_SCALE) ?? 0n) - (onOffer.get(h.contractId) ?? 0n) > 0n);
  const names = new Map(products.data.map((p) => [p.productKey as string, p]));
  if (!summary.data.referencePrice) {
    return (
      <Alert color="yellow" variant="light" role="status">
        {t('sell.noPrice')}
      </Alert>
    );
  }
  if (sellable.length === 0 && (posted || create.isPending)) {
    // The offer just posted took the last units: its confirmation, not "nothing to sell".
    return posted ? <OfferPosted offer={posted} /> : <LoadingScreen />;
  }
  if (sellable.length === 0) {
    return (
      <Alert color="yellow" variant="light" role="status">
        <Text>{t('sell.noContracts')}</Text>
        <Group mt="xs" gap="md">
          <Anchor component={Link} to={paths.marketMine.href()}>
            {t('links.mine')}
          </Anchor>
          <Anchor component={Link} to={paths.market.href()}>
            {t('links.market')}
          </Anchor>
        </Group>
      </Alert>
    );
  }
  return (
    <SellForm
      holdings={sellable}
      onOffer={onOffer}
      summary={summary.data}
      productName={(key) => names.get(key)}
      create={create}
      posted={posted}
      onPosted={setPosted}
    />
  );
}

/** "Oferta publicada" once nothing is left to sell: announced and focused, with the way to one's offers. */
function OfferPosted({ offer }: { offer: TMyOffer }) {
  const { t } = useTranslation('marketScreens');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} style={{ outline: 'none' }} data-testid="sell-posted">
      <PostedAlert offer={offer} note={t('sell.allOffered')}>
        <Anchor component={Link} to={paths.market.href()}>
          {t('links.market')}
        </Anchor>
      </PostedAlert>
    </div>
  );
}

/** The confirmation of a posted offer (role=status), with the way to one's offers (and any other link given). */
function PostedAlert({ offer, note, children }: { offer: TMyOffer; note?: string; children?: ReactNode }) {
  const { t } = useTranslation('marketScreens');
  return (
    <Alert color="green" variant="light" role="status">
      <Text fw={700}>{t('sell.done', { units: formatUnitCount(offer.units), price: formatUnitPrice(offer.price), date: formatDate(offer.validUntil) })}</Text>
      {note ? <Text size="sm">{note}</Text> : null}
      <Group mt={4} gap="md">
        <Anchor component={Link} to={paths.marketMine.href()}>
          {t('links.mine')}
        </Anchor>
        {children}
      </Group>
    </Alert>
  );
}

type TFields = TSellFormValues;
const SELL_FIELDS: (keyof TFields)[] = ['contractId', 'units', 'price', 'validityDays'];

function SellForm({
  holdings,
  onOffer,
  summary,
  productName,
  create,
  posted,
  onPosted: setPosted,
}: {
  holdings: THolding[];
  onOffer: Map<string, TScaled>;
  summary: TMarketSummary;
  productName: (key: string) => { nameEs: string; nameEn: string } | undefined;
  create: ReturnType<typeof useCreateOffer>;
  posted: TMyOffer | null;
  onPosted: (offer: TMyOffer | null) => void;
}) {
  const { t, i18n } = useTranslation('marketScreens');
  const [params] = useSearchParams();
  const statusRef = useRef<HTMLDivElement>(null);
  const preselected = holdings.some((h) => h.contractId === params.get('contrato')) ? params.get('contrato')! : holdings.length === 1 ? holdings[0]!.contractId : '';
  const reference = summary.referencePrice!.price;
  // The schema is checked against the contract being validated (its units and those already on offer).
  const contextFor = (contractId: string): TSellContext => ({ holding: holdings.find((h) => h.contractId === contractId), onOffer: onOffer.get(contractId) ?? 0n, reference });
  const form = useForm<TFields, unknown, TCreateOfferRequest>({
    resolver: (values, context, options) => zodResolver(sellFormSchema(contextFor(values.contractId)))(values, context, options),
    defaultValues: { contractId: preselected, units: '', price: reference.replace(/0+$/, '').replace(/\.$/, '').replace('.', ','), validityDays: '30' },
    // Every field re-checked on each change (the first problem of the offer wins, as on the server); shown once touched.
    mode: 'all',
  });
  const fields = form.watch();
  const { errors, touchedFields, isSubmitted } = form.formState;

  const nameOf = (h: THolding) => {
    const product = productName(h.productKey);
    return product ? (i18n.language === 'en' ? product.nameEn : product.nameEs) : h.productKey;
  };
  const holding = holdings.find((h) => h.contractId === fields.contractId);
  const held = holding?.units ?? '0';
  const reserved = onOffer.get(fields.contractId) ?? 0n;
  const available = formatUnits((parseScaled(held, UNIT_SCALE) ?? 0n) - reserved);
  const check = useMemo(
    () => checkSell({ units: fields.units, price: fields.price, validityDays: fields.validityDays, held, onOffer: reserved, reference, contractState: holding?.state ?? 'ACTIVE' }),
    [fields.units, fields.price, fields.validityDays, held, reserved, reference, holding?.state],
  );
  const band = summary.band;
  const params18n = {
    available: formatUnitCount(available),
    min: band ? formatUnitPrice(band.min) : '',
    max: band ? formatUnitPrice(band.max) : '',
    amount: minTradeText(summary.minTradeCents),
  };
  const errorFor = (field: keyof TFields): string | undefined => {
    const problem = errors[field]?.message;
    if (!problem || !(touchedFields[field] || isSubmitted)) return undefined;
    if (problem === 'contract') return t('sell.errors.contract');
    if (problem === 'validityOutOfRange') return t('sell.errors.validityOutOfRange', { min: MARKET_MIN_VALIDITY_DAYS, max: MARKET_MAX_VALIDITY_DAYS });
    if (problem === 'unitsNotPositive') return t('sell.errors.unitsInvalid');
    if (problem === 'noReferencePrice') return t('sell.noPrice');
    return t(`sell.errors.${problem}`, params18n);
  };

  useEffect(() => {
    if (create.isError) statusRef.current?.focus();
  }, [create.isError]);

  /** Each field: a change clears the last confirmation and re-checks the others (one offer, one first problem). */
  const field = (name: keyof TFields) =>
    form.register(name, {
      onChange: () => setPosted(null),
      deps: SELL_FIELDS.filter((other) => other !== name),
    });

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (offer) => {
        setPosted(offer);
        // A contract whose last units went on offer leaves the list: the choice starts again.
        const context = contextFor(body.contractId);
        const left = (parseScaled(context.holding?.units ?? '0', UNIT_SCALE) ?? 0n) - context.onOffer - (parseScaled(body.units, UNIT_SCALE) ?? 0n);
        form.reset({ ...form.getValues(), contractId: left > 0n ? body.contractId : '', units: '' });
        setTimeout(() => statusRef.current?.focus(), 0);
      },
    }),
  );

  const code = problemCode(create.error);
  const submitError = !create.isError ? undefined : code === 'stepUpCancelled' ? t('sell.stepUpCancelled') : problemMessage(create.error, t('sell.failed'));
  const percent = feePercent(summary.feeBps);

  return (
    <Stack>
      <form noValidate onSubmit={onSubmit} aria-label={t('sell.form')} style={ACCESSIBLE_ERROR_COLOR}>
        <fieldset disabled={create.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack>
            <NativeSelect
              id="sell-contract"
              label={t('sell.contract')}
              required
              {...field('contractId')}
              error={errorFor('contractId')}
              data={[
                { value: '', label: t('sell.chooseContract') },
                ...holdings.map((h) => ({
                  value: h.contractId,
                  label: t('sell.contractOption', { product: nameOf(h), units: formatUnitCount(formatUnits((parseScaled(h.units, UNIT_SCALE) ?? 0n) - (onOffer.get(h.contractId) ?? 0n))) }),
                })),
              ]}
            />
            {holding ? (
              <Text size="sm" data-testid="sell-available">
                {t('sell.available', { available: formatUnitCount(available), held: formatUnitCount(held), onOffer: formatUnitCount(formatUnits(reserved)) })}
              </Text>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                id="sell-units"
                label={t('sell.units')}
                description={holding ? t('sell.unitsHint', { available: formatUnitCount(available) }) : undefined}
                inputMode="decimal"
                required
                {...field('units')}
                error={errorFor('units')}
                styles={FIELD_STYLES}
              />
              <TextInput
                id="sell-price"
                label={t('sell.price')}
                description={band ? t('sell.priceHint', { min: params18n.min, max: params18n.max, percent: band.bps / 100, reference: formatUnitPrice(reference) }) : undefined}
                inputMode="decimal"
                required
                {...field('price')}
                error={errorFor('price')}
                styles={FIELD_STYLES}
              />
              <TextInput
                id="sell-validityDays"
                label={t('sell.validity')}
                description={t('sell.validityHint', { min: MARKET_MIN_VALIDITY_DAYS, max: MARKET_MAX_VALIDITY_DAYS })}
                inputMode="numeric"
                required
                {...field('validityDays')}
                error={errorFor('validityDays')}
                styles={FIELD_STYLES}
              />
            </SimpleGrid>
            <SellAmounts check={check} percent={percent} heading={t('sell.amountsHeading')} order={2} testId="sell" />
            <div ref={statusRef} tabIndex={-1} style={{ outline: 'none' }}>
              {submitError ? (
                <Alert color="red" variant="light" role="alert">
                  {submitError}
                </Alert>
              ) : posted ? (
                <PostedAlert offer={posted} />
              ) : null}
            </div>
            <Group>
              <Button type="submit" loading={create.isPending}>
                {create.isPending ? t('sell.submitting') : t('sell.submit')}
              </Button>
              <Anchor component={Link} to={paths.market.href()}>
                {t('links.market')}
              </Anchor>
            </Group>
          </Stack>
        </fieldset>
      </form>
      <Paper withBorder p="md">
        <MarketFormula summary={summary} />
      </Paper>
    </Stack>
  );
}
