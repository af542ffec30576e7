import { Alert, Anchor, Button, Container, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState, type CSSProperties } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ZPublishPriceRequest, can, formatDate, paths, type TPrice, type TPublishPriceRequest } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { PaginatedList, type TColumn } from '../../../components/ui/paginated-list/paginated-list.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { decimalCommaResolver } from '../../../lib/decimal-input.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { translateFieldMessage } from '../../../lib/translate-field-message.ts';
import { usePrices } from '../api/get-prices.ts';
import { usePublishPrice } from '../api/publish-price.ts';
import { formatUnitPrice } from '../lib/format-price.ts';
import { PriceChart } from './price-chart.tsx';

const ACCESSIBLE_ERROR_COLOR = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;
/** Mantine's dimmed description text is below AA contrast: a darker grey, as the user search does. */
const DESCRIPTION_STYLES = { description: { color: 'var(--mantine-color-gray-7)' } };
const FIELDS = ['valueDate', 'price', 'assetReport'] as const;
const EMPTY: TPublishPriceRequest = { valueDate: '', price: '', assetReport: '' };
const PAGE_SIZE = 12;

/** /admin/prices (ADMIN): publish the KC reference price of a value date, and the history. */
export function PricesPage() {
  const session = useRequiredSession();
  const { t } = useTranslation('ledgerScreens');
  return (
    <Container size="lg" py="xl" style={ACCESSIBLE_ERROR_COLOR}>
      <PageMeta title={`${t('prices.title')} | KC`} description={t('prices.metaDescription')} />
      <Title order={1}>{t('prices.title')}</Title>
      {!session ? (
        <LoadingScreen />
      ) : can(session.roles, 'ledger.publishPrice') ? (
        <PricesBody />
      ) : (
        <Alert color="yellow" variant="light" role="status" mt="md">
          <Text fw={700}>{t('prices.noAccess')}</Text>
          <Anchor component={Link} to={paths.dashboard.href()}>
            {t('prices.back')}
          </Anchor>
        </Alert>
      )}
    </Container>
  );
}

function PublishForm() {
  const { t } = useTranslation('ledgerScreens');
  const headingId = useId();
  const publish = usePublishPrice();
  const [published, setPublished] = useState<TPrice | undefined>();
  const form = useForm<TPublishPriceRequest>({ resolver: decimalCommaResolver(zodResolver(ZPublishPriceRequest), ['price']), defaultValues: EMPTY, mode: 'onTouched' });
  const { errors } = form.formState;
  const fieldError = (message: string | undefined) => translateFieldMessage(t, message);
  const onSubmit = form.handleSubmit((values) => {
    setPublished(undefined);
    publish.mutate(values, {
      onSuccess: (price) => {
        setPublished(price);
        form.reset(EMPTY);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        for (const { field, message } of error.extracted.fields) {
          if ((FIELDS as readonly string[]).includes(field)) form.setError(field as FieldPath<TPublishPriceRequest>, { type: 'server', message });
        }
      },
    });
  });
  return (
    <Paper withBorder p="lg" mt="md" radius="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('prices.publishHeading')}
      </Title>
      <Text size="sm" mt="xs">
        {t('prices.publishIntro')}
      </Text>
      {published ? (
        <Alert color="green" variant="light" role="status" mt="sm">
          {t('prices.published', { date: formatDate(published.valueDate), price: formatUnitPrice(published.price) })}
        </Alert>
      ) : null}
      {publish.isError ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {problemMessage(publish.error, t('prices.failed'))}
        </Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
        <fieldset disabled={publish.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md" mt="md">
            <Group grow align="start" wrap="wrap">
              <TextInput label={t('fields.valueDate')} type="date" required error={fieldError(errors.valueDate?.message)} {...form.register('valueDate')} miw={200} />
              <TextInput
                label={t('fields.price')}
                description={t('prices.priceHint')}
                styles={DESCRIPTION_STYLES}
                inputMode="decimal"
                required
                error={fieldError(errors.price?.message)}
                {...form.register('price')}
                miw={200}
              />
            </Group>
            <Textarea label={t('fields.assetReport')} description={t('prices.assetReportHint')} styles={DESCRIPTION_STYLES} required autosize minRows={2} error={fieldError(errors.assetReport?.message)} {...form.register('assetReport')} />
            <Group>
              <Button type="submit" loading={publish.isPending}>
                {t('prices.publish')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}

function PricesBody() {
  const { t } = useTranslation('ledgerScreens');
  const prices = usePrices();
  // On a phone the history is a list of cards: the table would scroll sideways.
  const narrow = useMediaQuery('(max-width: 40em)');
  const [params, setParams] = useSearchParams();
  const newestFirst = [...(prices.data?.prices ?? [])].reverse();
  const totalPages = Math.ceil(newestFirst.length / PAGE_SIZE);
  // The page is in the address (?pagina=2), so a page of the history can be shared.
  const page = Math.min(Math.max(0, Number(params.get('pagina') ?? '1') - 1 || 0), Math.max(0, totalPages - 1));
  const columns: TColumn<TPrice>[] = [
    { label: t('fields.valueDate'), render: (p) => formatDate(p.valueDate) },
    { label: t('fields.price'), align: 'right', render: (p) => formatUnitPrice(p.price) },
    { label: t('fields.assetReport'), render: (p) => p.assetReport },
    { label: t('fields.publishedAt'), render: (p) => formatDate(p.publishedAt) },
  ];
  return (
    <>
      <PublishForm />
      <Title order={2} size="h3" mt="xl">
        {t('prices.historyHeading')}
      </Title>
      {prices.isPending ? (
        <LoadingScreen />
      ) : (
        <>
          {newestFirst.length > 0 ? (
            <Paper withBorder p="md" mt="md">
              <PriceChart prices={prices.data!.prices} />
            </Paper>
          ) : null}
          <PaginatedList
            items={newestFirst.slice(page * PAGE_SIZE, page * PAGE_SIZE + PAGE_SIZE)}
            getKey={(p) => p.valueDate}
            columns={columns}
            view={narrow ? 'CARD' : 'LIST'}
            caption={t('prices.tableCaption')}
            emptyText={t('history.empty')}
            {...(prices.isError ? { error: '', onRetry: () => void prices.refetch() } : {})}
            pagerLabels={{ label: t('pager.label'), previous: t('pager.previous'), next: t('pager.next'), page: (p: number) => t('pager.page', { page: p }) }}
            pageSize={PAGE_SIZE}
            page={page}
            totalPages={totalPages}
            onPageChange={(next) => setParams((p) => ({ ...Object.fromEntries(p), pagina: String(next + 1) }), { preventScrollReset: true })}
          />
        </>
      )}
    </>
  );
}
