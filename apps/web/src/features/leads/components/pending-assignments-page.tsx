import { Alert, Anchor, Button, Container, Group, Modal, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LEAD_PAGE_SIZE, can, formatDate, paths, type TPendingAssignment } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { PaginatedList, type TColumn } from '../../../components/ui/paginated-list/paginated-list.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAssignClient, useAssignableAgents, usePending } from '../api/pending-assignments.ts';

/** /sales/pending: confirmed investors without an agent, and assigning one (ADMIN, COMPANY_MANAGER, TEAM_MANAGER). */
export function PendingAssignmentsPage() {
  const session = useRequiredSession();
  const { t } = useTranslation('leads');
  return (
    <Container size="lg" py="xl">
      <PageMeta title={`${t('pending.title')} | KC`} description={t('pending.metaDescription')} />
      {!session ? (
        <LoadingScreen />
      ) : can(session.roles, 'sales.assignClients') ? (
        <PendingBody />
      ) : (
        <>
          <Title order={1}>{t('pending.title')}</Title>
          <Alert color="yellow" variant="light" role="status" mt="md">
            <Text fw={700}>{t('noAccess')}</Text>
            <Text size="sm">{t('pending.noAccessText')}</Text>
            <Anchor component={Link} to={paths.dashboard.href()}>
              {t('back')}
            </Anchor>
          </Alert>
        </>
      )}
    </Container>
  );
}

function PendingBody() {
  const { t } = useTranslation('leads');
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').slice(0, 100);
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam - 1 : 0;
  const go = (next: { q: string; page: number }) => {
    const out = new URLSearchParams();
    if (next.q) out.set('q', next.q);
    if (next.page > 0) out.set('page', String(next.page + 1));
    setParams(out, { preventScrollReset: true });
  };
  const query = new URLSearchParams({ page: String(page), size: String(LEAD_PAGE_SIZE), ...(q ? { q } : {}) }).toString();
  const pending = usePending(query);
  const [assigning, setAssigning] = useState<TPendingAssignment | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const name = (p: TPendingAssignment) => `${p.firstName} ${p.lastName}`;
  const assignButton = (p: TPendingAssignment) => (
    <Button size="xs" onClick={() => setAssigning(p)} aria-label={t('pending.assignFor', { name: name(p) })}>
      {t('pending.assign')}
    </Button>
  );
  const columns: TColumn<TPendingAssignment>[] = [
    { label: t('fields.name'), render: name },
    { label: t('fields.email'), render: (p) => p.email },
    { label: t('pending.confirmedAt'), render: (p) => (p.confirmedAt ? formatDate(p.confirmedAt) : '—') },
    { label: t('pending.advisor'), render: (p) => (p.advisor ? `${p.advisor.firstName} ${p.advisor.lastName}` : '—') },
    { label: t('fields.actions'), render: assignButton },
  ];
  const renderCard = (p: TPendingAssignment) => (
    <Stack gap={4}>
      <Text fw={700}>{name(p)}</Text>
      <Text size="sm">{p.email}</Text>
      {assignButton(p)}
    </Stack>
  );
  const errorDetail = pending.error instanceof ApiError ? pending.error.extracted.message : undefined;
  return (
    <>
      <Title order={1}>{t('pending.title')}</Title>
      <Text mt="xs">{t('pending.intro')}</Text>
      {notice ? (
        <Alert color="green" variant="light" role="status" mt="md" withCloseButton closeButtonLabel={t('close')} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      <PendingSearch q={q} onApply={(next) => go({ q: next, page: 0 })} />
      {pending.isPending ? (
        <LoadingScreen />
      ) : (
        <PaginatedList
          items={pending.data?.content ?? []}
          getKey={(p) => p.id}
          view="LIST"
          columns={columns}
          renderCard={renderCard}
          caption={t('pending.caption')}
          top={pending.data ? <Text mt="sm" role="status">{t('pending.total', { count: pending.data.totalElements })}</Text> : null}
          emptyText={t('pending.empty')}
          {...(pending.isError ? { error: errorDetail ?? '', onRetry: () => void pending.refetch() } : {})}
          pagerLabels={{ label: t('pager.label'), previous: t('pager.previous'), next: t('pager.next'), page: (p) => t('pager.page', { page: p }) }}
          pageSize={LEAD_PAGE_SIZE}
          page={page}
          totalPages={pending.data?.totalPages ?? 0}
          onPageChange={(next) => go({ q, page: next })}
        />
      )}
      <Modal opened={assigning !== null} onClose={() => setAssigning(null)} title={t('pending.dialogTitle')} closeButtonProps={{ 'aria-label': t('close') }}>
        {assigning ? (
          <AssignDialog
            customer={assigning}
            onClose={() => setAssigning(null)}
            onDone={(agentName) => {
              setNotice(t('pending.done', { name: name(assigning), agent: agentName }));
              setAssigning(null);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}

function PendingSearch({ q, onApply }: { q: string; onApply: (q: string) => void }) {
  const { t } = useTranslation('leads');
  const headingId = useId();
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
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
        <TextInput mt="xs" label={t('search')} type="search" maxLength={100} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} />
        <Group mt="sm">
          <Button type="submit">{t('apply')}</Button>
        </Group>
      </form>
    </Paper>
  );
}

function AssignDialog({ customer, onClose, onDone }: { customer: TPendingAssignment; onClose: () => void; onDone: (agentName: string) => void }) {
  const { t } = useTranslation('leads');
  const agents = useAssignableAgents();
  const assign = useAssignClient();
  const [agentId, setAgentId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!agentId) {
      setError(t('pending.chooseAgent'));
      return;
    }
    setError(undefined);
    const agent = agents.data?.agents.find((a) => a.id === agentId);
    assign.mutate({ customerId: customer.id, agentId }, { onSuccess: () => onDone(agent ? `${agent.firstName} ${agent.lastName}` : '') });
  };
  return (
    <form noValidate onSubmit={submit} aria-label={t('pending.dialogTitle')}>
      <fieldset disabled={assign.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack>
          <Text>{t('pending.dialogText', { name: `${customer.firstName} ${customer.lastName}` })}</Text>
          {agents.isError ? (
            <Alert color="red" variant="light" role="alert">
              {t('pending.agentsFailed')}
            </Alert>
          ) : null}
          <NativeSelect
            label={t('pending.agent')}
            required
            value={agentId}
            onChange={(e) => {
              setAgentId(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            data={[
              { value: '', label: agents.isPending ? t('loading') : agents.data?.agents.length ? t('pending.chooseAgent') : t('pending.noAgents') },
              ...(agents.data?.agents ?? []).map((a) => ({ value: a.id, label: `${a.firstName} ${a.lastName}${a.teamTitle ? ` · ${a.teamTitle}` : ''}` })),
            ]}
          />
          {assign.isError ? (
            <Alert color="red" variant="light" role="alert">
              {assign.error instanceof ApiError ? assign.error.extracted.message : t('failed')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={assign.isPending}>
              {t('pending.confirm')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
