import { Alert, Anchor, Button, Container, Group, NativeSelect, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ADVISOR_PAGE_SIZE, can, formatDate, formatMoney, paths, type TAdvisorClient, type TQueueItem } from '@kc/domain';
import '../i18n.ts';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PaginatedList, type TColumn } from '../../../components/ui/paginated-list/paginated-list.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import type { TSession } from '../../../lib/session.ts';
import { useAdvisors } from '../api/get-advisors.ts';
import { useClients } from '../api/get-clients.ts';
import { useQueue } from '../api/get-queue.ts';
import {
  CLIENT_LIST_VIEWS,
  readDashboardState,
  toClientsQuery,
  toQueueQuery,
  writeDashboardState,
  type TAdvisorDashboardState,
  type TClientListView,
} from '../lib/dashboard-params.ts';
import { ContractActionDialog, type TActionTarget } from './contract-action-dialog.tsx';
import { StateCounts } from './state-counts.tsx';
import { ReflectionStatusText, useReflectionStatus } from './reflection-status.tsx';

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/**
 * /advisor/dashboard for an advisor (or ADMIN, COMPANY_MANAGER): the queue of NEW contracts
 * waiting for the first payment, with its actions, and the clients (search, LIST / CARD / FULL).
 * Everything the lists show is in the address.
 */
export function AdvisorDashboardPage({ session }: { session: TSession }) {
  const { t } = useTranslation('advisor');
  const [params, setParams] = useSearchParams();
  const state = readDashboardState(params);
  const go = (next: TAdvisorDashboardState) => setParams(writeDashboardState(next), { preventScrollReset: true });
  const companyWide = can(session.roles, 'contracts.manageCompany');
  const [done, setDone] = useState<string | null>(null);
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{t('title')}</Title>
      {/* Issue 15 (helper imports): the bank statement import, where payments come in. */}
      {can(session.roles, 'bankStatements.import') ? (
        <Anchor component={Link} to={paths.bankStatements.href()} mt="xs" display="inline-block">
          {t('bankStatements')}
        </Anchor>
      ) : null}
      {done ? (
        <Alert color="green" variant="light" role="status" mt="md" withCloseButton closeButtonLabel={t('close')} onClose={() => setDone(null)}>
          {done}
        </Alert>
      ) : null}
      <QueueSection state={state} go={go} companyWide={companyWide} onDone={setDone} />
      <ClientsSection state={state} go={go} canChooseAdvisor={can(session.roles, 'advisor.reassign')} />
    </Container>
  );
}

