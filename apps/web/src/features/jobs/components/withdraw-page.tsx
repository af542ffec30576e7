import { Alert, Anchor, Button, Container, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useWithdrawApplication } from '../api/jobs-queries.ts';
import { useFragmentToken } from '../lib/use-fragment-token.ts';
import { JobsFrame } from './jobs-frame.tsx';

function failureKey(error: unknown): string {
  if (error instanceof ApiError && error.status === 410) return 'withdraw.expired';
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return 'withdraw.invalid';
  return 'withdraw.error';
}

/**
 * /jobs/withdraw#token=…: reads the one-time token from the fragment, asks the candidate to
 * confirm, then withdraws the application and erases its personal data.
 */
export function WithdrawPage() {
  const { t } = useTranslation('jobsScreens');
  const token = useFragmentToken();
  const mutation = useWithdrawApplication();
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (mutation.isSuccess || mutation.isError) statusRef.current?.focus();
  }, [mutation.isSuccess, mutation.isError]);
  return (
    <JobsFrame>
      <Container size="sm" py="xl">
        <PageMeta title={t('withdraw.metaTitle')} description={t('withdraw.intro')} />
        <meta name="robots" content="noindex" />
        <Title order={1}>{t('withdraw.title')}</Title>
        <div ref={statusRef} tabIndex={-1} style={{ outline: 'none' }}>
          {mutation.isSuccess ? (
            <Alert color="kc" variant="light" role="status" mt="md">
              <Text>{t('withdraw.done')}</Text>
            </Alert>
          ) : mutation.isError ? (
            <Alert color="red" variant="light" role="alert" mt="md">
              <Text>{t(failureKey(mutation.error))}</Text>
            </Alert>
          ) : null}
        </div>
        {token === null ? (
          <Alert color="orange" variant="light" role="alert" mt="md">
            <Text>{t('withdraw.noToken')}</Text>
          </Alert>
        ) : token && !mutation.isSuccess ? (
          <>
            <Text mt="md">{t('withdraw.intro')}</Text>
            <Button mt="lg" color="red" loading={mutation.isPending} disabled={mutation.isError && failureKey(mutation.error) !== 'withdraw.error'} onClick={() => mutation.mutate(token)}>
              {t('withdraw.confirm')}
            </Button>
          </>
        ) : null}
        <Anchor component={Link} to={paths.jobs.href()} mt="xl" display="block">
          {t('offer.otherOffers')}
        </Anchor>
      </Container>
    </JobsFrame>
  );
}
