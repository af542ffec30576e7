import { Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatMoney, type TStatementImport } from '@kc/domain';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PaginatedList, type TColumn } from '../../../components/ui/paginated-list/paginated-list.tsx';
import { IMPORTS_PAGE_SIZE, useStatementImports } from '../api/get-imports.ts';

/** The imports made before, newest first: what each booked and how many of its lines are still open. Page in the address (`historial`). */
export function PastImports() {
  const { t, i18n } = useTranslation('bankStatementScreens');
  const headingId = useId();
  const narrow = useMediaQuery('(max-width: 40em)');
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get('historial') ?? '1') - 1 || 0);
  const imports = useStatementImports(page);
  const when = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'es-ES', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Madrid' });

  const columns: TColumn<TStatementImport>[] = [
    { label: t('history.importedAt'), render: (i) => when.format(new Date(i.importedAt)) },
    {
      label: t('history.file'),
      render: (i) => (
        <>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {i.fileName ?? t('history.noFileName')}
          </Text>
          <Text size="sm" c="gray.7">
            {t('history.by', { name: i.importedBy })}
          </Text>
        </>
      ),
    },
    { label: t('history.lines'), align: 'right', render: (i) => i.lines },
    {
      label: t('history.recorded'),
      align: 'right',
      render: (i) => (
        <>
          <Text size="sm">{i.recorded}</Text>
          <Text size="sm" c="gray.7">
            {formatMoney(i.recordedAmount)}
          </Text>
        </>
      ),
    },
    { label: t('history.alreadyRecorded'), align: 'right', render: (i) => i.alreadyRecorded },
    { label: t('history.open'), align: 'right', render: (i) => (i.open > 0 ? t('history.openOf', { open: i.open, listed: i.unmatched }) : t('history.noneOpen')) },
  ];

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" mt="xl" id={headingId}>
        {t('history.heading')}
      </Title>
      <Text size="sm" mt="xs">
        {t('history.intro')}
      </Text>
      {imports.isPending ? (
        <LoadingScreen />
      ) : (
        <PaginatedList
          items={imports.data?.content ?? []}
          getKey={(i) => i.importId}
          columns={columns}
          view={narrow ? 'CARD' : 'LIST'}
          caption={t('history.caption')}
          emptyText={t('history.empty')}
          {...(imports.isError ? { error: '', onRetry: () => void imports.refetch() } : {})}
          pagerLabels={{ label: t('history.pager'), previous: t('pager.previous'), next: t('pager.next'), page: (p: number) => t('pager.page', { page: p }) }}
          pageSize={IMPORTS_PAGE_SIZE}
          page={page}
          totalPages={imports.data?.totalPages ?? 0}
          onPageChange={(next) => setParams((p) => ({ ...Object.fromEntries(p), historial: String(next + 1) }), { preventScrollReset: true })}
        />
      )}
    </section>
  );
}