function QueueSection({ state, go, companyWide, onDone }: { state: TAdvisorDashboardState; go: (s: TAdvisorDashboardState) => void; companyWide: boolean; onDone: (m: string) => void }) {
  const { t } = useTranslation('advisor');
  const headingId = useId();
  const queue = useQueue(toQueueQuery(state));
  const [target, setTarget] = useState<TActionTarget | null>(null);
  const productName = (item: TQueueItem) => (currentLanguage() === 'en' ? item.productNameEn : item.productNameEs);
  const clientLink = (item: TQueueItem) => (
    <Anchor component={Link} to={paths.advisorClient.href(item.client.id)}>
      {fullName(item.client)}
    </Anchor>
  );
  const reflection = useReflectionStatus();
  const reflectionId = (item: TQueueItem, view: string) => `reflection-${view}-${item.contractId}`;
  // Inside the reflection period Activar is disabled, and says why (decision 0026).
  const activate = (item: TQueueItem, view: string) => (
    <Button
      size="xs"
      disabled={reflection(item.reflection).open}
      aria-describedby={reflection(item.reflection).open ? reflectionId(item, view) : undefined}
      onClick={() => setTarget({ contractId: item.contractId, action: 'activate', productName: productName(item), clientName: fullName(item.client) })}
      aria-label={`${t('actions.activate')}: ${productName(item)}, ${fullName(item.client)}`}
    >
      {t('actions.activate')}
    </Button>
  );
  const columns: TColumn<TQueueItem>[] = [
    { label: t('queue.client'), render: clientLink },
    { label: t('queue.product'), render: productName },
    { label: t('queue.initial'), align: 'right', render: (i) => formatMoney(i.initialInvestment) },
    { label: t('queue.monthly'), align: 'right', render: (i) => formatMoney(i.recurringAmount) },
    { label: t('queue.waiting'), render: (i) => formatDate(i.createdAt) },
    { label: t('queue.reflection'), render: (i) => <ReflectionStatusText id={reflectionId(i, 'row')} info={i.reflection} /> },
    ...(companyWide ? [{ label: t('queue.advisor'), render: (i: TQueueItem) => (i.advisor ? fullName(i.advisor) : '—') }] : []),
    { label: t('queue.actions'), render: (i) => activate(i, 'row') },
  ];
  const renderCard = (item: TQueueItem) => (
    <Stack gap={4}>
      <Text fw={700}>{clientLink(item)}</Text>
      <Text size="sm">{productName(item)}</Text>
      <Text size="sm">{`${t('queue.initial')}: ${formatMoney(item.initialInvestment)} · ${t('queue.monthly')}: ${formatMoney(item.recurringAmount)}`}</Text>
      <Text size="sm">{`${t('queue.waiting')}: ${formatDate(item.createdAt)}`}</Text>
      <ReflectionStatusText id={reflectionId(item, 'card')} info={item.reflection} />
      <Group>{activate(item, 'card')}</Group>
    </Stack>
  );
  return (
    <Paper withBorder p="md" mt="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('queue.title')}
      </Title>
      <Text size="sm" mt={4}>
        {t('queue.intro')}
      </Text>
      {queue.isPending ? (
        <LoadingScreen />
      ) : (
        <PaginatedList
          items={queue.data?.content ?? []}
          getKey={(i) => i.contractId}
          view={state.view === 'LIST' ? 'LIST' : 'CARD'}
          columns={columns}
          renderCard={renderCard}
          caption={t('queue.caption')}
          top={queue.data ? <Text mt="sm" role="status">{t('queue.total', { count: queue.data.totalElements })}</Text> : null}
          emptyText={t('queue.empty')}
          {...(queue.isError ? { error: queue.error instanceof ApiError ? queue.error.extracted.message : '', onRetry: () => void queue.refetch() } : {})}
          pagerLabels={{ label: t('pager.label'), previous: t('pager.previous'), next: t('pager.next'), page: (p) => t('pager.page', { page: p }) }}
          pageSize={ADVISOR_PAGE_SIZE}
          page={state.queuePage}
          totalPages={queue.data?.totalPages ?? 0}
          onPageChange={(queuePage) => go({ ...state, queuePage })}
        />
      )}
      <ContractActionDialog
        target={target}
        onClose={() => setTarget(null)}
        onDone={(message) => {
          setTarget(null);
          onDone(message);
        }}
      />
    </Paper>
  );
}

