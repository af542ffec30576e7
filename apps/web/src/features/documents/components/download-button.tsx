import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { serverSentence } from '../../../lib/problem-message.ts';
import { useDownloadFile } from '../api/download-file.ts';

/** A button that downloads one file; shows its own error under it (with the server's detail). */
export function DownloadButton({ url, fallbackName, label, ariaLabel, variant = 'light' }: { url: string; fallbackName: string; label: string; ariaLabel?: string; variant?: 'light' | 'default' | 'filled' }) {
  const { t } = useTranslation('documents');
  const download = useDownloadFile();
  return (
    <div>
      <Button size="xs" variant={variant} loading={download.isPending} onClick={() => download.mutate({ url, fallbackName })} aria-label={ariaLabel ?? label}>
        {label}
      </Button>
      {download.isError ? (
        <Text size="xs" c="red.8" role="alert" mt={4}>
          {[t('downloadError'), serverSentence(download.error)].filter(Boolean).join(' ')}
        </Text>
      ) : null}
    </div>
  );
}
