import { Button, Container, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The router's last resort: 'Unexpected Application Error!' and a way out. */
export function RouterErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation('layout');
  useEffect(() => {
    // The specification logs errors to the console; this is the one place it happens.
    console.error(error);
  }, [error]);
  return (
    <Container size="sm" py="xl" role="alert">
      <Title order={1}>{t('routerError.title')}</Title>
      <Text mt="md">{t('routerError.text')}</Text>
      <Button mt="lg" onClick={() => window.location.reload()}>
        {t('routerError.reload')}
      </Button>
    </Container>
  );
}
