import { Button, Loader, Text, Title, Alert } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n.ts';
import { useDocuments } from '../api/get-documents.ts';
import { groupDocuments } from '../lib/group-documents.ts';
import { ContractDocumentsBlock } from './contract-documents-block.tsx';

/** A contract's documents inside its details (contract document, statements, receipts). */
export function ContractDocuments({ customerId, contractId }: { customerId: string; contractId: string }) {
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
