import { Anchor, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can, paths } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { useTree } from '../api/get-tree.ts';
import { LoadFailed, NoAccess, SalesNav, StateBadge } from './common.tsx';
import { Figures } from './figures.tsx';

/** /sales/tree: groups → teams → agents, each with its figures, as far as the person reaches. */
export function SalesTreePage() {
  const session = useRequiredSession();
  const { t } = useTranslation('sales');
  return (
    <Container size="lg" py="xl">
      <PageMeta title={`${t('tree.title')} | KC`} description={t('tree.metaDescription')} />
      <Title order={1} mb="sm">
        {t('tree.title')}
      </Title>
      {!session ? <LoadingScreen /> : can(session.roles, 'sales.read') ? <TreeBody /> : <NoAccess />}
    </Container>
  );
}

function TreeBody() {
  const { t } = useTranslation('sales');
  const tree = useTree();
  if (tree.isPending) return <LoadingScreen />;
  if (tree.isError) return <LoadFailed error={tree.error} onRetry={() => void tree.refetch()} />;
  return (
    <>
      <SalesNav />
      {tree.data.groups.length === 0 ? <Text>{t('tree.empty')}</Text> : null}
      <List listStyleType="none" spacing="md" aria-label={t('tree.groupsLabel')}>
        {tree.data.groups.map((g) => (
          <List.Item key={g.id}>
            <Paper withBorder p="md" component="section" aria-labelledby={`group-${g.id}`}>
              <Group justify="space-between" wrap="wrap">
                <Title order={2} size="h3" id={`group-${g.id}`}>
                  <Anchor component={Link} to={paths.salesGroup.href(g.id)} inherit>
                    {g.title}
                  </Anchor>
                </Title>
                <StateBadge code={g.stateCode} label={g.state} />
              </Group>
              <Text size="sm" c="gray.7" mb="xs">
                {g.manager ? t('managedBy', { name: `${g.manager.firstName} ${g.manager.lastName}` }) : t('noManager')}
              </Text>
              <Figures figures={g} />
              <List listStyleType="none" spacing="sm" mt="md" aria-label={t('tree.teamsOf', { group: g.title })}>
                {g.teams.map((team) => (
                  <List.Item key={team.id}>
                    <Paper withBorder p="sm" bg="gray.0">
                      <Group justify="space-between" wrap="wrap">
                        <Title order={3} size="h4">
                          <Anchor component={Link} to={paths.salesTeam.href(team.id)} inherit>
                            {team.title}
                          </Anchor>
                        </Title>
                        <StateBadge code={team.stateCode} label={team.state} />
                      </Group>
                      <Figures figures={team} />
                      {team.agents.length > 0 ? (
                        <Stack gap="xs" mt="sm">
                          <Text fw={600} size="sm">
                            {t('agents')}
                          </Text>
                          <List spacing="xs" aria-label={t('tree.agentsOf', { team: team.title })}>
                            {team.agents.map((a) => (
                              <List.Item key={a.id}>
                                <Text fw={500}>{`${a.firstName} ${a.lastName}`}</Text>
                                <Figures figures={a} members={false} />
                              </List.Item>
                            ))}
                          </List>
                        </Stack>
                      ) : (
                        <Text size="sm" mt="xs">
                          {t('team.noAgents')}
                        </Text>
                      )}
                    </Paper>
                  </List.Item>
                ))}
              </List>
            </Paper>
          </List.Item>
        ))}
      </List>
    </>
  );
}
