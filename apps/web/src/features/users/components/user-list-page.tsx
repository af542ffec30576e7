import { Alert, Anchor, Button, Container, Group, NativeSelect, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ROLES, USER_LIST_RESULT_LIMIT, USER_PAGE_SIZE, can, formatDate, paths, type TUser } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { PaginatedList, type TColumn } from '../../../components/ui/paginated-list/paginated-list.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUsers } from '../api/get-users.ts';
import {
  USER_LIST_SORTS,
  USER_LIST_VIEWS,
  readUserListState,
  toUserListQuery,
  writeUserListState,
  type TUserListFilters,
  type TUserListState,
  type TUserListView,
} from '../lib/list-params.ts';
import { CreateUserModal } from './create-user-modal.tsx';
import { UserStatus, useRoleLabels } from './user-status.tsx';

/** /user/list: the company's users (administration roles); everyone else is told they have no access. */
export function UserListPage() {
  const session = useRequiredSession();
  const { t } = useTranslation('users');
  return (
    <Container size="lg" py="xl">
      <PageMeta title={`${t('list.title')} | KC`} description={t('list.metaDescription')} />
      {!session ? (
        <LoadingScreen />
      ) : can(session.roles, 'users.read') ? (
        <UserListBody roles={session.roles} />
      ) : (
        <>
          <Title order={1}>{t('list.title')}</Title>
          <NoAccess />
        </>
      )}
    </Container>
  );
}

function NoAccess() {
  const { t } = useTranslation('users');
  return (
    <Alert color="yellow" variant="light" role="status" mt="md">
      <Text fw={700}>{t('list.noAccess')}</Text>
      <Text size="sm">{t('list.noAccessText')}</Text>
      <Anchor component={Link} to={paths.dashboard.href()}>
        {t('list.back')}
      </Anchor>
    </Alert>
  );
}

function UserListBody({ roles }: { roles: string[] }) {
  const { t, i18n } = useTranslation('users');
  const [params, setParams] = useSearchParams();
  const state = readUserListState(params);
  const users = useUsers(toUserListQuery(state));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ id: string; email: string } | null>(null);
  const roleLabels = useRoleLabels();

  const go = (next: TUserListState) => setParams(writeUserListState(next), { preventScrollReset: true });
  const detailLink = (u: TUser) => (
    <Anchor component={Link} to={paths.userDetail.href(u.id)}>
      {`${u.firstName} ${u.lastName}`}
    </Anchor>
  );
  const lastLogon = (u: TUser) => (u.lastLogonAt ? formatDate(u.lastLogonAt) : t('never'));
  const columns: TColumn<TUser>[] = [
    { label: t('fields.name'), render: detailLink },
    { label: t('fields.email'), render: (u) => u.email },
    { label: t('fields.dni'), render: (u) => u.dni ?? '—' },
    { label: t('fields.roles'), render: (u) => roleLabels(u.roles) },
    { label: t('fields.createdAt'), render: (u) => formatDate(u.createdAt) },
    { label: t('fields.lastLogonAt'), render: lastLogon },
    { label: t('fields.status'), render: (u) => <UserStatus user={u} /> },
  ];
  const renderCard = (u: TUser) => (
    <Stack gap={4}>
      <Text fw={700}>{detailLink(u)}</Text>
      <Text size="sm">{u.email}</Text>
      <Text size="sm">{roleLabels(u.roles)}</Text>
      <UserStatus user={u} />
    </Stack>
  );
  const none = t('notProvided');
  const renderFull = (u: TUser) => (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={700}>{detailLink(u)}</Text>
        <UserStatus user={u} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <LabelledValue label={t('fields.email')} value={u.email} />
        <LabelledValue label={t('fields.phone')} value={u.phone ?? none} />
        <LabelledValue label={t('fields.dni')} value={u.dni ?? none} />
        <LabelledValue label={t('fields.roles')} value={roleLabels(u.roles)} />
        <LabelledValue label={t('fields.country')} value={u.country ?? none} />
        <LabelledValue label={t('fields.city')} value={u.city ?? none} />
        <LabelledValue label={t('fields.postalCode')} value={u.postalCode ?? none} />
        <LabelledValue label={t('fields.createdAt')} value={formatDate(u.createdAt)} />
        <LabelledValue label={t('fields.lastModifiedAt')} value={formatDate(u.lastModifiedAt)} />
        <LabelledValue label={t('fields.lastLogonAt')} value={lastLogon(u)} />
        <LabelledValue label={t('fields.isActive')} value={u.isActive ? t('yes') : t('no')} />
        <LabelledValue label={t('fields.isDeleted')} value={u.isDeleted ? t('yes') : t('no')} />
        <LabelledValue label={t('fields.isTemporalPassword')} value={u.isTemporalPassword ? t('yes') : t('no')} />
        <LabelledValue label={t('fields.id')} value={u.id} />
      </SimpleGrid>
    </Stack>
  );

  const errorDetail = users.error instanceof ApiError ? users.error.extracted.message : undefined;
  return (
    <>
      <Group justify="space-between" align="center">
        <Title order={1}>{t('list.title')}</Title>
        {can(roles, 'users.create') ? <Button onClick={() => setCreating(true)}>{t('list.newUser')}</Button> : null}
      </Group>
      {created ? (
        <Alert color="green" variant="light" role="status" mt="md" withCloseButton closeButtonLabel={t('close')} onClose={() => setCreated(null)}>
          <Text>{t('create.created', { email: created.email })}</Text>
          <Anchor component={Link} to={paths.userDetail.href(created.id)}>
            {t('create.open')}
          </Anchor>
        </Alert>
      ) : null}
      <UserFilters state={state} onApply={(filters) => go({ ...state, ...filters, page: 0 })} />
      <Group mt="md" justify="space-between" align="end" wrap="wrap">
        <NativeSelect
          label={t('list.sortLabel')}
          value={state.sort}
          data={USER_LIST_SORTS.map((value) => ({ value, label: t(`list.sort.${value}`) }))}
          onChange={(event) => go({ ...state, sort: event.currentTarget.value as TUserListState['sort'], page: 0 })}
        />
        <div>
          <Text size="sm" fw={500} id="user-list-view-label">
            {t('list.view')}
          </Text>
          <SegmentedControl
            aria-labelledby="user-list-view-label"
            value={state.view}
            data={USER_LIST_VIEWS.map((value) => ({ value, label: t(`list.views.${value}`) }))}
            onChange={(value) => go({ ...state, view: value as TUserListView })}
          />
        </div>
      </Group>
      {users.isPending ? (
        <LoadingScreen />
      ) : (
        <PaginatedList
          items={users.data?.content ?? []}
          getKey={(u) => u.id}
          view={state.view}
          columns={columns}
          renderCard={renderCard}
          renderFull={renderFull}
          caption={t('list.caption')}
          top={
            users.data ? (
              <Text mt="sm" role="status">
                {users.data.totalCapped
                  ? t('list.totalCapped', { limit: new Intl.NumberFormat(i18n.language).format(USER_LIST_RESULT_LIMIT) })
                  : t('list.total', { count: users.data.totalElements })}
              </Text>
            ) : null
          }
          emptyText={t('list.empty')}
          {...(users.isError ? { error: errorDetail ?? '', onRetry: () => void users.refetch() } : {})}
          pagerLabels={{ label: t('pager.label'), previous: t('pager.previous'), next: t('pager.next'), page: (p) => t('pager.page', { page: p }) }}
          pageSize={USER_PAGE_SIZE}
          page={state.page}
          totalPages={users.data?.totalPages ?? 0}
          onPageChange={(page) => go({ ...state, page })}
        />
      )}
      <CreateUserModal
        opened={creating}
        actorRoles={roles}
        onClose={() => setCreating(false)}
        onCreated={(user) => {
          setCreating(false);
          setCreated(user);
        }}
      />
    </>
  );
}

