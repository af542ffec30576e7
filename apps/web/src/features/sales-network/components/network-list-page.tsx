import { Anchor, Button, Container, Group, NativeSelect, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NETWORK_PAGE_SIZE, NETWORK_STATES, can, formatDate, formatMoney, paths, type TAction, type TGroup, type TTeam, type TZone } from '@kc/domain';
import '../i18n.ts';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { PaginatedList, type TColumn } from '../../../components/ui/paginated-list/paginated-list.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useGroups } from '../api/get-groups.ts';
import { useTeams } from '../api/get-teams.ts';
import { useZones } from '../api/get-zones.ts';
import { NETWORK_LIST_SORTS, NETWORK_LIST_VIEWS, readNetworkListState, toNetworkListQuery, writeNetworkListState, type TNetworkListState, type TNetworkListView } from '../lib/list-params.ts';
import { NoAccess, SalesNav, StateBadge } from './common.tsx';
import { Figures } from './figures.tsx';
import { NodeFormModal } from './node-form-modal.tsx';

type TKind = 'groups' | 'teams' | 'zones';
const ACTION: Record<TKind, TAction> = { groups: 'sales.read', teams: 'sales.read', zones: 'sales.zones.read' };

/** /sales/groups, /sales/teams, /sales/zones: the paged lists with filters and the three views. */
export function NetworkListPage({ kind }: { kind: TKind }) {
  const session = useRequiredSession();
  const { t } = useTranslation('sales');
  return (
    <Container size="lg" py="xl">
      <PageMeta title={`${t(`${kind}.title`)} | KC`} description={t(`${kind}.metaDescription`)} />
      {!session ? (
        <LoadingScreen />
      ) : can(session.roles, ACTION[kind]) ? (
        <ListBody kind={kind} roles={session.roles} />
      ) : (
        <>
          <Title order={1}>{t(`${kind}.title`)}</Title>
          <NoAccess />
        </>
      )}
    </Container>
  );
}

function useList(kind: TKind, query: string) {
  const groups = useGroups(kind === 'groups' ? query : '');
  const teams = useTeams(kind === 'teams' ? query : '');
  const zones = useZones(kind === 'zones' ? query : '');
  return kind === 'groups' ? groups : kind === 'teams' ? teams : zones;
}

type TItem = TGroup | TTeam | TZone;

