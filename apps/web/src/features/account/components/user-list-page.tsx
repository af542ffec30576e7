import { Alert, Anchor, Container, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canUseAdministration, formatDate, paths, type TUserListPage } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { PaginatedList, type TColumn } from '../../../components/ui/paginated-list/paginated-list.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { useUsers, USER_LIST_PAGE_SIZE } from '../api/get-users.ts';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';

type TUser = TUserListPage['content'][number];

/** /user/list: the company's users, for administration roles; everyone else is told they have no access. */
export function UserListPage() {
  const session = useRequiredSession();
  const { t } = useTranslation('account');
  const allowed = session ? canUseAdministration(session.roles) : false;
  return (
    <Container size="lg" py="xl">
      <PageMeta title={`${t('users.title')} | KC`} description={t('users.metaDescription')} />
      <Title order={1}>{t('users.title')}</Title>
      {!session ? (
        <LoadingScreen />
      ) : allowed ? (
        <UserTable />
      ) : (
        <Alert color="yellow" variant="light" role="status" mt="md">
          <Text fw={700}>{t('users.noAccess')}</Text>
          <Text size="sm">{t('users.noAccessText')}</Text>
          <Anchor component={Link} to={paths.dashboard.href()}>
            {t('users.back')}
          </Anchor>
        </Alert>
      )}
    </Container>
  );
}

function UserTable() {
  const { t } = useTranslation('account');
  const [page, setPage] = useState(0);
  const users = useUsers(page, true);
  const columns: TColumn<TUser>[] = [
    { label: t('users.name'), render: (u) => `${u.firstName} ${u.lastName}` },
    { label: t('users.email'), render: (u) => u.email },
    { label: t('users.roles'), render: (u) => u.roles.map((r) => t(`roles.${r}`, { defaultValue: r })).join(', ') },
    { label: t('users.created'), render: (u) => formatDate(u.createdAt) },
    { label: t('users.lastLogon'), render: (u) => (u.lastLogonAt ? formatDate(u.lastLogonAt) : t('users.never')) },
    {
      label: t('users.status'),
      render: (u) => (
        <StatusBadge tone={u.isDeleted ? 'red' : u.isActive ? 'green' : 'gray'}>
          {u.isDeleted ? t('users.deleted') : u.isActive ? t('users.active') : t('users.inactive')}
        </StatusBadge>
      ),
    },
  ];
  if (users.isPending) return <LoadingScreen />;
  return (
    <PaginatedList
      items={users.data?.content ?? []}
      getKey={(u) => u.id}
      columns={columns}
      caption={t('users.caption')}
      emptyText={t('users.empty')}
      {...(users.isError ? { error: '', onRetry: () => void users.refetch() } : {})}
      pagerLabels={{ label: t('pager.label'), previous: t('pager.previous'), next: t('pager.next'), page: (p) => t('pager.page', { page: p }) }}
      pageSize={USER_LIST_PAGE_SIZE}
      page={page}
      totalPages={users.data?.totalPages ?? 0}
      onPageChange={setPage}
    />
  );
}
