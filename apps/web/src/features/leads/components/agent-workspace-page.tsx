import { Alert, Anchor, Button, Container, Group, NativeSelect, Paper, SegmentedControl, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LEAD_PAGE_SIZE, can, formatDate, formatMoney, paths, type TAgentClient, type TLead } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { PaginatedList, type TColumn } from '../../../components/ui/paginated-list/paginated-list.tsx';
import { LoadErrorAlert } from '../../../components/ui/paginated-list/load-error-alert.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useClients } from '../api/get-clients.ts';
import { useFigures } from '../api/get-figures.ts';
import { useLeads } from '../api/get-leads.ts';
import { LEAD_FILTER_STATES, LEAD_LIST_SORTS, LEAD_LIST_VIEWS, readLeadListState, toLeadListQuery, writeLeadListState, type TLeadListState, type TLeadListView } from '../lib/list-params.ts';
import { LeadActions } from './lead-actions.tsx';
import { LeadStateBadge } from './lead-state-badge.tsx';
import { RegisterLeadModal } from './register-lead-modal.tsx';

/** /agent: the agent's workspace (leads, clients, figures); everyone else is told they have no access. */
export function AgentWorkspacePage() {
  const session = useRequiredSession();
  const { t } = useTranslation('leads');
  return (
    <Container size="lg" py="xl">
      <PageMeta title={`${t('workspace.title')} | KC`} description={t('workspace.metaDescription')} />
      {!session ? (
        <LoadingScreen />
      ) : can(session.roles, 'leads.own') ? (
        <Workspace />
      ) : (
        <>
          <Title order={1}>{t('workspace.title')}</Title>
          <Alert color="yellow" variant="light" role="status" mt="md">
            <Text fw={700}>{t('noAccess')}</Text>
            <Text size="sm">{t('workspace.noAccessText')}</Text>
            <Anchor component={Link} to={paths.dashboard.href()}>
              {t('back')}
            </Anchor>
          </Alert>
        </>
      )}
    </Container>
  );
}