function ClientsSection({ state, go, canChooseAdvisor }: { state: TAdvisorDashboardState; go: (s: TAdvisorDashboardState) => void; canChooseAdvisor: boolean }) {
  const { t } = useTranslation('advisor');
  const headingId = useId();
  const viewLabelId = useId();
  const clients = useClients(toClientsQuery(state));
  const nameLink = (c: TAdvisorClient) => (
    <Anchor component={Link} to={paths.advisorClient.href(c.id)}>
      {fullName(c)}
    </Anchor>
  );
  const none = t('notProvided');
  const columns: TColumn<TAdvisorClient>[] = [
    { label: t('clients.name'), render: nameLink },
    { label: t('clients.email'), render: (c) => c.email },
    { label: t('clients.dni'), render: (c) => c.dni ?? '—' },
    { label: t('clients.contracts'), render: (c) => <StateCounts counts={c.contracts} /> },
    { label: t('clients.since'), render: (c) => formatDate(c.createdAt) },
  ];
  const renderCard = (c: TAdvisorClient) => (
    <Stack gap={4}>
      <Text fw={700}>{nameLink(c)}</Text>
      <Text size="sm">{c.email}</Text>
      {!c.isActive ? <Text size="sm">{t('clients.inactive')}</Text> : null}
      <StateCounts counts={c.contracts} />
    </Stack>
  );
  const renderFull = (c: TAdvisorClient) => (
    <Stack gap="xs">
      <Text fw={700}>{nameLink(c)}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <LabelledValue label={t('clients.email')} value={c.email} />
        <LabelledValue label={t('clients.phone')} value={c.phone ?? none} />
        <LabelledValue label={t('clients.dni')} value={c.dni ?? none} />
        <LabelledValue label={t('clients.since')} value={formatDate(c.createdAt)} />
        <LabelledValue label={t('queue.advisor')} value={c.advisor ? fullName(c.advisor) : none} />
      </SimpleGrid>
      <StateCounts counts={c.contracts} />
    </Stack>
  );
  return (
    <Paper withBorder p="md" mt="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('clients.title')}
      </Title>
      <ClientSearch state={state} canChooseAdvisor={canChooseAdvisor} onApply={(q, advisorId) => go({ ...state, q, advisorId, page: 0 })} />
      <Group mt="md" justify="flex-end">
        <div>
          <Text size="sm" fw={500} id={viewLabelId}>
            {t('clients.view')}
          </Text>
          <SegmentedControl
            aria-labelledby={viewLabelId}
            value={state.view}
            data={CLIENT_LIST_VIEWS.map((value) => ({ value, label: t(`clients.views.${value}`) }))}
            onChange={(value) => go({ ...state, view: value as TClientListView })}
          />
        </div>
      </Group>
      {clients.isPending ? (
        <LoadingScreen />
      ) : (
        <PaginatedList
          items={clients.data?.content ?? []}
          getKey={(c) => c.id}
          view={state.view}
          columns={columns}
          renderCard={renderCard}
          renderFull={renderFull}
          caption={t('clients.caption')}
          top={clients.data ? <Text mt="sm" role="status">{t('clients.total', { count: clients.data.totalElements })}</Text> : null}
          emptyText={t('clients.empty')}
          {...(clients.isError ? { error: clients.error instanceof ApiError ? clients.error.extracted.message : '', onRetry: () => void clients.refetch() } : {})}
          pagerLabels={{ label: t('pager.label'), previous: t('pager.previous'), next: t('pager.next'), page: (p) => t('pager.page', { page: p }) }}
          pageSize={ADVISOR_PAGE_SIZE}
          page={state.page}
          totalPages={clients.data?.totalPages ?? 0}
          onPageChange={(page) => go({ ...state, page })}
        />
      )}
    </Paper>
  );
}

/** The search (and, for administrators, the advisor whose clients to show); applied together, kept in the address. */
function ClientSearch({ state, canChooseAdvisor, onApply }: { state: TAdvisorDashboardState; canChooseAdvisor: boolean; onApply: (q: string, advisorId: string) => void }) {
  const { t } = useTranslation('advisor');
  const [q, setQ] = useState(state.q);
  const [advisorId, setAdvisorId] = useState(state.advisorId);
  useEffect(() => setQ(state.q), [state.q]);
  useEffect(() => setAdvisorId(state.advisorId), [state.advisorId]);
  const advisors = useAdvisors(canChooseAdvisor);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(q, advisorId);
  };
  return (
    <form role="search" onSubmit={submit} aria-label={t('clients.search')}>
      <Stack gap="sm" mt="sm">
        <SimpleGrid cols={{ base: 1, sm: canChooseAdvisor ? 2 : 1 }}>
          <TextInput
            label={t('clients.search')}
            description={t('clients.searchHint')}
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
            type="search"
            maxLength={100}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
          />
          {canChooseAdvisor ? (
            <NativeSelect
              label={t('clients.advisorFilter')}
              value={advisorId}
              data={[{ value: '', label: t('clients.allAdvisors') }, ...(advisors.data?.advisors ?? []).map((a) => ({ value: a.id, label: fullName(a) }))]}
              onChange={(e) => setAdvisorId(e.currentTarget.value)}
            />
          ) : null}
        </SimpleGrid>
        <Group>
          <Button type="submit">{t('clients.apply')}</Button>
          <Button
            variant="default"
            onClick={() => {
              setQ('');
              setAdvisorId('');
              onApply('', '');
            }}
          >
            {t('clients.clear')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
