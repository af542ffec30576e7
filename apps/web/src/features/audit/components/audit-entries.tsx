import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PaginatedList } from '../../../components/ui/paginated-list/paginated-list.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAudit } from '../api/get-audit.ts';
import { toAuditQuery } from '../lib/audit-params.ts';
import { useAuditPagerLabels } from './audit-page.tsx';
import { AuditEntryCard } from './audit-entry-card.tsx';

const PAGE_SIZE = 5;

/** The audit entries about one user (their page, for ADMIN), newest first, with a link to the full log. */
export function AuditEntries({ entityType, entityId }: { entityType: 'user' | 'contract'; entityId: string }) {
  const { t } = useTranslation('audit');
  const [page, setPage] = useState(0);
  const filters = { actorId: '', entityType, entityId, action: '' as const, from: '', to: '' };
  const audit = useAudit(toAuditQuery({ ...filters, page }, PAGE_SIZE));
  const pagerLabels = useAuditPagerLabels();
  if (audit.isPending) return <LoadingScreen />;
  return (
    <>
      <PaginatedList
        items={audit.data?.content ?? []}
        getKey={(e) => e.id}
        view="FULL"
        columns={[]}
        renderFull={(entry) => <AuditEntryCard entry={entry} />}
        caption={t('userEntries')}
        emptyText={t('empty')}
        {...(audit.isError ? { error: audit.error instanceof ApiError ? audit.error.extracted.message : '', onRetry: () => void audit.refetch() } : {})}
        pagerLabels={pagerLabels}
        pageSize={PAGE_SIZE}
        page={page}
        totalPages={audit.data?.totalPages ?? 0}
        onPageChange={setPage}
      />
      <Text mt="sm">
        <Anchor component={Link} to={paths.audit.href(new URLSearchParams({ entityType, entityId }).toString())}>
          {t('showAll')}
        </Anchor>
      </Text>
    </>
  );
}
