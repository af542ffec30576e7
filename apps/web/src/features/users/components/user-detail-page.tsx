import { Alert, Anchor, Container, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONTRACT_FILTERS, can, formatDate, paths, type TUserDetail } from '@kc/domain';
import '../i18n.ts';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { LoadErrorAlert } from '../../../components/ui/paginated-list/load-error-alert.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCities } from '../../../lib/api/get-cities.ts';
import { useCountries } from '../../../lib/api/get-countries.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useUser } from '../api/get-user.ts';
import { UserActions, availableActions } from './user-actions.tsx';
import { UserStatus, useRoleLabels } from './user-status.tsx';

/**
 * /user/{id}: every field, roles, sessions, contracts and (ADMIN) the audit entries about the
 * user, and the actions the matrix allows. `auditSection` is given by the route (the audit feature).
 */
export function UserDetailPage({ userId, auditSection }: { userId: string; auditSection?: (userId: string) => ReactNode }) {
  const session = useRequiredSession();
  const { t } = useTranslation('users');
  return (
    <Container size="lg" py="xl">
      <PageMeta title={`${t('list.title')} | KC`} description={t('detail.metaDescription')} />
      <Anchor component={Link} to={paths.userList.href()}>
        {t('detail.back')}
      </Anchor>
      {!session ? (
        <LoadingScreen />
      ) : !can(session.roles, 'users.read') ? (
        <>
          <Title order={1}>{t('list.title')}</Title>
          <Alert color="yellow" variant="light" role="status" mt="md">
            <Text fw={700}>{t('list.noAccess')}</Text>
            <Text size="sm">{t('list.noAccessText')}</Text>
          </Alert>
        </>
      ) : (
        <UserDetailBody userId={userId} actor={{ id: session.userId, roles: session.roles }} auditSection={can(session.roles, 'audit.read') ? auditSection : undefined} />
      )}
    </Container>
  );
}

function UserDetailBody({ userId, actor, auditSection }: { userId: string; actor: { id: string; roles: string[] }; auditSection?: ((userId: string) => ReactNode) | undefined }) {
  const { t } = useTranslation('users');
  const user = useUser(userId);
  if (user.isPending) return <LoadingScreen />;
  if (user.isError) {
    const notFound = user.error instanceof ApiError && user.error.status === 404;
    return (
      <>
        <Title order={1} mt="md">
          {t('list.title')}
        </Title>
        {notFound ? (
          <Alert color="yellow" variant="light" role="status" mt="md">
            {t('detail.notFound')}
          </Alert>
        ) : (
          <LoadErrorAlert detail={user.error instanceof ApiError ? user.error.extracted.message : undefined} onRetry={() => void user.refetch()} />
        )}
      </>
    );
  }
  return <UserDetailView user={user.data} actor={actor} auditSection={auditSection} />;
}