const TRI = ['', 'true', 'false'] as const;

/** Search and filters; applied together (one request), kept in the address. */
function UserFilters({ state, onApply }: { state: TUserListFilters; onApply: (filters: TUserListFilters) => void }) {
  const { t } = useTranslation('users');
  const headingId = useId();
  const [draft, setDraft] = useState<TUserListFilters>(state);
  // The address wins (back button, a shared link).
  const key = JSON.stringify([state.q, state.role, state.active, state.deleted, state.temporaryPassword, state.createdFrom, state.createdTo]);
  useEffect(() => setDraft(state), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const set = <K extends keyof TUserListFilters>(name: K, value: TUserListFilters[K]) => setDraft((d) => ({ ...d, [name]: value }));
  const triData = TRI.map((value) => ({ value, label: value === '' ? t('list.any') : value === 'true' ? t('list.yes') : t('list.no') }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const empty: TUserListFilters = { q: '', role: '', active: '', deleted: '', temporaryPassword: '', createdFrom: '', createdTo: '' };
  return (
    <Paper withBorder p="md" mt="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t('list.filters')}
      </Title>
      <form role="search" onSubmit={submit} aria-labelledby={headingId}>
        <Stack gap="sm" mt="xs">
          <TextInput
            label={t('list.search')}
            description={t('list.searchHint')}
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
            type="search"
            maxLength={100}
            value={draft.q}
            onChange={(e) => set('q', e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <NativeSelect
              label={t('list.role')}
              value={draft.role}
              data={[{ value: '', label: t('list.anyRole') }, ...ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))]}
              onChange={(e) => set('role', e.currentTarget.value as TUserListFilters['role'])}
            />
            <NativeSelect label={t('list.active')} value={draft.active} data={triData} onChange={(e) => set('active', e.currentTarget.value as TUserListFilters['active'])} />
            <NativeSelect label={t('list.deleted')} value={draft.deleted} data={triData} onChange={(e) => set('deleted', e.currentTarget.value as TUserListFilters['deleted'])} />
            <NativeSelect
              label={t('list.temporaryPassword')}
              value={draft.temporaryPassword}
              data={triData}
              onChange={(e) => set('temporaryPassword', e.currentTarget.value as TUserListFilters['temporaryPassword'])}
            />
            <TextInput label={t('list.createdFrom')} type="date" value={draft.createdFrom} onChange={(e) => set('createdFrom', e.currentTarget.value)} />
            <TextInput label={t('list.createdTo')} type="date" value={draft.createdTo} onChange={(e) => set('createdTo', e.currentTarget.value)} />
          </SimpleGrid>
          <Group>
            <Button type="submit">{t('list.apply')}</Button>
            <Button
              variant="default"
              onClick={() => {
                setDraft(empty);
                onApply(empty);
              }}
            >
              {t('list.clear')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
