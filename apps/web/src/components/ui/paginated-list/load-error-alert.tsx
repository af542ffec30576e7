import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A screen's LOADED_KO state: 'Error en la operación' and a Reintentar button. */
export function LoadErrorAlert({ onRetry, detail }: { onRetry?: () => void; detail?: string | undefined }) {
  const { t } = useTranslation('layout');
  return (
    <Alert color="red" variant="light" role="alert" mt="md">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Text fw={700}>{t('status.loadError')}</Text>
          {detail ? <Text size="sm">{detail}</Text> : null}
        </div>
        {onRetry ? (
          <Button variant="default" onClick={onRetry}>
            {t('status.retry')}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
