import { Alert, Anchor, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, type TNetworkState } from '@kc/domain';
import '../i18n.ts';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { ApiError } from '../../../lib/api-client.ts';

/** For people whose role does not reach the sales network. */
export function NoAccess() {
  const { t } = useTranslation('sales');
  return (
    <Alert color="yellow" variant="light" role="status" mt="md">
      <Text fw={700}>{t('noAccess')}</Text>
      <Text size="sm">{t('noAccessText')}</Text>
      <Anchor component={Link} to={paths.dashboard.href()}>
        {t('backToDashboard')}
      </Anchor>
    </Alert>
  );
}

export function StateBadge({ code, label }: { code: TNetworkState; label: string }) {
  return <StatusBadge tone={code === 'OPERATIVE' ? 'green' : 'gray'}>{label}</StatusBadge>;
}

/** The links between the network's screens. */
export function SalesNav() {
  const { t } = useTranslation('sales');
  return (
    <Group component="nav" aria-label={t('nav.label')} gap="lg" mb="md">
      <Anchor component={Link} to={paths.salesTree.href()}>
        {t('nav.tree')}
      </Anchor>
      <Anchor component={Link} to={paths.salesGroups.href()}>
        {t('nav.groups')}
      </Anchor>
      <Anchor component={Link} to={paths.salesTeams.href()}>
        {t('nav.teams')}
      </Anchor>
      <Anchor component={Link} to={paths.salesZones.href()}>
        {t('nav.zones')}
      </Anchor>
    </Group>
  );
}

/** A failed load: the server's message and a Retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }): ReactNode {
  const { t } = useTranslation('sales');
  return (
    <Alert color="red" variant="light" role="alert" mt="md" title={t('loadFailed')}>
      <Text size="sm">{error instanceof ApiError ? error.extracted.message : t('loadFailedText')}</Text>
      <Anchor component="button" type="button" onClick={onRetry}>
        {t('retry')}
      </Anchor>
    </Alert>
  );
}

/** The message of a failed action. */
export function actionError(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.extracted.message : fallback;
}
