import { Alert, Anchor, Container, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can, formatDate, formatMoney, paths, type TIncomeDistribution } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { PaginatedList, type TColumn } from '../../../components/ui/paginated-list/paginated-list.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { useDistributions } from '../api/distributions.ts';
import { formatPerUnit } from '../lib/format.ts';
import { DeclareForm } from './declare-form.tsx';

const ACCESSIBLE_ERROR_COLOR = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

/** /admin/distributions (ADMIN): declare a distribution of a period's income, and the past ones. */
export function DistributionsPage() {
  const session = useRequiredSession();
  const { t } = useTranslation('incomeScreens');
  return (
    <Container size="lg" py="xl" style={ACCESSIBLE_ERROR_COLOR}>
      <PageMeta title={`${t('distributions.title')} | KC`} description={t('distributions.metaDescription')} />
      <Title order={1}>{t('distributions.title')}</Title>
      {!session ? (
        <LoadingScreen />
      ) : can(session.roles, 'income.declare') ? (
        <>
          <DeclareForm />
          <DistributionHistory />
        </>
      ) : (
        <Alert color="yellow" variant="light" role="status" mt="md">
          <Text fw={700}>{t('distributions.noAccess')}</Text>
          <Anchor component={Link} to={paths.dashboard.href()}>
            {t('distributions.back')}
          </Anchor>
        </Alert>
      )}
    </Container>
  );
}

function DistributionHistory() {
  const { t } = useTranslation('incomeScreens');
  const list = useDistributions();
  // On a phone the history is a list of cards: the table would scroll sideways.
  const narrow = useMediaQuery('(max-width: 40em)');
  const columns: TColumn<TIncomeDistribution>[] = [
    { label: t('fields.period'), render: (d) => t('distributions.periodValue', { from: formatDate(d.periodFrom), to: formatDate(d.periodTo) }) },
    { label: t('fields.recordDate'), render: (d) => formatDate(d.recordDate) },
    { label: t('fields.amountPerUnit'), align: 'right', render: (d) => formatPerUnit(d.amountPerUnit) },
    { label: t('fields.contracts'), align: 'right', render: (d) => String(d.contracts) },
    { label: t('fields.credited'), align: 'right', render: (d) => formatMoney(d.credited) },
    { label: t('fields.remainder'), align: 'right', render: (d) => formatMoney(d.remainder) },
    { label: t('fields.description'), render: (d) => d.description },
  ];
  return (
    <>
      <Title order={2} size="h3" mt="xl">
        {t('distributions.historyHeading')}
      </Title>
      {list.isPending ? (
        <LoadingScreen />
      ) : (
        <PaginatedList
          items={list.data?.distributions ?? []}
          getKey={(d) => d.id}
          columns={columns}
          view={narrow ? 'CARD' : 'LIST'}
          caption={t('distributions.tableCaption')}
          emptyText={t('distributions.empty')}
          {...(list.isError ? { error: '', onRetry: () => void list.refetch() } : {})}
          pagerLabels={{ label: '', previous: '', next: '', page: (p: number) => String(p) }}
          pageSize={200}
          page={0}
          totalPages={1}
          onPageChange={() => undefined}
        />
      )}
    </>
  );
}