function ListBody({ kind, roles }: { kind: TKind; roles: string[] }) {
  const { t } = useTranslation('sales');
  const [params, setParams] = useSearchParams();
  const state = readNetworkListState(params);
  const list = useList(kind, toNetworkListQuery(state));
  const [creating, setCreating] = useState(false);
  const go = (next: TNetworkListState) => setParams(writeNetworkListState(next), { preventScrollReset: true });
  const hrefOf = (id: string) => (kind === 'groups' ? paths.salesGroup.href(id) : kind === 'teams' ? paths.salesTeam.href(id) : paths.salesZone.href(id));
  const titleLink = (item: TItem) => (
    <Anchor component={Link} to={hrefOf(item.id)}>
      {item.title}
    </Anchor>
  );
  const place = (item: TItem) => [item.city, item.country].filter(Boolean).join(', ') || '—';
  const columns: TColumn<TItem>[] = [
    { label: t('fields.title'), render: titleLink },
    ...(kind !== 'groups' ? [{ label: t('fields.groupName'), render: (item: TItem) => (item as TTeam | TZone).groupName }] : []),
    ...(kind === 'zones'
      ? [{ label: t('fields.ocupationPercent'), align: 'right' as const, render: (item: TItem) => `${(item as TZone).ocupationPercent} %` }]
      : [
          { label: t('figures.membersTotal'), align: 'right' as const, render: (item: TItem) => String((item as TTeam).membersTotal) },
          { label: t('figures.customersTotal'), align: 'right' as const, render: (item: TItem) => String((item as TTeam).customersTotal) },
          { label: t('figures.investmentTotal'), align: 'right' as const, render: (item: TItem) => formatMoney((item as TTeam).investmentTotal) },
        ]),
    { label: t('fields.place'), render: place },
    { label: t('fields.startSince'), render: (item) => formatDate(item.startSince) },
    { label: t('fields.state'), render: (item) => <StateBadge code={item.stateCode} label={item.state} /> },
  ];
  const renderCard = (item: TItem) => (
    <Stack gap={4}>
      <Text fw={700}>{titleLink(item)}</Text>
      {'groupName' in item ? <Text size="sm">{item.groupName}</Text> : null}
      <Text size="sm">{kind === 'zones' ? t('zone.occupation', { percent: (item as TZone).ocupationPercent }) : t('card.members', { count: (item as TTeam).membersTotal })}</Text>
      <StateBadge code={item.stateCode} label={item.state} />
    </Stack>
  );
  const renderFull = (item: TItem): ReactNode => (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={700}>{titleLink(item)}</Text>
        <StateBadge code={item.stateCode} label={item.state} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {'groupName' in item ? <LabelledValue label={t('fields.groupName')} value={item.groupName} /> : null}
        <LabelledValue label={t('fields.place')} value={place(item)} />
        <LabelledValue label={t('fields.startSince')} value={formatDate(item.startSince)} />
        <LabelledValue label={t('fields.phone')} value={item.phone ?? '—'} />
        <LabelledValue label={t('fields.email')} value={item.email ?? '—'} />
      </SimpleGrid>
      {kind === 'zones' ? (
        <Text size="sm">
          {(item as TZone).ocupationByType.map((o) => `${o.title} ${o.reserved}/${o.max} · ${o.price}`).join(' — ')}
        </Text>
      ) : (
        <Figures figures={item as TTeam} />
      )}
    </Stack>
  );
  const errorDetail = list.error instanceof ApiError ? list.error.extracted.message : undefined;
  const canCreate = kind !== 'zones' && can(roles, 'sales.manage');
  return (
    <>
      <Group justify="space-between" align="center">
        <Title order={1}>{t(`${kind}.title`)}</Title>
        {canCreate ? <Button onClick={() => setCreating(true)}>{t(`${kind}.new`)}</Button> : null}
      </Group>
      <SalesNav />
      <Filters state={state} onApply={(f) => go({ ...state, ...f, page: 0 })} />
      <Group mt="md" justify="space-between" align="end" wrap="wrap">
        <NativeSelect
          label={t('list.sortLabel')}
          value={state.sort}
          data={NETWORK_LIST_SORTS.map((value) => ({ value, label: t(`list.sort.${value}`) }))}
          onChange={(event) => go({ ...state, sort: event.currentTarget.value as TNetworkListState['sort'], page: 0 })}
        />
        <div>
          <Text size="sm" fw={500} id={`${kind}-view-label`}>
            {t('list.view')}
          </Text>
          <SegmentedControl
            aria-labelledby={`${kind}-view-label`}
            value={state.view}
            data={NETWORK_LIST_VIEWS.map((value) => ({ value, label: t(`list.views.${value}`) }))}
            onChange={(value) => go({ ...state, view: value as TNetworkListView })}
          />
        </div>
      </Group>
      {list.isPending ? (
        <LoadingScreen />
      ) : (
        <PaginatedList<TItem>
          items={list.data?.content ?? []}
          getKey={(item) => item.id}
          view={state.view}
          columns={columns}
          renderCard={renderCard}
          renderFull={renderFull}
          caption={t(`${kind}.caption`)}
          top={list.data ? <Text mt="sm" role="status">{t('list.total', { count: list.data.totalElements })}</Text> : null}
          emptyText={t(`${kind}.empty`)}
          {...(list.isError ? { error: errorDetail ?? '', onRetry: () => void list.refetch() } : {})}
          pagerLabels={{ label: t('pager.label'), previous: t('pager.previous'), next: t('pager.next'), page: (p) => t('pager.page', { page: p }) }}
          pageSize={NETWORK_PAGE_SIZE}
          page={state.page}
          totalPages={list.data?.totalPages ?? 0}
          onPageChange={(page) => go({ ...state, page })}
        />
      )}
      {canCreate ? <NodeFormModal kind={kind === 'groups' ? 'group' : 'team'} opened={creating} onClose={() => setCreating(false)} /> : null}
    </>
  );
}

type TFilters = Pick<TNetworkListState, 'q' | 'state'>;

/** Search and state; applied together, kept in the address. */
function Filters({ state, onApply }: { state: TFilters; onApply: (filters: TFilters) => void }) {
  const { t } = useTranslation('sales');
  const headingId = useId();
  const [draft, setDraft] = useState<TFilters>({ q: state.q, state: state.state });
  useEffect(() => setDraft({ q: state.q, state: state.state }), [state.q, state.state]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <Paper withBorder p="md" mt="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t('list.filters')}
      </Title>
      <form role="search" onSubmit={submit} aria-labelledby={headingId}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
          <TextInput label={t('list.search')} type="search" maxLength={100} value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.currentTarget.value })} />
          <NativeSelect
            label={t('fields.state')}
            value={draft.state}
            data={[{ value: '', label: t('list.anyState') }, ...NETWORK_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))]}
            onChange={(e) => setDraft({ ...draft, state: e.currentTarget.value as TFilters['state'] })}
          />
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit">{t('list.apply')}</Button>
          <Button
            variant="default"
            onClick={() => {
              setDraft({ q: '', state: '' });
              onApply({ q: '', state: '' });
            }}
          >
            {t('list.clear')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
