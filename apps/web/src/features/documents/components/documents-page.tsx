import { Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { documentsApi, EXPORT_DATASETS, formatDate } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { LoadErrorAlert } from '../../../components/ui/paginated-list/load-error-alert.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { useDocuments } from '../api/get-documents.ts';
import { groupDocuments } from '../lib/group-documents.ts';
import { ContractDocumentsBlock, documentLang } from './contract-documents-block.tsx';
import { DownloadButton } from './download-button.tsx';

/** /inversor/documentos: the investor's documents by contract and year, and the CSV exports. */
export function DocumentsPage() {
  const session = useRequiredSession();
  const { t } = useTranslation('documents');
  return (
    <Container size="lg" py="xl">
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <Title order={1}>{t('title')}</Title>
      <Text mt="sm">{t('intro')}</Text>
      {session ? <DocumentsBody customerId={session.userId} /> : <LoadingScreen />}
    </Container>
  );
}

function DocumentsBody({ customerId }: { customerId: string }) {
  const { t, i18n } = useTranslation('documents');
  const lang = documentLang(i18n.language);
  const documents = useDocuments(customerId);
  return (
    <Stack mt="lg" gap="lg">
      <Paper withBorder p="md" component="section" aria-labelledby="documents-exports">
        <Title order={2} size="h3" id="documents-exports">
          {t('exports.heading')}
        </Title>
        <Text size="sm" mt="xs">
          {t('exports.intro')}
        </Text>
        <Group mt="sm">
          {EXPORT_DATASETS.map((dataset) => (
            <DownloadButton key={dataset} url={documentsApi.export(customerId, dataset, lang)} fallbackName={`kc-${dataset}.csv`} label={t(`exports.${dataset}`)} variant="filled" />
          ))}
        </Group>
      </Paper>
      {documents.isPending ? (
        <LoadingScreen />
      ) : documents.isError ? (
        <LoadErrorAlert onRetry={() => void documents.refetch()} />
      ) : documents.data.contracts.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        <DocumentGroups list={documents.data} lang={lang} />
      )}
    </Stack>
  );
}

function DocumentGroups({ list, lang }: { list: NonNullable<ReturnType<typeof useDocuments>['data']>; lang: 'es' | 'en' }) {
  const { t } = useTranslation('documents');
  const grouped = groupDocuments(list);
  return (
    <>
      <Paper withBorder p="md" component="section" aria-labelledby="documents-annual">
        <Title order={2} size="h3" id="documents-annual">
          {t('annual.heading')}
        </Title>
        <Text size="sm" mt="xs">
          {t('annual.intro', { year: list.lastClosedYear })}
        </Text>
        {grouped.annual.length === 0 ? (
          <Text size="sm" mt="xs">
            {t('noStatements')}
          </Text>
        ) : (
          <Group mt="sm" gap="xs">
            {grouped.annual.map((d) => (
              <DownloadButton key={d.id} url={documentsApi.download(d.id, lang)} fallbackName="kc-annual-statement.pdf" label={String(d.year)} ariaLabel={t('annual.of', { year: d.year })} variant="default" />
            ))}
          </Group>
        )}
      </Paper>
      {grouped.contracts.map((group) => (
        <Paper key={group.contract.id} withBorder p="md" component="section" aria-labelledby={`documents-${group.contract.id}`}>
          <Title order={2} size="h3" id={`documents-${group.contract.id}`}>
            {lang === 'en' ? group.contract.productNameEn : group.contract.productNameEs}
          </Title>
          <Text size="sm" mb="sm">
            {t('contractLine', { id: group.contract.id.slice(0, 8).toUpperCase(), date: formatDate(group.contract.submissionDate), state: t(`states.${group.contract.state}`, { defaultValue: group.contract.state }) })}
          </Text>
          <ContractDocumentsBlock group={group} />
        </Paper>
      ))}
    </>
  );
}
