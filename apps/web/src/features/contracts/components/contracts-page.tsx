import { Anchor, Container, Group, NativeSelect, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths, type TContractFilter, type TDashboardFacets } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { PaginatedList } from '../../../components/ui/paginated-list/paginated-list.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { useDashboard } from '../api/get-dashboard.ts';
import { useSearchContracts } from '../api/search-contracts.ts';
import { useListParams } from '../hooks/use-list-params.ts';
import { readFilter, readPage } from '../lib/filter-param.ts';
import { ContractDetailsModal } from './contract-details-modal.tsx';
import { StateFilters } from './state-filters.tsx';
import { useContractColumns, usePagerLabels } from './use-contract-columns.tsx';

const PAGE_SIZE = 10;
const SORTS = [
  'submissionDate,desc',
  'submissionDate,asc',
  'expiringDate,asc',
  'initialInvestment,desc',
  'initialInvestment,asc',
  'recurringAmmount,desc',
  'productKey,asc',
] as const;

/**
 * /inversor/contratos/{id}: the contracts of user {id} (the caller's own, or a client's for staff
 * the API allows; others get its 404) from the search endpoint, with state filters, sorting and paging.
 */
export function ContractsPage() {
  const session = useRequiredSession();
  const { id } = useParams();
  const { t } = useTranslation('contracts');
  return (
    <Container size="lg" py="xl">
      <PageMeta title={`${t('list.title')} | KC`} description={t('list.metaDescription')} />
      <Title order={1}>{t('list.title')}</Title>
      {session ? <ContractsBody userId={id || session.userId} isOwn={!id || id === session.userId} /> : <LoadingScreen />}
    </Container>
  );
}

function ContractsBody({ userId, isOwn }: { userId: string; isOwn: boolean }) {
  const { t } = useTranslation('contracts');
  const { params, update, detailHref, detail } = useListParams();
  const filter = readFilter(params.get('estado'), 'ALL');
  const page = readPage(params.get('pagina'));
  const sort = (SORTS as readonly string[]).includes(params.get('orden') ?? '') ? params.get('orden')! : SORTS[0];
  const search = useSearchContracts({ userId, contractState: filter, page, size: PAGE_SIZE, sort });
  // The counters come with the caller's own board's answer (one small page); none for someone else's list.
  const counters = useDashboard(userId, 'ALL', 0, isOwn);
  const facets: TDashboardFacets | undefined = counters.data?.facets;
  const columns = useContractColumns(detailHref);
  const pagerLabels = usePagerLabels();

  return (
    <>
      <Group mt="sm" justify="space-between" align="end">
        <Anchor component={Link} to={paths.dashboard.href()}>
          {t('list.backToDashboard')}
        </Anchor>
        <NativeSelect
          label={t('list.sortLabel')}
          value={sort}
          data={SORTS.map((value) => ({ value, label: t(`list.sort.${value}`) }))}
          onChange={(event) => update({ orden: event.currentTarget.value, pagina: undefined })}
        />
      </Group>
      <StateFilters value={filter} facets={facets} onChange={(value: TContractFilter) => update({ estado: value, pagina: undefined })} />
      {search.isPending ? (
        <LoadingScreen />
      ) : (
        <PaginatedList
          items={search.data?.content ?? []}
          getKey={(c) => c.id}
          columns={columns}
          caption={t('dashboard.tableCaption', { filter: t(`filters.${filter}`) })}
          top={search.data ? <Text mt="sm">{t('list.total', { count: search.data.totalElements })}</Text> : null}
          emptyText={t('dashboard.empty')}
          {...(search.isError ? { error: '', onRetry: () => void search.refetch() } : {})}
          pagerLabels={pagerLabels}
          pageSize={PAGE_SIZE}
          page={page}
          totalPages={search.data?.totalPages ?? 0}
          onPageChange={(next) => update({ pagina: String(next + 1) })}
        />
      )}
      <ContractDetailsModal contractId={detail} onClose={() => update({ detalle: undefined })} />
    </>
  );
}