function UserDetailView({ user, actor, auditSection }: { user: TUserDetail; actor: { id: string; roles: string[] }; auditSection?: ((userId: string) => ReactNode) | undefined }) {
  const { t } = useTranslation('users');
  const roleLabels = useRoleLabels();
  const countries = useCountries(currentLanguage());
  const cities = useCities(user.country ?? '');
  const none = t('notProvided');
  const countryName = user.country ? (countries.data?.find((c) => c.id === user.country)?.name ?? user.country) : none;
  const cityName = user.city ? (cities.data?.find((c) => c.id === user.city)?.name ?? user.city) : none;
  const actions = availableActions(actor, user);
  const isSelf = actor.id === user.id;
  const when = (value: string | null) => (value ? formatDateTime(value) : t('never'));

  return (
    <Stack gap="lg" mt="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{`${user.firstName} ${user.lastName}`}</Title>
        <UserStatus user={user} />
      </Group>

      <Paper withBorder p="md" component="section" aria-labelledby="user-actions-heading">
        <Title order={2} size="h3" id="user-actions-heading">
          {t('detail.actions')}
        </Title>
        {isSelf ? <Text mt="xs">{t('detail.self')}</Text> : actions.length === 0 ? <Text mt="xs">{t('detail.noActions')}</Text> : null}
        <UserActions user={user} actions={actions} />
      </Paper>

      <Paper withBorder p="md" component="section" aria-labelledby="user-data-heading">
        <Title order={2} size="h3" id="user-data-heading">
          {t('detail.data')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="sm">
          <LabelledValue label={t('fields.email')} value={user.email} />
          <LabelledValue label={t('fields.firstName')} value={user.firstName} />
          <LabelledValue label={t('fields.lastName')} value={user.lastName} />
          <LabelledValue label={t('fields.phone')} value={user.phone ?? none} />
          <LabelledValue label={t('fields.dni')} value={user.dni ?? none} />
          <LabelledValue label={t('fields.dateOfBirth')} value={user.dateOfBirth ? formatDate(user.dateOfBirth) : none} />
          <LabelledValue label={t('fields.country')} value={countryName} />
          <LabelledValue label={t('fields.city')} value={cityName} />
          <LabelledValue label={t('fields.postalCode')} value={user.postalCode ?? none} />
          <LabelledValue label={t('fields.language')} value={t(`languages.${user.language}`, { defaultValue: user.language })} />
          <LabelledValue label={t('fields.investorType')} value={t(`investorTypes.${user.investorType}`, { defaultValue: user.investorType })} />
          <LabelledValue label={t('fields.advisor')} value={user.advisor ? `${user.advisor.firstName} ${user.advisor.lastName} (${user.advisor.email})` : none} />
          <LabelledValue label={t('fields.createdAt')} value={formatDateTime(user.createdAt)} />
          <LabelledValue label={t('fields.lastModifiedAt')} value={formatDateTime(user.lastModifiedAt)} />
          <LabelledValue label={t('fields.lastLogonAt')} value={when(user.lastLogonAt)} />
          <LabelledValue label={t('fields.confirmedAt')} value={user.confirmedAt ? formatDateTime(user.confirmedAt) : t('no')} />
          <LabelledValue label={t('fields.isActive')} value={user.isActive ? t('yes') : t('no')} />
          <LabelledValue label={t('fields.isDeleted')} value={user.isDeleted ? t('yes') : t('no')} />
          <LabelledValue label={t('fields.isTemporalPassword')} value={user.isTemporalPassword ? t('yes') : t('no')} />
          <LabelledValue label={t('fields.id')} value={user.id} />
        </SimpleGrid>
      </Paper>

      <Paper withBorder p="md" component="section" aria-labelledby="user-roles-heading">
        <Title order={2} size="h3" id="user-roles-heading">
          {t('detail.rolesTitle')}
        </Title>
        <Text mt="xs">{roleLabels(user.roles)}</Text>
      </Paper>

      <Paper withBorder p="md" component="section" aria-labelledby="user-sessions-heading">
        <Title order={2} size="h3" id="user-sessions-heading">
          {t('detail.sessions')}
        </Title>
        {user.sessions.length === 0 ? (
          <Text mt="xs">{t('detail.noSessions')}</Text>
        ) : (
          // No scroll container: three short columns fit a phone (and a scrolling region with nothing to focus fails WCAG).
          <Table mt="xs" fz="sm">
              <Table.Caption style={{ color: 'var(--mantine-color-gray-8)' }}>{t('detail.sessionsCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('detail.sessionCreated')}</Table.Th>
                  <Table.Th scope="col">{t('detail.sessionExpires')}</Table.Th>
                  <Table.Th scope="col">{t('detail.sessionClient')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {user.sessions.map((s, index) => (
                  <Table.Tr key={`${s.createdAt}-${index}`}>
                    <Table.Td>{formatDateTime(s.createdAt)}</Table.Td>
                    <Table.Td>{formatDateTime(s.expiresAt)}</Table.Td>
                    <Table.Td>{s.clientId}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
          </Table>
        )}
      </Paper>

      <Paper withBorder p="md" component="section" aria-labelledby="user-contracts-heading">
        <Title order={2} size="h3" id="user-contracts-heading">
          {t('detail.contracts')}
        </Title>
        <Group gap="lg" mt="xs" wrap="wrap">
          {CONTRACT_FILTERS.map((state) => (
            <Text key={state}>{t('detail.contractCount', { state: t(`contractStates.${state}`), count: user.contracts.counts[state] ?? 0 })}</Text>
          ))}
        </Group>
        <Anchor component={Link} to={paths.contracts.href(user.id)} mt="xs" display="inline-block">
          {t('detail.seeContracts')}
        </Anchor>
      </Paper>

      {auditSection ? (
        <Paper withBorder p="md" component="section" aria-labelledby="user-audit-heading">
          <Title order={2} size="h3" id="user-audit-heading">
            {t('detail.audit')}
          </Title>
          {auditSection(user.id)}
        </Paper>
      ) : null}
    </Stack>
  );
}
