import { Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n.ts';
import { InlineLoadError, InlineLoader, QueryContent } from '../../../components/ui/query-content.tsx';
import { useSession } from '../../../lib/session.ts';
import { useDocuments } from '../api/get-documents.ts';
import { groupDocuments } from '../lib/group-documents.ts';
import { ContractDocumentsBlock } from './contract-documents-block.tsx';

/**
 * Who may see a customer's documents (the API's rule, docs/decisions/0021): the customer, an
 * advisor (the API checks it is theirs) and ADMIN. Others (COMPANY_MANAGER) are not offered them.
 */
function useMaySeeDocuments(customerId: string): boolean {
  const session = useSession();
  if (!session) return false;
  return session.userId === customerId || session.roles.includes('ADMIN') || session.roles.includes('ADVISOR');
}

/** A contract's documents inside its details (contract document, statements, receipts). */
export function ContractDocuments({ customerId, contractId }: { customerId: string; contractId: string }) {
  return useMaySeeDocuments(customerId) ? <ContractDocumentsSection customerId={customerId} contractId={contractId} /> : null;
}

function ContractDocumentsSection({ customerId, contractId }: { customerId: string; contractId: string }) {
  const { t } = useTranslation('documents');
  const headingId = useId();
  const documents = useDocuments(customerId, contractId);
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        {t('contractHeading')}
      </Title>
      <QueryContent
        query={documents}
        loading={<InlineLoader label={t('loading')} />}
        error={(retry) => <InlineLoadError message={t('loadError')} retryLabel={t('retry')} onRetry={retry} />}
      >
        {(data) => {
          const group = groupDocuments(data).contracts[0];
          return group ? <ContractDocumentsBlock group={group} headingOrder={4} /> : <Text mt="xs">{t('empty')}</Text>;
        }}
      </QueryContent>
    </section>
  );
}
