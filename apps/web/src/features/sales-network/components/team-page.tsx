import { Alert, Button, Container, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { can, formatMoney, type TAgentNode } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { PaginatedList, type TColumn } from '../../../components/ui/paginated-list/paginated-list.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { useUsers } from '../../users/api/get-users.ts';
import { useTeam } from '../api/get-team.ts';
import { useMoveAgent } from '../api/move-agent.ts';
import { actionError, LoadFailed, NoAccess, SalesNav } from './common.tsx';
import { Figures } from './figures.tsx';
import { NodeHeader } from './node-header.tsx';

/** /sales/teams/:id: the specification's Team fields, its agents with their figures, and (staff) moves. */
export function TeamPage({ teamId }: { teamId: string }) {
  const session = useRequiredSession();
  const { t } = useTranslation('sales');
  return (
    <Container size="lg" py="xl">
      <PageMeta title={`${t('team.title')} | KC`} description={t('team.metaDescription')} />
      {!session ? <LoadingScreen /> : can(session.roles, 'sales.read') ? <Body teamId={teamId} roles={session.roles} /> : <NoAccess />}
    </Container>
  );
}

function Body({ teamId, roles }: { teamId: string; roles: string[] }) {
  const { t } = useTranslation('sales');
  const team = useTeam(teamId);
  const move = useMoveAgent();
  const canManage = can(roles, 'sales.manage');
  if (team.isPending) return <LoadingScreen />;
  if (team.isError) return <LoadFailed error={team.error} onRetry={() => void team.refetch()} />;
  const tm = team.data;
  const columns: TColumn<TAgentNode>[] = [
    { label: t('fields.name'), render: (a) => `${a.firstName} ${a.lastName}` },
    { label: t('fields.email'), render: (a) => a.email },
    { label: t('figures.customersTotal'), align: 'right', render: (a) => String(a.customersTotal) },
    { label: t('figures.activeContracts'), align: 'right', render: (a) => String(a.activeContracts) },
    { label: t('figures.investmentTotal'), align: 'right', render: (a) => formatMoney(a.investmentTotal) },
    { label: t('figures.activeLeads'), align: 'right', render: (a) => String(a.activeLeads) },
    ...(canManage && tm.stateCode === 'OPERATIVE'
      ? [
          {
            label: t('team.actions'),
            render: (a: TAgentNode) => (
              <Button size="xs" variant="default" loading={move.isPending && move.variables?.agentId === a.id} onClick={() => move.mutate({ agentId: a.id, teamId: null })} aria-label={t('team.removeAgent', { name: `${a.firstName} ${a.lastName}` })}>
                {t('team.remove')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <SalesNav />
      <NodeHeader kind="team" node={tm} canManage={canManage} />
      <Paper withBorder p="md" mt="lg" component="section" aria-labelledby="team-figures">
        <Title order={2} size="h3" id="team-figures" mb="sm">
          {t('figures.title')}
        </Title>
        <Figures figures={tm} />
      </Paper>
      <Title order={2} size="h3" mt="lg">
        {t('agents')}
      </Title>
      {move.isError ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {actionError(move.error, t('actionFailed'))}
        </Alert>
      ) : null}
      <PaginatedList items={tm.agents} getKey={(a) => a.id} columns={columns} caption={t('team.agentsCaption', { team: tm.title })} emptyText={t('team.noAgents')} pageSize={20} pagerLabels={{ label: t('pager.label'), previous: t('pager.previous'), next: t('pager.next'), page: (p) => t('pager.page', { page: p }) }} />
      {canManage && tm.stateCode === 'OPERATIVE' ? <MoveAgentForm teamId={tm.id} teamTitle={tm.title} members={tm.agents.map((a) => a.id)} /> : null}
    </>
  );
}

/** Moves an agent (from any team, or none) into this team; the API keeps the history. */
function MoveAgentForm({ teamId, teamTitle, members }: { teamId: string; teamTitle: string; members: string[] }) {
  const { t } = useTranslation('sales');
  const agents = useUsers('role=AGENT&active=true&deleted=false&size=100&sort=lastName,asc');
  const move = useMoveAgent();
  const [agentId, setAgentId] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const options = (agents.data?.content ?? []).filter((a) => !members.includes(a.id)).map((a) => ({ value: a.id, label: `${a.firstName} ${a.lastName} (${a.email})` }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!agentId) return;
    const name = options.find((o) => o.value === agentId)?.label ?? '';
    move.mutate({ agentId, teamId }, { onSuccess: () => (setDone(t('team.moved', { name, team: teamTitle })), setAgentId(null)) });
  };
  return (
    <Paper withBorder p="md" mt="lg" component="section" aria-labelledby="move-agent">
      <Title order={2} size="h3" id="move-agent">
        {t('team.moveTitle')}
      </Title>
      <Text size="sm">{t('team.moveHint')}</Text>
      {done ? (
        <Alert color="green" variant="light" role="status" mt="sm">
          {done}
        </Alert>
      ) : null}
      {move.isError ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {actionError(move.error, t('actionFailed'))}
        </Alert>
      ) : null}
      <form onSubmit={submit} aria-labelledby="move-agent">
        <Stack gap="sm" mt="sm">
          <Select label={t('fields.agent')} searchable required nothingFoundMessage={t('form.nothingFound')} data={options} value={agentId} onChange={setAgentId} comboboxProps={{ withinPortal: true }} />
          <Group>
            <Button type="submit" loading={move.isPending} disabled={!agentId}>
              {t('team.moveSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