function Workspace() {
  const { t } = useTranslation('leads');
  const [params, setParams] = useSearchParams();
  const state = readLeadListState(params);
  const go = (next: TLeadListState) => setParams(writeLeadListState(next), { preventScrollReset: true });
  const [registering, setRegistering] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <Group justify="space-between" align="center">
        <Title order={1}>{t('workspace.title')}</Title>
        <Button onClick={() => setRegistering(true)}>{t('register.open')}</Button>
      </Group>
      {notice ? (
        <Alert color="green" variant="light" role="status" mt="md" withCloseButton closeButtonLabel={t('close')} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      <Figures />
      <Tabs value={state.tab} onChange={(tab) => go({ ...state, tab: tab === 'clients' ? 'clients' : 'leads', q: '', state: '', page: 0 })} mt="lg">
        <Tabs.List>
          <Tabs.Tab value="leads">{t('workspace.leadsTab')}</Tabs.Tab>
          <Tabs.Tab value="clients">{t('workspace.clientsTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="leads" pt="md">
          {state.tab === 'leads' ? <LeadList state={state} go={go} onNotice={setNotice} /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="clients" pt="md">
          {state.tab === 'clients' ? <ClientList state={state} go={go} /> : null}
        </Tabs.Panel>
      </Tabs>
      <RegisterLeadModal
        opened={registering}
        onClose={() => setRegistering(false)}
        onCreated={(lead) => {
          setRegistering(false);
          setNotice(t('register.done', { name: `${lead.firstName} ${lead.lastName}`, until: formatDate(lead.reservedUntil) }));
        }}
      />
    </>
  );
}

function Figures() {
  const { t } = useTranslation('leads');
  const figures = useFigures();
  const headingId = useId();
  const names = ['activeLeads', 'expiringSoon', 'converted', 'discardedClients', 'discardedOfferings', 'clients', 'activeContracts'] as const;
  return (
    <Paper withBorder p="md" mt="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t('figures.title')}
      </Title>
      {figures.isPending ? (
        <LoadingScreen />
      ) : figures.isError ? (
        <LoadErrorAlert detail={figures.error instanceof ApiError ? figures.error.extracted.message : undefined} onRetry={() => void figures.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4, md: 7 }} mt="xs">
          {names.map((name) => (
            <LabelledValue key={name} label={t(`figures.${name}`)} value={String(figures.data[name])} />
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}

const pagerLabels = (t: (key: string, options?: Record<string, unknown>) => string) => ({
  label: t('pager.label'),
  previous: t('pager.previous'),
  next: t('pager.next'),
  page: (p: number) => t('pager.page', { page: p }),
});

function LeadList({ state, go, onNotice }: { state: TLeadListState; go: (next: TLeadListState) => void; onNotice: (message: string) => void }) {
  const { t } = useTranslation('leads');
  const leads = useLeads(toLeadListQuery(state, LEAD_PAGE_SIZE));
  const name = (l: TLead) => `${l.firstName} ${l.lastName}`;
  const none = t('notProvided');
  const actions = (l: TLead) => <LeadActions lead={l} onDone={onNotice} />;
  const columns: TColumn<TLead>[] = [
    { label: t('fields.name'), render: name },
    { label: t('fields.email'), render: (l) => l.email },
    { label: t('fields.zone'), render: (l) => l.zone?.title ?? '—' },
    { label: t('fields.state'), render: (l) => <LeadStateBadge lead={l} /> },
    { label: t('fields.reservedUntil'), render: (l) => formatDate(l.reservedUntil) },
    { label: t('fields.actions'), render: actions },
  ];
  const renderCard = (l: TLead) => (
    <Stack gap={4}>
      <Text fw={700}>{name(l)}</Text>
      <Text size="sm">{l.email}</Text>
      <LeadStateBadge lead={l} />
      <Text size="sm">{t('until', { date: formatDate(l.reservedUntil) })}</Text>
      {actions(l)}
    </Stack>
  );
  const renderFull = (l: TLead) => (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={700}>{name(l)}</Text>
        <LeadStateBadge lead={l} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <LabelledValue label={t('fields.email')} value={l.email} />
        <LabelledValue label={t('fields.phone')} value={l.phone ?? none} />
        <LabelledValue label={t('fields.zone')} value={l.zone?.title ?? none} />
        <LabelledValue label={t('fields.reservedAt')} value={formatDate(l.reservedAt)} />
        <LabelledValue label={t('fields.reservedUntil')} value={formatDate(l.reservedUntil)} />
        <LabelledValue label={t('fields.extendedAt')} value={l.extendedAt ? formatDate(l.extendedAt) : none} />
        <LabelledValue label={t('fields.note')} value={l.note ?? none} />
        {l.discardKind ? <LabelledValue label={t('fields.discardKind')} value={t(`discardKinds.${l.discardKind}`)} /> : null}
        {l.discardReason ? <LabelledValue label={t('fields.discardReason')} value={l.discardReason} /> : null}
      </SimpleGrid>
      {actions(l)}
    </Stack>
  );
  const errorDetail = leads.error instanceof ApiError ? leads.error.extracted.message : undefined;
  return (
    <>
      <LeadFilters state={state} onApply={(filters) => go({ ...state, ...filters, page: 0 })} />
      <ListControls
        sortLabel={t('sortLabel')}
        sort={state.sort}
        sorts={LEAD_LIST_SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
        onSort={(sort) => go({ ...state, sort: sort as TLeadListState['sort'], page: 0 })}
        view={state.view}
        onView={(view) => go({ ...state, view })}
      />
      {leads.isPending ? (
        <LoadingScreen />
      ) : (
        <PaginatedList
          items={leads.data?.content ?? []}
          getKey={(l) => l.id}
          view={state.view}
          columns={columns}
          renderCard={renderCard}
          renderFull={renderFull}
          caption={t('leads.caption')}
          top={leads.data ? <Text mt="sm" role="status">{t('leads.total', { count: leads.data.totalElements })}</Text> : null}
          emptyText={t('leads.empty')}
          {...(leads.isError ? { error: errorDetail ?? '', onRetry: () => void leads.refetch() } : {})}
          pagerLabels={pagerLabels(t)}
          pageSize={LEAD_PAGE_SIZE}
          page={state.page}
          totalPages={leads.data?.totalPages ?? 0}
          onPageChange={(page) => go({ ...state, page })}
        />
      )}
    </>
  );
}

function ListControls(props: {
  sortLabel: string;
  sort: string;
  sorts: { value: string; label: string }[];
  onSort: (sort: string) => void;
  view: TLeadListView;
  onView: (view: TLeadListView) => void;
}) {
  const { t } = useTranslation('leads');
  const viewLabelId = useId();
  return (
    <Group mt="md" justify="space-between" align="end" wrap="wrap">
      <NativeSelect label={props.sortLabel} value={props.sort} data={props.sorts} onChange={(event) => props.onSort(event.currentTarget.value)} />
      <div>
        <Text size="sm" fw={500} id={viewLabelId}>
          {t('view')}
        </Text>
        <SegmentedControl
          aria-labelledby={viewLabelId}
          value={props.view}
          data={LEAD_LIST_VIEWS.map((value) => ({ value, label: t(`views.${value}`) }))}
          onChange={(value) => props.onView(value as TLeadListView)}
        />
      </div>
    </Group>
  );
}

function LeadFilters({ state, onApply }: { state: TLeadListState; onApply: (filters: Pick<TLeadListState, 'q' | 'state'>) => void }) {
  const { t } = useTranslation('leads');
  const headingId = useId();
  const [draft, setDraft] = useState({ q: state.q, state: state.state });
  useEffect(() => setDraft({ q: state.q, state: state.state }), [state.q, state.state]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t('filters')}
      </Title>
      <form role="search" onSubmit={submit} aria-labelledby={headingId}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
          <TextInput label={t('search')} description={t('searchHint')} styles={{ description: { color: 'var(--mantine-color-gray-7)' } }} type="search" maxLength={100} value={draft.q} onChange={(e) => setDraft((d) => ({ ...d, q: e.currentTarget.value }))} />
          <NativeSelect
            label={t('fields.state')}
            value={draft.state}
            data={[{ value: '', label: t('anyState') }, ...LEAD_FILTER_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))]}
            onChange={(e) => setDraft((d) => ({ ...d, state: e.currentTarget.value as TLeadListState['state'] }))}
          />
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit">{t('apply')}</Button>
          <Button
            variant="default"
            onClick={() => {
              setDraft({ q: '', state: '' });
              onApply({ q: '', state: '' });
            }}
          >
            {t('clear')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

function ClientList({ state, go }: { state: TLeadListState; go: (next: TLeadListState) => void }) {
  const { t } = useTranslation('leads');
  // The leads' filters do not apply here: the tab change clears them.
  const query = new URLSearchParams({ page: String(state.page), size: String(LEAD_PAGE_SIZE) }).toString();
  const clients = useClients(query);
  const name = (c: TAgentClient) => `${c.firstName} ${c.lastName}`;
  const contractSummary = (c: TAgentClient) =>
    c.contracts.length === 0 ? t('clients.noContracts') : c.contracts.map((k) => `${k.productKey} · ${t(`contractStates.${k.state}`, { defaultValue: k.state })}`).join(', ');
  const columns: TColumn<TAgentClient>[] = [
    { label: t('fields.name'), render: name },
    { label: t('fields.email'), render: (c) => c.email },
    { label: t('clients.since'), render: (c) => formatDate(c.assignedAt) },
    { label: t('clients.origin'), render: (c) => t(`clients.origins.${c.origin}`) },
    { label: t('clients.contracts'), render: contractSummary },
  ];
  const renderCard = (c: TAgentClient) => (
    <Stack gap={4}>
      <Text fw={700}>{name(c)}</Text>
      <Text size="sm">{c.email}</Text>
      <Text size="sm">{contractSummary(c)}</Text>
    </Stack>
  );
  const renderFull = (c: TAgentClient) => (
    <Stack gap="xs">
      <Text fw={700}>{name(c)}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <LabelledValue label={t('fields.email')} value={c.email} />
        <LabelledValue label={t('fields.phone')} value={c.phone ?? t('notProvided')} />
        <LabelledValue label={t('clients.since')} value={formatDate(c.assignedAt)} />
        <LabelledValue label={t('clients.origin')} value={t(`clients.origins.${c.origin}`)} />
      </SimpleGrid>
      {c.contracts.length === 0 ? (
        <Text size="sm">{t('clients.noContracts')}</Text>
      ) : (
        <ul aria-label={t('clients.contractsOf', { name: name(c) })} style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
          {c.contracts.map((k) => (
            <li key={k.id}>
              <Text size="sm">
                {`${k.productKey} · ${t(`contractStates.${k.state}`, { defaultValue: k.state })} · ${formatMoney(k.initialInvestment)} · ${formatDate(k.submissionDate)}`}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
  const errorDetail = clients.error instanceof ApiError ? clients.error.extracted.message : undefined;
  return (
    <>
      <ListControls sortLabel={t('sortLabel')} sort="assignedAt" sorts={[{ value: 'assignedAt', label: t('clients.sortNewest') }]} onSort={() => undefined} view={state.view} onView={(view) => go({ ...state, view })} />
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
          {...(clients.isError ? { error: errorDetail ?? '', onRetry: () => void clients.refetch() } : {})}
          pagerLabels={pagerLabels(t)}
          pageSize={LEAD_PAGE_SIZE}
          page={state.page}
          totalPages={clients.data?.totalPages ?? 0}
          onPageChange={(page) => go({ ...state, page })}
        />
      )}
    </>
  );
}
