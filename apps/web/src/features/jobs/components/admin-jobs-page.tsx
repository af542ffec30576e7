import { Alert, Anchor, Box, Button, Container, Group, Modal, NativeSelect, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { OFFER_STATUSES, can, paths, type TOfferStatus } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { Pager } from '../../../components/ui/paginated-list/pager.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { StatusBadge, type TStatusTone } from '../../../components/ui/status-badge.tsx';
import { useChangeOfferStatus, useManagedOffer, useManagedOffers } from '../api/manage-queries.ts';
import { OfferForm } from './offer-form.tsx';

const TONES: Record<TOfferStatus, TStatusTone> = { DRAFT: 'gray', PUBLISHED: 'green', CLOSED: 'orange' };

/** /admin/jobs (ADMIN, COMPANY_MANAGER: jobs.manage): the company's offers; create, edit, publish, close, reopen. */
export function AdminJobsPage() {
  const session = useRequiredSession();
  const { t } = useTranslation('jobsScreens');
  return (
    <Container size="lg" py="xl">
      <PageMeta title={t('admin.metaTitle')} description={t('admin.metaTitle')} />
      <Title order={1}>{t('admin.title')}</Title>
      {!session ? (
        <LoadingScreen />
      ) : can(session.roles, 'jobs.manage') ? (
        <AdminJobsBody />
      ) : (
        <Alert color="yellow" variant="light" role="status" mt="md">
          <Text fw={700}>{t('admin.forbidden')}</Text>
        </Alert>
      )}
    </Container>
  );
}

function AdminJobsBody() {
  const { t } = useTranslation('jobsScreens');
  const narrow = useMediaQuery('(max-width: 40em)');
  const [params, setParams] = useSearchParams();
  const status = (OFFER_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as TOfferStatus) : '';
  const page = Math.max(0, Number(params.get('page') ?? '0') || 0);
  const query = new URLSearchParams({ page: String(page), size: '20', ...(status ? { status } : {}) }).toString();
  const offers = useManagedOffers(query);
  const change = useChangeOfferStatus();
  const [editing, setEditing] = useState<{ offerId?: string } | null>(null);
  const edited = useManagedOffer(editing?.offerId);
  const setFilter = (next: Record<string, string>) => setParams(new URLSearchParams(Object.entries(next).filter(([, v]) => v)));
  return (
    <>
      <Group justify="space-between" mt="md" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('admin.statusFilter')}
          value={status}
          onChange={(event) => setFilter({ status: event.currentTarget.value })}
          data={[{ value: '', label: t('admin.allStatuses') }, ...OFFER_STATUSES.map((s) => ({ value: s, label: t(`admin.statuses.${s}`) }))]}
        />
        <Button onClick={() => setEditing({})}>{t('admin.new')}</Button>
      </Group>
      {change.isError ? (
        <Alert color="red" variant="light" role="alert" mt="md">
          <Text>{t('admin.statusError')}</Text>
        </Alert>
      ) : null}
      <Box aria-live="polite" aria-busy={offers.isFetching} mt="md">
        {offers.isPending ? (
          <LoadingScreen />
        ) : offers.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Text>{t('admin.error')}</Text>
            <Button mt="xs" size="xs" variant="light" onClick={() => void offers.refetch()}>
              {t('admin.retry')}
            </Button>
          </Alert>
        ) : offers.data.content.length === 0 ? (
          <Text>{t('admin.empty')}</Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-label={t('admin.title')}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('admin.colTitle')}</Table.Th>
                    <Table.Th scope="col">{t('admin.colCity')}</Table.Th>
                    <Table.Th scope="col">{t('admin.colStatus')}</Table.Th>
                    <Table.Th scope="col">{t('admin.colApplications')}</Table.Th>
                    <Table.Th scope="col">{t('admin.colActions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {offers.data.content.map((offer) => {
                    const action = offer.status === 'PUBLISHED' ? 'close' : offer.status === 'DRAFT' ? 'publish' : 'reopen';
                    const target = offer.status === 'PUBLISHED' ? 'CLOSED' : 'PUBLISHED';
                    return (
                      <Table.Tr key={offer.id}>
                        <Table.Th scope="row" fw={500}>
                          {offer.title}
                        </Table.Th>
                        <Table.Td>{offer.cityName}</Table.Td>
                        <Table.Td>
                          <StatusBadge tone={TONES[offer.status]}>{t(`admin.statuses.${offer.status}`)}</StatusBadge>
                        </Table.Td>
                        <Table.Td>
                          <Anchor component={Link} to={paths.adminJob.href(offer.id)} aria-label={t('admin.openLabel', { title: offer.title })}>
                            {offer.applications}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            <Button size="xs" variant="default" aria-label={t('admin.editLabel', { title: offer.title })} onClick={() => setEditing({ offerId: offer.id })}>
                              {t('admin.edit')}
                            </Button>
                            <Button
                              size="xs"
                              variant={target === 'CLOSED' ? 'default' : 'filled'}
                              loading={change.isPending && change.variables?.offerId === offer.id}
                              aria-label={t('admin.statusLabel', { action: t(`admin.${action}`), title: offer.title })}
                              onClick={() => change.mutate({ offerId: offer.id, body: { status: target } })}
                            >
                              {t(`admin.${action}`)}
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager
              page={offers.data.number}
              totalPages={offers.data.totalPages}
              onChange={(next) => setFilter({ status, page: String(next) })}
              labels={{ label: t('list.pager'), previous: t('list.previous'), next: t('list.next'), page: (p) => t('list.page', { page: p }) }}
            />
          </>
        )}
      </Box>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.offerId ? t('admin.form.editTitle') : t('admin.form.createTitle')}
        size="lg"
        fullScreen={Boolean(narrow)}
        closeButtonProps={{ 'aria-label': t('admin.form.cancel') }}
      >
        {editing?.offerId && edited.isPending ? (
          <LoadingScreen />
        ) : editing ? (
          <OfferForm key={editing.offerId ?? 'new'} offer={editing.offerId ? edited.data : undefined} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
    </>
  );
}
