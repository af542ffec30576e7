import { Alert, Anchor, Button, Container, Group, List, Modal, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAYOUT_DEFAULT_PAGE_SIZE, can, formatDate, madridDate, makePayoutFormSchema, paths, payoutAmountInput, type TRecordPayoutRequest, type TSellerPayable } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { Pager } from '../../../components/ui/paginated-list/pager.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { StatusBadge, type TStatusTone } from '../../../components/ui/status-badge.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { translateFieldMessage } from '../../../lib/translate-field-message.ts';
import { formatUnitCount } from '../../income/lib/format.ts';
import { formatUnitPrice } from '../../ledger/lib/format-price.ts';
import { useRecordPayout, useSellerPayables, type TPayablesQuery } from '../api/payouts.ts';
import { formatCents } from '../lib/amounts.ts';
import { ACCESSIBLE_ERROR_COLOR, FIELD_STYLES } from '../lib/form-styles.ts';
import { problemMessage } from '../lib/problem-code.ts';
import { ScrollTable } from './scroll-table.tsx';

const TONE: Record<TSellerPayable['trades'][number]['status'], TStatusTone> = { PENDING: 'orange', PARTLY_PAID: 'blue', PAID: 'green' };

/**
 * /admin/market-payouts (ADMIN, COMPANY_MANAGER; decision 0036): "Pagos a vendedores". For each
 * seller contract, what the platform owes after market trades (its MARKET_PAYABLE balance), the
 * sales behind it, the payouts made and where to send the money (the seller's payment methods,
 * masked as everywhere); "Registrar un pago" records a transfer.
 */
export function PayoutsPage() {
  const session = useRequiredSession();
  const { t } = useTranslation('marketScreens');
  return (
    <Container size="lg" py="xl" style={ACCESSIBLE_ERROR_COLOR}>
      <PageMeta title={t('payouts.metaTitle')} description={t('payouts.metaDescription')} />
      <Title order={1}>{t('payouts.title')}</Title>
      {!session ? (
        <LoadingScreen />
      ) : can(session.roles, 'market.payouts.read') ? (
        <PayablesList canRecord={can(session.roles, 'market.payouts.record')} />
      ) : (
        <Alert color="yellow" variant="light" role="status" mt="md">
          <Text fw={700}>{t('payouts.noAccess')}</Text>
          <Anchor component={Link} to={paths.dashboard.href()}>
            {t('links.dashboard')}
          </Anchor>
        </Alert>
      )}
    </Container>
  );
}

