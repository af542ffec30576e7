import { Alert, Anchor, Button, Container, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfirmApplicationUpdate } from '../api/jobs-queries.ts';
import { useFragmentToken } from '../lib/use-fragment-token.ts';
import { JobsFrame } from './jobs-frame.tsx';

function failureKey(error: unknown): string {
  if (error instanceof ApiError && error.status === 410) return 'confirmChanges.expired';
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return 'confirmChanges.invalid';
  return 'confirmChanges.error';
}

/**
 * /jobs/confirm-changes#token=…: the link mailed to the address on file when an application to
 * the same offer arrived again (decision 0023). Reads the one-time token from the fragment, asks
 * the candidate to confirm, then applies the changes kept pending until now.
 */
export function ConfirmChangesPage() {
  const { t } = useTranslation('jobsScreens');
  const token = useFragmentToken();
  const mutation = useConfirmApplicationUpdate();
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (mutation.isSuccess || mutation.isError) statusRef.current?.focus();
  }, [mutation.isSuccess, mutation.isError]);
  return (
    <JobsFrame>
      <Container size="sm" py="xl">
        <PageMeta title={t('confirmChanges.metaTitle')} description={t('confirmChanges.intro')} />
        <meta name="robots" content="noindex" />
        <Title order={1}>{t('confirmChanges.title')}</Title>
        <div ref={statusRef} tabIndex={-1} style={{ outline: 'none' }}>
          {mutation.isSuccess ? (
            <Alert color="kc" variant="light" role="status" mt="md">
              <Text>{t('confirmChanges.done')}</Text>
            </Alert>
          ) : mutation.isError ? (
            <Alert color="red" variant="light" role="alert" mt="md">
              <Text>{t(failureKey(mutation.error))}</Text>
            </Alert>
          ) : null}
        </div>
        {token === null ? (
          <Alert color="orange" variant="light" role="alert" mt="md">
            <Text>{t('confirmChanges.noToken')}</Text>
          </Alert>
        ) : token && !mutation.isSuccess ? (
          <>
            <Text mt="md">{t('confirmChanges.intro')}</Text>
            <Button
              mt="lg"
              loading={mutation.isPending}
              disabled={mutation.isError && failureKey(mutation.error) !== 'confirmChanges.error'}
              onClick={() => mutation.mutate(token)}
            >
              {t('confirmChanges.confirm')}
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
