import { Alert, Anchor, Box, Button, Container, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { APPLICATION_STATUSES, RECRUITER_APPLICATION_STATUSES, can, canChangeApplicationStatus, paths, type TApplicationStatus, type TJobApplication } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { Pager } from '../../../components/ui/paginated-list/pager.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { downloadCv, useChangeApplicationStatus, useManagedOffer, useOfferApplications } from '../api/manage-queries.ts';

/** /admin/jobs/:id (jobs.manage): an offer's applications with filters, paging, status changes, notes and the CV. */
export function AdminJobApplicationsPage({ offerId }: { offerId: string }) {
  const session = useRequiredSession();
  const { t } = useTranslation('jobsScreens');
  const allowed = session ? can(session.roles, 'jobs.manage') : false;
  return (
    <Container size="lg" py="xl">
      <PageMeta title={t('admin.metaTitle')} description={t('admin.metaTitle')} />
      <Anchor component={Link} to={paths.adminJobs.href()} size="sm">
        {t('admin.applications.back')}
      </Anchor>
      {!session ? (
        <LoadingScreen />
      ) : allowed ? (
        <ApplicationsBody offerId={offerId} />
      ) : (
        <>
          <Title order={1}>{t('admin.title')}</Title>
          <Alert color="yellow" variant="light" role="status" mt="md">
            <Text fw={700}>{t('admin.forbidden')}</Text>
          </Alert>
        </>
      )}
    </Container>
  );
}

function ApplicationsBody({ offerId }: { offerId: string }) {
  const { t } = useTranslation('jobsScreens');
  const offer = useManagedOffer(offerId);
  const [params, setParams] = useSearchParams();
  const status = (APPLICATION_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as TApplicationStatus) : '';
  const q = params.get('q') ?? '';
  const page = Math.max(0, Number(params.get('page') ?? '0') || 0);
  const query = new URLSearchParams({ page: String(page), size: '20', ...(status ? { status } : {}), ...(q ? { q } : {}) }).toString();
  const list = useOfferApplications(offerId, query);
  const [text, setText] = useState(q);
  const setFilter = (next: Record<string, string>) => setParams(new URLSearchParams(Object.entries(next).filter(([, v]) => v)));
  return (
    <>
      <Title order={1} mt="xs">
        {t('admin.applications.title', { title: offer.data?.title ?? '…' })}
      </Title>
      <form
        role="search"
        aria-label={t('admin.applications.search')}
        onSubmit={(event) => {
          event.preventDefault();
          setFilter({ status, q: text.trim() });
        }}
      >
        <Group mt="md" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('admin.statusFilter')}
            value={status}
            onChange={(event) => setFilter({ status: event.currentTarget.value, q })}
            data={[{ value: '', label: t('admin.allStatuses') }, ...APPLICATION_STATUSES.map((s) => ({ value: s, label: t(`admin.applications.statuses.${s}`) }))]}
          />
          <TextInput label={t('admin.applications.search')} value={text} onChange={(event) => setText(event.currentTarget.value)} />
          <Button type="submit" variant="default">
            {t('search.submit')}
          </Button>
        </Group>
      </form>
      <Box aria-live="polite" aria-busy={list.isFetching} mt="md">
        {list.isPending ? (
          <LoadingScreen />
        ) : list.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Text>{t('admin.applications.error')}</Text>
          </Alert>
        ) : list.data.content.length === 0 ? (
          <Text>{t('admin.applications.empty')}</Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-label={t('admin.applications.title', { title: offer.data?.title ?? '' })}>
              <Table striped verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('admin.applications.colCandidate')}</Table.Th>
                    <Table.Th scope="col">{t('admin.applications.colContact')}</Table.Th>
                    <Table.Th scope="col">{t('admin.applications.colReceived')}</Table.Th>
                    <Table.Th scope="col">{t('admin.applications.colCv')}</Table.Th>
                    <Table.Th scope="col">{t('admin.applications.colStatus')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.content.map((application) => (
                    <ApplicationRow key={application.id} application={application} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager
              page={list.data.number}
              totalPages={list.data.totalPages}
              onChange={(next) => setFilter({ status, q, page: String(next) })}
              labels={{ label: t('list.pager'), previous: t('list.previous'), next: t('list.next'), page: (p) => t('list.page', { page: p }) }}
            />
          </>
        )}
      </Box>
    </>
  );
}

function ApplicationRow({ application }: { application: TJobApplication }) {
  const { t } = useTranslation('jobsScreens');
  const change = useChangeApplicationStatus();
  const [status, setStatus] = useState<string>(application.status);
  const [note, setNote] = useState(application.note ?? '');
  const [cvFailed, setCvFailed] = useState(false);
  const name = application.anonymised ? t('admin.applications.anonymised') : `${application.firstName} ${application.lastName}`;
  // Only the current status and the moves the rules allow (new → reviewed → interview → hired, rejected from any open step).
  const choices = RECRUITER_APPLICATION_STATUSES.filter((s) => s === application.status || canChangeApplicationStatus(application.status, s));
  const editable = !application.anonymised && choices.length > 1;
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {name}
      </Table.Th>
      <Table.Td>
        {application.email ? <Text size="sm">{application.email}</Text> : null}
        {application.phone ? <Text size="sm">{application.phone}</Text> : null}
      </Table.Td>
      <Table.Td>{formatDateTime(application.updatedAt)}</Table.Td>
      <Table.Td>
        {application.cv ? (
          <Button
            size="xs"
            variant="default"
            aria-label={t('admin.applications.downloadLabel', { name })}
            onClick={() => downloadCv(application.id, application.cv?.fileName ?? 'cv.pdf').then(() => setCvFailed(false), () => setCvFailed(true))}
          >
            {t('admin.applications.download')}
          </Button>
        ) : (
          <Text size="sm">{t('admin.applications.noCv')}</Text>
        )}
        {cvFailed ? (
          <Text size="sm" c="red.9" role="alert">
            {t('admin.applications.error')}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        {editable ? (
          <Stack gap={4}>
            <NativeSelect
              aria-label={t('admin.applications.changeStatus', { name })}
              value={status}
              onChange={(event) => setStatus(event.currentTarget.value)}
              data={choices.map((s) => ({ value: s, label: t(`admin.applications.statuses.${s}`) }))}
              size="xs"
            />
            <TextInput aria-label={`${t('admin.applications.note')} · ${name}`} placeholder={t('admin.applications.note')} value={note} onChange={(event) => setNote(event.currentTarget.value)} size="xs" maxLength={2000} />
            <Button
              size="xs"
              loading={change.isPending}
              onClick={() => change.mutate({ applicationId: application.id, body: { status: status as (typeof RECRUITER_APPLICATION_STATUSES)[number], ...(note.trim() ? { note: note.trim() } : {}) } })}
            >
              {t('admin.applications.save')}
            </Button>
            {change.isError ? (
              <Text size="sm" c="red.9" role="alert">
                {t('admin.applications.statusError')}
              </Text>
            ) : null}
          </Stack>
        ) : (
          <Text size="sm">{t(`admin.applications.statuses.${application.status}`)}</Text>
        )}
        <StatusHistory application={application} />
      </Table.Td>
    </Table.Tr>
  );
}

/** The application's status history (oldest first, as the API keeps it): a native disclosure, so keyboard and screen readers get it for free. */
function StatusHistory({ application }: { application: TJobApplication }) {
  const { t } = useTranslation('jobsScreens');
  if (application.history.length === 0) return null;
  return (
    <Box component="details" mt={4}>
      <Box component="summary" fz="sm" style={{ cursor: 'pointer' }}>
        {t('admin.applications.history', { count: application.history.length })}
      </Box>
      <Box component="ol" m={0} pl="md" fz="sm">
        {application.history.map((item, index) => (
          <li key={`${item.at}-${index}`}>
            {item.fromStatus
              ? t('admin.applications.historyMove', { from: t(`admin.applications.statuses.${item.fromStatus}`), to: t(`admin.applications.statuses.${item.toStatus}`) })
              : t('admin.applications.historyStart', { to: t(`admin.applications.statuses.${item.toStatus}`) })}
            {' · '}
            <time dateTime={item.at}>{formatDateTime(item.at)}</time>
            {item.byUserId === null && item.fromStatus !== null ? ` · ${t('admin.applications.historyBySystem')}` : null}
            {item.note ? (
              <Text size="sm" c="dimmed" component="div">
                {item.note}
              </Text>
            ) : null}
          </li>
        ))}
      </Box>
    </Box>
  );
}
