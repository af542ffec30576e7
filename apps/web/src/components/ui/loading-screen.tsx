import { Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A screen's LOADING state: a spinner with a label screen readers announce. */
export function LoadingScreen() {
  const { t } = useTranslation('layout');
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="sm" mr="sm" aria-hidden="true" />
      <Text>{t('status.loading')}</Text>
    </Center>
  );
}
