import { Alert, Anchor, Button, Container, Text, Title } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useFragmentToken } from '../lib/use-fragment-token.ts';
import { JobsFrame } from './jobs-frame.tsx';

/** The texts of a one-time link's page: a section of `jobsScreens` with the same keys. */
type TLinkSection = 'withdraw' | 'confirmChanges';

function failureKey(section: TLinkSection, error: unknown): string {
  if (error instanceof ApiError && error.status === 410) return `${section}.expired`;
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return `${section}.invalid`;
  return `${section}.error`;
}

/**
 * A page opened from a one-time link mailed to a candidate (`#token=…`): reads the token from the
 * fragment, asks the candidate to confirm, then spends it. A used or unknown link, an expired one
 * and a failure each say so (the last one may be tried again); focus moves to the outcome.
 */
export function OneTimeLinkPage({ section, mutation, color }: { section: TLinkSection; mutation: UseMutationResult<unknown, unknown, string>; color?: string }) {
  const { t } = useTranslation('jobsScreens');
  const token = useFragmentToken();
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (mutation.isSuccess || mutation.isError) statusRef.current?.focus();
  }, [mutation.isSuccess, mutation.isError]);
  const failure = mutation.isError ? failureKey(section, mutation.error) : null;
  return (
    <JobsFrame>
      <Container size="sm" py="xl">
        <PageMeta title={t(`${section}.metaTitle`)} description={t(`${section}.intro`)} />
        <meta name="robots" content="noindex" />
        <Title order={1}>{t(`${section}.title`)}</Title>
        <div ref={statusRef} tabIndex={-1} style={{ outline: 'none' }}>
          {mutation.isSuccess ? (
            <Alert color="kc" variant="light" role="status" mt="md">
              <Text>{t(`${section}.done`)}</Text>
            </Alert>
          ) : failure ? (
            <Alert color="red" variant="light" role="alert" mt="md">
              <Text>{t(failure)}</Text>
            </Alert>
          ) : null}
        </div>
        {token === null ? (
          <Alert color="orange" variant="light" role="alert" mt="md">
            <Text>{t(`${section}.noToken`)}</Text>
          </Alert>
        ) : token && !mutation.isSuccess ? (
          <>
            <Text mt="md">{t(`${section}.intro`)}</Text>
            <Button mt="lg" color={color} loading={mutation.isPending} disabled={failure !== null && failure !== `${section}.error`} onClick={() => mutation.mutate(token)}>
              {t(`${section}.confirm`)}
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
