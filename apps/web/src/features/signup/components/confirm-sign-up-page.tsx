import { Alert, Button, Container, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfirmSignUp } from '../api/confirm-sign-up.ts';
import '../i18n.ts';

/** /user/confirm-sign-up?userId&token: waits, then success with a link to the products, or the error with Retry. */
export function ConfirmSignUpPage() {
  const { t } = useTranslation('signup');
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const token = params.get('token') ?? '';
  const mutation = useConfirmSignUp();
  const started = useRef(false);
  const isComplete = userId !== '' && token !== '';

  useEffect(() => {
    if (started.current || !isComplete) return;
    started.current = true;
    mutation.mutate({ userId, token });
  }, [isComplete, mutation, token, userId]);

  const errorMessage = !isComplete
    ? t('confirm.missing')
    : mutation.error instanceof ApiError
      ? mutation.error.extracted.message
      : mutation.error
        ? `Something went wrong!, ${mutation.error.message}`
        : undefined;

  return (
    <Container size="sm" py="xl">
      <PageMeta title={`${t('confirm.title')} | KC`} description={t('confirm.description')} />
      <Title order={1}>{t('confirm.title')}</Title>
      <Paper withBorder p="lg" radius="md" mt="md">
        {isComplete && (mutation.isPending || mutation.isIdle) && (
          <Group role="status" gap="sm">
            <Loader size="sm" aria-hidden />
            <Text>{t('confirm.waiting')}</Text>
          </Group>
        )}
        {mutation.isSuccess && (
          <div role="status">
            <Text fw={600}>{t('confirm.success')}</Text>
            {mutation.data.advisor && (
              <Text mt="sm">
                {t('confirm.advisor', {
                  name: `${mutation.data.advisor.firstName} ${mutation.data.advisor.lastName}`,
                  email: mutation.data.advisor.email,
                })}
              </Text>
            )}
            <Group mt="lg">
              <Button component={Link} to={paths.calculators.href()}>
                {t('confirm.products')}
              </Button>
              <Button component={Link} to={paths.login.href()} variant="outline">
                {t('confirm.login')}
              </Button>
            </Group>
          </div>
        )}
        {errorMessage && (
          <Alert color="red" variant="light" role="alert" title={t('lookupError')}>
            <Text>{errorMessage}</Text>
            {isComplete && (
              <Button mt="sm" variant="outline" color="red.9" onClick={() => mutation.mutate({ userId, token })}>
                {t('retry')}
              </Button>
            )}
          </Alert>
        )}
      </Paper>
    </Container>
  );
}
