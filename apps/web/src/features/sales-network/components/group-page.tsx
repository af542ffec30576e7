import { Anchor, Container, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can, formatMoney, paths, type TTeam } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { PaginatedList, type TColumn } from '../../../components/ui/paginated-list/paginated-list.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { useGroup } from '../api/get-group.ts';
import { LoadFailed, NoAccess, SalesNav, StateBadge } from './common.tsx';
import { Figures } from './figures.tsx';
import { NodeHeader } from './node-header.tsx';

/** /sales/groups/:id: a group, its figures (the sums of its teams') and its teams. */
export function GroupPage({ groupId }: { groupId: string }) {
  const session = useRequiredSession();
  const { t } = useTranslation('sales');
  return (
    <Container size="lg" py="xl">
      <PageMeta title={`${t('group.title')} | KC`} description={t('group.metaDescription')} />
      {!session ? <LoadingScreen /> : can(session.roles, 'sales.read') ? <Body groupId={groupId} roles={session.roles} /> : <NoAccess />}
    </Container>
  );
}

function Body({ groupId, roles }: { groupId: string; roles: string[] }) {
  const { t } = useTranslation('sales');
  const group = useGroup(groupId);
  if (group.isPending) return <LoadingScreen />;
  if (group.isError) return <LoadFailed error={group.error} onRetry={() => void group.refetch()} />;
  const g = group.data;
  const columns: TColumn<TTeam>[] = [
    {
      label: t('fields.title'),
      render: (team) => (
        <Anchor component={Link} to={paths.salesTeam.href(team.id)}>
          {team.title}
        </Anchor>
      ),
    },
    { label: t('figures.membersTotal'), align: 'right', render: (team) => String(team.membersTotal) },
    { label: t('figures.customersTotal'), align: 'right', render: (team) => String(team.customersTotal) },
    { label: t('figures.activeContracts'), align: 'right', render: (team) => String(team.activeContracts) },
    { label: t('figures.investmentTotal'), align: 'right', render: (team) => formatMoney(team.investmentTotal) },
    { label: t('figures.activeLeads'), align: 'right', render: (team) => String(team.activeLeads) },
    { label: t('fields.state'), render: (team) => <StateBadge code={team.stateCode} label={team.state} /> },
  ];
  return (
    <>
      <SalesNav />
      <NodeHeader kind="group" node={g} canManage={can(roles, 'sales.manage')} />
      <Paper withBorder p="md" mt="lg" component="section" aria-labelledby="group-figures">
        <Title order={2} size="h3" id="group-figures" mb="sm">
          {t('figures.title')}
        </Title>
        <Figures figures={g} />
      </Paper>
      <Title order={2} size="h3" mt="lg">
        {t('group.teams')}
      </Title>
      <Text size="sm">{t('list.total', { count: g.teams.length })}</Text>
      <PaginatedList items={g.teams} getKey={(team) => team.id} columns={columns} caption={t('group.teamsCaption', { group: g.title })} emptyText={t('teams.empty')} pageSize={20} pagerLabels={{ label: t('pager.label'), previous: t('pager.previous'), next: t('pager.next'), page: (p) => t('pager.page', { page: p }) }} />
    </>
  );
}