function PayablesList({ canRecord }: { canRecord: boolean }) {
  const { t } = useTranslation('marketScreens');
  const [query, setQuery] = useState<TPayablesQuery>({ filter: 'owed', page: 1, size: PAYOUT_DEFAULT_PAGE_SIZE });
  const [target, setTarget] = useState<TSellerPayable | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = useSellerPayables(query);
  const totalPages = list.data ? Math.ceil(list.data.total / list.data.size) : 0;
  return (
    <Stack mt="md" gap="md">
      <Text>{t('payouts.intro')}</Text>
      <NativeSelect
        label={t('payouts.filter')}
        w={{ base: '100%', sm: 320 }}
        data={[
          { value: 'owed', label: t('payouts.filters.owed') },
          { value: 'all', label: t('payouts.filters.all') },
        ]}
        value={query.filter}
        onChange={(e) => setQuery({ ...query, filter: e.currentTarget.value === 'all' ? 'all' : 'owed', page: 1 })}
      />
      {done ? (
        <Alert color="green" variant="light" role="status" withCloseButton closeButtonLabel={t('payouts.close')} onClose={() => setDone(null)}>
          {done}
        </Alert>
      ) : null}
      <QueryContent
        query={list}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <Alert color="gray" variant="light" role="status">
            {query.filter === 'owed' ? t('payouts.emptyOwed') : t('payouts.emptyAll')}
          </Alert>
        }
      >
        {(data) => (
          <>
            <Text size="sm" aria-live="polite">
              {t('payouts.count', { count: data.total })}
            </Text>
            {data.items.map((item) => (
              <PayableCard key={item.contractId} item={item} canRecord={canRecord} onRecord={() => setTarget(item)} />
            ))}
            <Pager
              page={query.page - 1}
              totalPages={totalPages}
              onChange={(page) => setQuery({ ...query, page: page + 1 })}
              labels={{ label: t('payouts.pages'), previous: t('payouts.previous'), next: t('payouts.next'), page: (page) => t('payouts.page', { page }) }}
            />
          </>
        )}
      </QueryContent>
      <Modal opened={target !== null} onClose={() => setTarget(null)} title={target ? t('payouts.form.title', { name: target.seller.name }) : ''} closeButtonProps={{ 'aria-label': t('payouts.close') }}>
        {target ? (
          <PayoutForm
            key={target.contractId}
            item={target}
            onCancel={() => setTarget(null)}
            onDone={(message) => {
              setTarget(null);
              setDone(message);
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

function PayableCard({ item, canRecord, onRecord }: { item: TSellerPayable; canRecord: boolean; onRecord: () => void }) {
  const { t } = useTranslation('marketScreens');
  const headingId = useId();
  const owed = BigInt(item.owedCents);
  // A seller whose data is blocked: the server sends their person only to a role that sees blocked people (ADMIN).
  const personHidden = item.seller.blocked && item.seller.id === '';
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={headingId} data-testid="payable">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {personHidden ? t('payouts.blockedSeller') : item.seller.name}
          </Title>
          <Text size="sm">
            {item.productName} · {t('payouts.contract', { id: item.contractId })}
          </Text>
          {personHidden ? <Text size="sm">{t('payouts.blockedSellerHint')}</Text> : <Text size="sm">{item.seller.email}</Text>}
          {item.seller.blocked && !personHidden ? <Text size="sm">{t('payouts.blockedSellerShown')}</Text> : null}
        </div>
        {canRecord && owed > 0n && !personHidden ? (
          <Button onClick={onRecord} aria-label={t('payouts.recordLabel', { name: item.seller.name })}>
            {t('payouts.record')}
          </Button>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} mt="sm">
        <div>
          <Text size="sm">{t('payouts.owed')}</Text>
          <Text fw={700} size="lg" data-testid="owed">
            {formatCents(item.owedCents)}
          </Text>
        </div>
        <div>
          <Text size="sm">{t('payouts.soldNet')}</Text>
          <Text fw={700}>{formatCents(item.soldNetCents)}</Text>
        </div>
        <div>
          <Text size="sm">{t('payouts.paid')}</Text>
          <Text fw={700}>{formatCents(item.paidCents)}</Text>
        </div>
      </SimpleGrid>
      <Text fw={600} size="sm" mt="sm">
        {t('payouts.methods')}
      </Text>
      {personHidden ? (
        <Text size="sm">{t('payouts.methodsHidden')}</Text>
      ) : item.paymentMethods.length === 0 ? (
        <Text size="sm">{t('payouts.noMethods')}</Text>
      ) : (
        <List size="sm">
          {item.paymentMethods.map((method, i) => (
            <List.Item key={`${method.kind}-${i}`}>{t(`payouts.methodKinds.${method.kind}`, { masked: method.masked, brand: (method.cardBrand ?? '').toUpperCase() })}</List.Item>
          ))}
        </List>
      )}
      <ScrollTable
        caption={t('payouts.tradesCaption')}
        minWidth={620}
        head={
          <>
            <Table.Th scope="col">{t('mine.at')}</Table.Th>
            <Table.Th scope="col">{t('mine.units')}</Table.Th>
            <Table.Th scope="col">{t('mine.price')}</Table.Th>
            <Table.Th scope="col">{t('mine.net')}</Table.Th>
            <Table.Th scope="col">{t('mine.payout')}</Table.Th>
          </>
        }
      >
        {item.trades.map((trade) => (
          <Table.Tr key={trade.id}>
            <Table.Td>{formatDateTime(trade.at)}</Table.Td>
            <Table.Td>{formatUnitCount(trade.units)}</Table.Td>
            <Table.Td>{formatUnitPrice(trade.price)}</Table.Td>
            <Table.Td>{formatCents(trade.netCents)}</Table.Td>
            <Table.Td>
              <StatusBadge tone={TONE[trade.status]}>{t(`mine.payoutStatuses.${trade.status}`)}</StatusBadge>
              {trade.status === 'PARTLY_PAID' ? <Text size="sm">{t('mine.partlyPaid', { paid: formatCents(trade.paidCents), net: formatCents(trade.netCents) })}</Text> : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
      {item.payouts.length > 0 ? (
        <ScrollTable
          caption={t('payouts.payoutsCaption')}
          minWidth={480}
          head={
            <>
              <Table.Th scope="col">{t('mine.payoutValueDate')}</Table.Th>
              <Table.Th scope="col">{t('mine.payoutAmount')}</Table.Th>
              <Table.Th scope="col">{t('mine.payoutReference')}</Table.Th>
            </>
          }
        >
          {item.payouts.map((payout) => (
            <Table.Tr key={payout.id}>
              <Table.Td>{formatDate(payout.valueDate)}</Table.Td>
              <Table.Td>{formatCents(payout.amountCents)}</Table.Td>
              <Table.Td>{payout.bankReference}</Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      ) : null}
    </Paper>
  );
}

type TForm = { amount: string; valueDate: string; bankReference: string };
const FIELDS: readonly FieldPath<TForm>[] = ['amount', 'valueDate', 'bankReference'];

/** "Registrar un pago": amount (at most what is owed), value date (not after today), bank reference. */
function PayoutForm({ item, onCancel, onDone }: { item: TSellerPayable; onCancel: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation('marketScreens');
  const record = useRecordPayout();
  const today = madridDate(new Date());
  const owed = BigInt(item.owedCents);
  const schema = useMemo(() => makePayoutFormSchema(owed, today), [owed, today]);
  const form = useForm<TForm, unknown, TRecordPayoutRequest>({
    resolver: zodResolver(schema) as unknown as Resolver<TForm, unknown, TRecordPayoutRequest>,
    defaultValues: { amount: payoutAmountInput(owed), valueDate: today, bankReference: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const fieldError = (message: string | undefined) => translateFieldMessage(t, message);
  // One Idempotency-Key per payout attempt: the same body sent again (a lost answer) reuses it.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (body: TRecordPayoutRequest) => {
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { body: text, key: crypto.randomUUID() };
    return attempt.current.key;
  };
  const onSubmit = form.handleSubmit((body) =>
    record.mutate(
      { contractId: item.contractId, body, idempotencyKey: keyFor(body) },
      {
        onSuccess: (payout) => onDone(t('payouts.form.done', { amount: formatCents(payout.amountCents), name: item.seller.name })),
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          for (const { field, message } of error.extracted.fields) {
            if ((FIELDS as readonly string[]).includes(field)) form.setError(field as FieldPath<TForm>, { type: 'server', message });
          }
        },
      },
    ),
  );
  const serverProblem = record.isError && !(record.error instanceof ApiError && record.error.extracted.fields.length > 0);
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('payouts.form.title', { name: item.seller.name })} style={ACCESSIBLE_ERROR_COLOR}>
      <fieldset disabled={record.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          <Text size="sm">{t('payouts.form.intro', { owed: formatCents(item.owedCents) })}</Text>
          {serverProblem ? (
            <Alert color="red" variant="light" role="alert">
              {problemMessage(record.error, t('payouts.form.failed'))}
            </Alert>
          ) : null}
          <TextInput
            label={t('payouts.form.amount')}
            description={t('payouts.form.amountHint', { owed: formatCents(item.owedCents) })}
            styles={FIELD_STYLES}
            required
            inputMode="decimal"
            autoComplete="off"
            data-autofocus
            error={fieldError(errors.amount?.message)}
            {...form.register('amount')}
          />
          <TextInput
            label={t('payouts.form.valueDate')}
            description={t('payouts.form.valueDateHint')}
            styles={FIELD_STYLES}
            type="date"
            max={today}
            required
            error={fieldError(errors.valueDate?.message)}
            {...form.register('valueDate')}
          />
          <TextInput
            label={t('payouts.form.bankReference')}
            description={t('payouts.form.bankReferenceHint')}
            styles={FIELD_STYLES}
            required
            maxLength={64}
            autoComplete="off"
            error={fieldError(errors.bankReference?.message)}
            {...form.register('bankReference')}
          />
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button variant="default" onClick={onCancel}>
              {t('payouts.form.cancel')}
            </Button>
            <Button type="submit" loading={record.isPending}>
              {t('payouts.form.submit')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
