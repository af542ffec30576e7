import { Button, Loader, Text, Title, Alert } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n.ts';
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
  const group = documents.data ? groupDocuments(documents.data).contracts[0] : undefined;
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        {t('contractHeading')}
      </Title>
      {documents.isPending ? (
        <Loader size="sm" mt="xs" aria-label={t('loading')} />
      ) : documents.isError ? (
        <Alert color="red" variant="light" role="alert" mt="xs">
          <Text>{t('loadError')}</Text>
          <Button mt="xs" size="xs" variant="light" onClick={() => void documents.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : group ? (
        <ContractDocumentsBlock group={group} headingOrder={4} />
      ) : (
        <Text mt="xs">{t('empty')}</Text>
      )}
    </section>
  );
}
