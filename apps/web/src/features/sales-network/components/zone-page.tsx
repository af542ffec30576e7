import { Alert, Button, Container, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { can, formatDate, type TZoneDetail } from '@kc/domain';
import '../i18n.ts';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { useZone } from '../api/get-zone.ts';
import { useReleaseSeat, useTakeSeat } from '../api/seats.ts';
import { actionError, LoadFailed, NoAccess, SalesNav, StateBadge } from './common.tsx';

/** /sales/zones/:id: the specification's Zone, occupation by membership type, and seats. */
export function ZonePage({ zoneId }: { zoneId: string }) {
  const session = useRequiredSession();
  const { t } = useTranslation('sales');
  return (
    <Container size="lg" py="xl">
      <PageMeta title={`${t('zone.title')} | KC`} description={t('zone.metaDescription')} />
      {!session ? <LoadingScreen /> : can(session.roles, 'sales.zones.read') ? <Body zoneId={zoneId} roles={session.roles} userId={session.userId} /> : <NoAccess />}
    </Container>
  );
}

function Body({ zoneId, roles, userId }: { zoneId: string; roles: string[]; userId: string }) {
  const { t } = useTranslation('sales');
  const zone = useZone(zoneId);
  const take = useTakeSeat();
  const release = useReleaseSeat();
  if (zone.isPending) return <LoadingScreen />;
  if (zone.isError) return <LoadFailed error={zone.error} onRetry={() => void zone.refetch()} />;
  const z: TZoneDetail = zone.data;
  const isAgent = roles.includes('AGENT');
  const canStaff = can(roles, 'sales.manage');
  const operative = z.stateCode === 'OPERATIVE';
  const failure = take.error ?? release.error;
  return (
    <>
      <SalesNav />
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{z.title}</Title>
        <StateBadge code={z.stateCode} label={z.state} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="md">
        <LabelledValue label={t('fields.groupName')} value={z.groupName} />
        <LabelledValue label={t('fields.startSince')} value={formatDate(z.startSince)} />
        <LabelledValue label={t('fields.place')} value={[z.city, z.country].filter(Boolean).join(', ') || '—'} />
        <LabelledValue label={t('fields.phone')} value={z.phone ?? '—'} />
        <LabelledValue label={t('fields.email')} value={z.email ?? '—'} />
        <LabelledValue label={t('fields.ocupationPercent')} value={`${z.ocupationPercent} %`} />
      </SimpleGrid>
      {failure ? (
        <Alert color="red" variant="light" role="alert" mt="md">
          {actionError(failure, t('actionFailed'))}
        </Alert>
      ) : null}
      {z.mySeat ? (
        <Alert color="green" variant="light" role="status" mt="md">
          <Group justify="space-between" wrap="wrap">
            <Text>{t('zone.mySeat', { type: z.ocupationByType.find((o) => o.type === z.mySeat)?.title ?? z.mySeat })}</Text>
            <Button variant="default" loading={release.isPending} onClick={() => release.mutate({ zoneId: z.id, agentId: userId })}>
              {t('zone.release')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Title order={2} size="h3" mt="lg">
        {t('zone.byType')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
        {z.ocupationByType.map((o) => (
          <Paper key={o.type} withBorder p="md" component="section" aria-labelledby={`type-${o.type}`}>
            <Stack gap={6}>
              <Title order={3} size="h4" id={`type-${o.type}`}>
                {o.title} <span aria-label={t('zone.stars', { count: o.stars })}>{'★'.repeat(o.stars)}</span>
              </Title>
              <Text size="sm">{o.price}</Text>
              <Text size="sm">{t('zone.reserved', { reserved: o.reserved, max: o.max })}</Text>
              <Progress value={o.max ? (o.reserved * 100) / o.max : 0} aria-label={t('zone.occupationOf', { type: o.title })} />
              {isAgent && !z.mySeat && operative ? (
                <Button size="xs" disabled={o.reserved >= o.max} loading={take.isPending && take.variables?.type === o.type} onClick={() => take.mutate({ zoneId: z.id, type: o.type })}>
                  {t('zone.take', { type: o.title })}
                </Button>
              ) : null}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      {z.seats.length > 0 && !isAgent ? (
        <>
          <Title order={2} size="h3" mt="lg">
            {t('zone.seats')}
          </Title>
          <Table.ScrollContainer minWidth={480} mt="sm">
            <Table>
              <caption>{t('zone.seatsCaption', { zone: z.title })}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.agent')}</Table.Th>
                  <Table.Th>{t('zone.type')}</Table.Th>
                  <Table.Th>{t('zone.since')}</Table.Th>
                  {canStaff ? <Table.Th>{t('team.actions')}</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {z.seats.map((s) => (
                  <Table.Tr key={s.agent.id}>
                    <Table.Td>{`${s.agent.firstName} ${s.agent.lastName}`}</Table.Td>
                    <Table.Td>{z.ocupationByType.find((o) => o.type === s.type)?.title ?? s.type}</Table.Td>
                    <Table.Td>{formatDate(s.takenAt)}</Table.Td>
                    {canStaff ? (
                      <Table.Td>
                        <Button size="xs" variant="default" onClick={() => release.mutate({ zoneId: z.id, agentId: s.agent.id })} aria-label={t('zone.releaseFor', { name: `${s.agent.firstName} ${s.agent.lastName}` })}>
                          {t('zone.release')}
                        </Button>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      ) : null}
    </>
  );
}
