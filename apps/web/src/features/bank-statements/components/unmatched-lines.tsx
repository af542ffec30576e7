import { Alert, Button, Group, SegmentedControl, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LINE_STATUSES, formatDate, formatMoney, type TLineStatus, type TStatementLine } from '@kc/domain';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PaginatedList, type TColumn } from '../../../components/ui/paginated-list/paginated-list.tsx';
import { useStatementLines, LINES_PAGE_SIZE } from '../api/get-lines.ts';
import { ResolveDialog, type TResolveTarget } from './resolve-dialog.tsx';

const isStatus = (value: string | null): value is TLineStatus => (LINE_STATUSES as readonly string[]).includes(value ?? '');

/** The imported lines no contract took: to resolve (OPEN), or resolved (ASSIGNED, DISMISSED). State and page in the address. */
export function UnmatchedLines() {
  const { t } = useTranslation('bankStatementScreens');
  const headingId = useId();
  const narrow = useMediaQuery('(max-width: 40em)');
  const [params, setParams] = useSearchParams();
  const status: TLineStatus = isStatus(params.get('estado')) ? (params.get('estado') as TLineStatus) : 'OPEN';
  const page = Math.max(0, Number(params.get('pagina') ?? '1') - 1 || 0);
  const lines = useStatementLines(status, page);
  const [target, setTarget] = useState<TResolveTarget | null>(null);
  const [done, setDone] = useState<string | undefined>();

  const describe = (l: TStatementLine) => t('lines.describe', { line: l.lineNumber, date: formatDate(l.valueDate), amount: formatMoney(l.amount) });
  const columns: TColumn<TStatementLine>[] = [
    { label: t('lines.valueDate'), render: (l) => formatDate(l.valueDate) },
    { label: t('lines.amount'), align: 'right', render: (l) => formatMoney(l.amount) },
    {
      label: t('lines.reference'),
      render: (l) => (
        <>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {l.reference || '—'}
          </Text>
          {l.description ? (
            <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {l.description}
            </Text>
          ) : null}
        </>
      ),
    },
    { label: t('lines.reason'), render: (l) => t(`reasons.${l.reason}`) },
    {
      label: status === 'OPEN' ? t('lines.actions') : t('lines.resolution'),
      render: (l) =>
        l.status === 'OPEN' ? (
          <Group gap="xs" wrap="wrap">
            <Button size="xs" onClick={() => setTarget({ line: l, kind: 'assign', label: describe(l) })} aria-label={t('lines.assignLabel', { what: describe(l) })}>
              {t('lines.assign')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setTarget({ line: l, kind: 'dismiss', label: describe(l) })} aria-label={t('lines.dismissLabel', { what: describe(l) })}>
              {t('lines.dismiss')}
            </Button>
          </Group>
        ) : (
          <Text size="sm">{l.status === 'ASSIGNED' ? t('lines.assigned') : t('lines.dismissed', { note: l.resolutionNote ?? '' })}</Text>
        ),
    },
  ];
  const setStatus = (value: string) => setParams((p) => ({ ...Object.fromEntries(p), estado: value, pagina: '1' }), { preventScrollReset: true });

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" mt="xl" id={headingId}>
        {t('lines.heading')}
      </Title>
      <Text size="sm" mt="xs">
        {t('lines.intro')}
      </Text>
      <SegmentedControl
        mt="md"
        value={status}
        onChange={setStatus}
        aria-label={t('lines.statusLabel')}
        data={LINE_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
      />
      {done ? (
        <Alert color="green" variant="light" role="status" mt="md" withCloseButton closeButtonLabel={t('close')} onClose={() => setDone(undefined)}>
          {done}
        </Alert>
      ) : null}
      {lines.isPending ? (
        <LoadingScreen />
      ) : (
        <PaginatedList
          items={lines.data?.content ?? []}
          getKey={(l) => l.id}
          columns={columns}
          view={narrow ? 'CARD' : 'LIST'}
          caption={t('lines.caption', { status: t(`statuses.${status}`) })}
          emptyText={t(`lines.empty.${status}`)}
          {...(lines.isError ? { error: '', onRetry: () => void lines.refetch() } : {})}
          pagerLabels={{ label: t('pager.label'), previous: t('pager.previous'), next: t('pager.next'), page: (p: number) => t('pager.page', { page: p }) }}
          pageSize={LINES_PAGE_SIZE}
          page={page}
          totalPages={lines.data?.totalPages ?? 0}
          onPageChange={(next) => setParams((p) => ({ ...Object.fromEntries(p), pagina: String(next + 1) }), { preventScrollReset: true })}
        />
      )}
      <ResolveDialog
        target={target}
        onClose={() => setTarget(null)}
        onDone={(message) => {
          setTarget(null);
          setDone(message);
        }}
      />
    </section>
  );
}
