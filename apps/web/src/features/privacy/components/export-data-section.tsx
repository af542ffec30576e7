import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '../export-i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDownloadPersonalData } from '../api/download-export.ts';

/**
 * /account, "A copy of your data" (issue 16, GDPR Art. 15/20): one button downloads everything the
 * platform keeps about the signed-in person as a ZIP. Self-contained: the account page only places it.
 * While the server prepares the file the button is busy and a polite status says so; the outcome
 * (started, or the server's reason with the same button to try again) is announced.
 */
export function ExportDataSection() {
  const { t } = useTranslation('privacy-export');
  const download = useDownloadPersonalData();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="privacy-export-heading">
      <Title order={2} size="h3" id="privacy-export-heading">
        {t('title')}
      </Title>
      <Stack gap="sm" mt="sm">
        <Text size="sm">{t('intro')}</Text>
        <Text size="sm" c="gray.7">
          {t('format')}
        </Text>
        <div>
          <Button onClick={() => download.mutate()} loading={download.isPending} aria-describedby="privacy-export-status">
            {t('download')}
          </Button>
        </div>
        <div id="privacy-export-status" role="status" aria-live="polite">
          {download.isPending ? <Text size="sm">{t('preparing')}</Text> : null}
          {download.isSuccess ? <Text size="sm">{t('done', { fileName: download.data })}</Text> : null}
        </div>
        {download.isError ? (
          <Alert color="red" variant="light" role="alert" title={t('error')}>
            {download.error instanceof ApiError ? download.error.extracted.message : null}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
