import { Anchor, Button, Container, Group, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can, paths, type TContractFilter } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { PaginatedList } from '../../../components/ui/paginated-list/paginated-list.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { useDashboard, DASHBOARD_PAGE_SIZE } from '../api/get-dashboard.ts';
import { useListParams } from '../hooks/use-list-params.ts';
import { readFilter, readPage } from '../lib/filter-param.ts';
import { ContractDetailsModal } from './contract-details-modal.tsx';
import { StateFilters } from './state-filters.tsx';
import { useContractColumns, usePagerLabels } from './use-contract-columns.tsx';
// Income (issue 15, part income): the holdings and the distributions link.
import { HoldingsSection } from '../../income/components/holdings-section.tsx';
import { DistributionsAdminLink } from '../../income/components/distributions-admin-link.tsx';

/** The investor board (/dashboard and /inversor/dashboard). */
export function DashboardPage() {
  const session = useRequiredSession();
  const { t } = useTranslation('contracts');
  return (
    <Container size="lg" py="xl">
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <Title order={1}>{t('dashboard.title')}</Title>
      {session ? <DashboardBody userId={session.userId} roles={session.roles} /> : <LoadingScreen />}
    </Container>
  );
}

function DashboardBody({ userId, roles }: { userId: string; roles: string[] }) {
  const { t } = useTranslation('contracts');
  const { params, update, detailHref, detail } = useListParams();
  const filter = readFilter(params.get('estado'));
  const page = readPage(params.get('pagina'));
  const dashboard = useDashboard(userId, filter, page);
  const columns = useContractColumns(detailHref);
  const pagerLabels = usePagerLabels();

  const setFilter = (value: TContractFilter) => update({ estado: value, pagina: undefined });

  const contracts = dashboard.data?.contracts;
  return (
    <>
      <Text mt="sm">{t('dashboard.intro')}</Text>
      <Group mt="md">
        <Button component={Link} to={paths.calculators.href()}>
          {t('dashboard.hireAnother')}
        </Button>
        <Anchor component={Link} to={paths.contracts.href(userId)}>
          {t('dashboard.seeAllContracts')}
        </Anchor>
        {/* Documents (issue 15, part "documents"). */}
        <Anchor component={Link} to={paths.documents.href()}>
          {t('dashboard.documents')}
        </Anchor>
        {/* Properties and plantations (issue 15, part assets). */}
        <Anchor component={Link} to={paths.assets.href()}>
          {t('dashboard.assets')}
        </Anchor>
        {/* The KC market (issue 18). */}
        <Anchor component={Link} to={paths.market.href()}>
          {t('dashboard.market')}
        </Anchor>
      </Group>
      <HoldingsSection customerId={userId} />
      <StateFilters value={filter} facets={dashboard.data?.facets} onChange={setFilter} />
      {dashboard.isPending ? (
        <LoadingScreen />
      ) : (
        <PaginatedList
          items={contracts?.content ?? []}
          getKey={(c) => c.id}
          columns={columns}
          caption={t('dashboard.tableCaption', { filter: t(`filters.${filter}`) })}
          emptyText={t('dashboard.empty')}
          {...(dashboard.isError ? { error: '', onRetry: () => void dashboard.refetch() } : {})}
          pagerLabels={pagerLabels}
          pageSize={DASHBOARD_PAGE_SIZE}
          page={page}
          totalPages={contracts?.totalPages ?? 0}
          onPageChange={(next) => update({ pagina: String(next + 1) })}
        />
      )}
      {can(roles, 'administration.use') ? (
        <Paper withBorder p="md" mt="xl" component="section" aria-labelledby="administration-heading">
          <Title order={2} size="h3" id="administration-heading">
            {t('dashboard.administration')}
          </Title>
          <Text mt="xs">{t('dashboard.administrationText')}</Text>
          <Group mt="xs" gap="lg">
            <Anchor component={Link} to={paths.userList.href()}>
              {t('dashboard.userList')}
            </Anchor>
            {can(roles, 'audit.read') ? (
              <Anchor component={Link} to={paths.audit.href()}>
                {t('dashboard.auditLog')}
              </Anchor>
            ) : null}
            {can(roles, 'sales.read') ? (
              <Anchor component={Link} to={paths.salesTree.href()}>
                {t('dashboard.salesNetwork')}
              </Anchor>
            ) : null}
            {can(roles, 'sales.assignClients') ? (
              <Anchor component={Link} to={paths.salesPending.href()}>
                {t('dashboard.pendingAssignments')}
              </Anchor>
            ) : null}
            {can(roles, 'ledger.publishPrice') ? (
              <Anchor component={Link} to={paths.prices.href()}>
                {t('dashboard.prices')}
              </Anchor>
            ) : null}
            <DistributionsAdminLink roles={roles} />
            {/* Properties and plantations (issue 15, part assets). */}
            {can(roles, 'assets.manage') ? (
              <Anchor component={Link} to={paths.adminAssets.href()}>
                {t('dashboard.assetsAdmin')}
              </Anchor>
            ) : null}
            {/* Issue 15 (helper imports). */}
            {can(roles, 'bankStatements.import') ? (
              <Anchor component={Link} to={paths.bankStatements.href()}>
                {t('dashboard.bankStatements')}
              </Anchor>
            ) : null}
            {/* Issue 18 (helper payout). */}
            {can(roles, 'market.payouts.read') ? (
              <Anchor component={Link} to={paths.marketPayouts.href()}>
                {t('dashboard.marketPayouts')}
              </Anchor>
            ) : null}
          </Group>
        </Paper>
      ) : null}
      {can(roles, 'leads.own') ? (
        <Paper withBorder p="md" mt="xl" component="section" aria-labelledby="agent-workspace-heading">
          <Title order={2} size="h3" id="agent-workspace-heading">
            {t('dashboard.agentWorkspace')}
          </Title>
          <Text mt="xs">{t('dashboard.agentWorkspaceText')}</Text>
          <Anchor component={Link} to={paths.agentWorkspace.href()} mt="xs" display="inline-block">
            {t('dashboard.agentWorkspace')}
          </Anchor>
        </Paper>
      ) : null}
      <ContractDetailsModal contractId={detail} onClose={() => update({ detalle: undefined })} />
    </>
  );
}
