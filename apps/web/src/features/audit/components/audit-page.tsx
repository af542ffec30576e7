import { Alert, Anchor, Button, Container, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, AUDIT_PAGE_SIZE, can, formatDate, paths, type TAuditEntry } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { PaginatedList, type TColumn } from '../../../components/ui/paginated-list/paginated-list.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAudit } from '../api/get-audit.ts';
import { readAuditState, toAuditQuery, writeAuditState, type TAuditFilters, type TAuditState } from '../lib/audit-params.ts';
import { AuditEntryCard } from './audit-entry-card.tsx';

/** /admin/audit (ADMIN): the append-only audit log with filters and paging, all in the address. */
export function AuditPage() {
  const session = useRequiredSession();
  const { t } = useTranslation('audit');
  return (
    <Container size="lg" py="xl">
      <PageMeta title={`${t('title')} | KC`} description={t('metaDescription')} />
      <Title order={1}>{t('title')}</Title>
      {!session ? (
        <LoadingScreen />
      ) : can(session.roles, 'audit.read') ? (
        <AuditBody />
      ) : (
        <Alert color="yellow" variant="light" role="status" mt="md">
          <Text fw={700}>{t('noAccess')}</Text>
          <Text size="sm">{t('noAccessText')}</Text>
          <Anchor component={Link} to={paths.dashboard.href()}>
            {t('back')}
          </Anchor>
        </Alert>
      )}
    </Container>
  );
}

export function useAuditPagerLabels() {
  const { t } = useTranslation('audit');
  return { label: t('pager.label'), previous: t('pager.previous'), next: t('pager.next'), page: (p: number) => t('pager.page', { page: p }) };
}

function AuditBody() {
  const { t } = useTranslation('audit');
  const [params, setParams] = useSearchParams();
  const state = readAuditState(params);
  const audit = useAudit(toAuditQuery(state));
  const pagerLabels = useAuditPagerLabels();
  const go = (next: TAuditState) => setParams(writeAuditState(next), { preventScrollReset: true });
  const columns: TColumn<TAuditEntry>[] = [
    { label: t('at'), render: (e) => formatDate(e.at) },
    { label: t('action'), render: (e) => t(`actions.${e.action}`, { defaultValue: e.action }) },
  ];
  return (
    <>
      <Text mt="xs">{t('intro')}</Text>
      <AuditFilters state={state} onApply={(filters) => go({ ...filters, page: 0 })} />
      {audit.isPending ? (
        <LoadingScreen />
      ) : (
        <PaginatedList
          items={audit.data?.content ?? []}
          getKey={(e) => e.id}
          view="FULL"
          columns={columns}
          renderFull={(entry) => <AuditEntryCard entry={entry} />}
          caption={t('caption')}
          top={audit.data ? <Text mt="md" role="status">{t('total', { count: audit.data.totalElements })}</Text> : null}
          emptyText={t('empty')}
          {...(audit.isError ? { error: audit.error instanceof ApiError ? audit.error.extracted.message : '', onRetry: () => void audit.refetch() } : {})}
          pagerLabels={pagerLabels}
          pageSize={AUDIT_PAGE_SIZE}
          page={state.page}
          totalPages={audit.data?.totalPages ?? 0}
          onPageChange={(page) => go({ ...state, page })}
        />
      )}
    </>
  );
}

function AuditFilters({ state, onApply }: { state: TAuditFilters; onApply: (filters: TAuditFilters) => void }) {
  const { t } = useTranslation('audit');
  const headingId = useId();
  const [draft, setDraft] = useState<TAuditFilters>(state);
  const key = JSON.stringify([state.actorId, state.entityType, state.entityId, state.action, state.from, state.to]);
  useEffect(() => setDraft(state), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const set = <K extends keyof TAuditFilters>(name: K, value: TAuditFilters[K]) => setDraft((d) => ({ ...d, [name]: value }));
  const empty: TAuditFilters = { actorId: '', entityType: '', entityId: '', action: '', from: '', to: '' };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <Paper withBorder p="md" mt="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t('filters')}
      </Title>
      <form role="search" onSubmit={submit} aria-labelledby={headingId}>
        <Stack gap="sm" mt="xs">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <TextInput label={t('actorId')} maxLength={64} value={draft.actorId} onChange={(e) => set('actorId', e.currentTarget.value)} />
            <NativeSelect
              label={t('entityType')}
              value={draft.entityType}
              data={[{ value: '', label: t('any') }, ...AUDIT_ENTITY_TYPES.map((value) => ({ value, label: t(`entityTypes.${value}`) }))]}
              onChange={(e) => set('entityType', e.currentTarget.value as TAuditFilters['entityType'])}
            />
            <TextInput label={t('entityId')} maxLength={64} value={draft.entityId} onChange={(e) => set('entityId', e.currentTarget.value)} />
            <NativeSelect
              label={t('action')}
              value={draft.action}
              data={[{ value: '', label: t('anyAction') }, ...AUDIT_ACTIONS.map((value) => ({ value, label: t(`actions.${value}`) }))]}
              onChange={(e) => set('action', e.currentTarget.value as TAuditFilters['action'])}
            />
            <TextInput label={t('from')} type="date" value={draft.from} onChange={(e) => set('from', e.currentTarget.value)} />
            <TextInput label={t('to')} type="date" value={draft.to} onChange={(e) => set('to', e.currentTarget.value)} />
          </SimpleGrid>
          <Group>
            <Button type="submit">{t('apply')}</Button>
            <Button
              variant="default"
              onClick={() => {
                setDraft(empty);
                onApply(empty);
              }}
            >
              {t('clear')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
