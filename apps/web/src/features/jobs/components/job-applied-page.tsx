import { Alert, Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { paths } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import type { TAppliedState } from './application-form.tsx';
import { JobsFrame } from './jobs-frame.tsx';

function isAppliedState(value: unknown): value is TAppliedState {
  return typeof value === 'object' && value !== null && 'receivedAt' in value && 'hasCv' in value;
}

/**
 * /jobs/offers/:id/applied: the data-protection acceptance confirmation after an application
 * (what was accepted and when, the e-mail with the withdrawal link). The same for a first and a
 * repeat application (the answer does not say which; decision 0023): a repeat waits for the link
 * mailed to the address on file. Reached with the receipt in the navigation's state; opened
 * directly, it says what it is for.
 */
export function JobAppliedPage({ offerId }: { offerId: string }) {
  const { t } = useTranslation('jobsScreens');
  const { state } = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const receipt = isAppliedState(state) ? state : null;
  return (
    <JobsFrame>
      <Container size="md" py="xl">
        <PageMeta title={t('applied.metaTitle')} description={t('applied.metaTitle')} />
        <meta name="robots" content="noindex" />
        <Title order={1} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {t('applied.title')}
        </Title>
        {receipt ? (
          <Stack gap="sm" mt="md">
            <Text fw={700}>{receipt.title}</Text>
            <Alert color="kc" variant="light" role="status">
              <Text>{t('applied.consent', { date: formatDateTime(receipt.receivedAt) })}</Text>
            </Alert>
            {receipt.hasCv ? <Text>{t('applied.cv')}</Text> : null}
            <Text>{t('applied.mail')}</Text>
            <Text>{t('applied.repeatNote')}</Text>
          </Stack>
        ) : (
          <Text mt="md">{t('applied.direct')}</Text>
        )}
        <Group mt="xl" gap="lg">
          <Anchor component={Link} to={paths.jobDetail.href(offerId)}>
            {t('applied.back')}
          </Anchor>
          <Anchor component={Link} to={paths.jobList.href()}>
            {t('applied.more')}
          </Anchor>
        </Group>
      </Container>
    </JobsFrame>
  );
}
