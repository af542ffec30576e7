import { Alert, Anchor, Button, Container, List, Loader, Paper, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, paths, type TErasureConfirmed } from '@kc/domain';
import { PageMeta } from '../../components/ui/page-meta.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { clearSession } from '../../lib/session.ts';
import { liveContractsOf, useConfirmErasure } from './api/erasure.ts';
import { erasureTokenFromHash } from './lib/erasure-token.ts';
import { LiveContractList } from './ErasureSection.tsx';
import './erasure-i18n.ts';

function Kept({ result }: { result: TErasureConfirmed }) {
  const { t } = useTranslation('erasure');
  const { kept } = result;
  return (
    <Paper withBorder p="md" mt="md" component="section" aria-labelledby="erasure-kept-heading">
      <Title order={2} size="h3" id="erasure-kept-heading">
        {t('confirmPage.keptTitle')}
      </Title>
      <Text mt="xs">
        {kept.until
          ? t('confirmPage.kept', {
              contracts: t('confirmPage.contracts', { count: kept.contracts }),
              payments: t('confirmPage.payments', { count: kept.payments }),
              date: formatDate(kept.until),
            })
          : t('confirmPage.nothingKept')}
      </Text>
    </Paper>
  );
}

/**
 * /privacy/erasure/confirm#token=…: the erasure mail's link (issue 16, Art. 17). Reads the token
 * from the fragment, asks to confirm, then shows the result: erased and what is kept until when,
 * or why not (expired, used or replaced link, live contracts listed).
 */
export function ErasureConfirmPage() {
  const { t } = useTranslation('erasure');
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const confirm = useConfirmErasure();
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setToken(erasureTokenFromHash(window.location.hash));
    // The token leaves the address bar (and the history) once read.
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);
  useEffect(() => {
    if (confirm.isSuccess || confirm.isError) statusRef.current?.focus();
  }, [confirm.isSuccess, confirm.isError]);
  const live = liveContractsOf(confirm.error);
  return (
    <Container size="sm" py="xl">
      <PageMeta title={t('confirmPage.metaTitle')} description={t('confirmPage.metaDescription')} />
      <meta name="robots" content="noindex" />
      <Title order={1}>{confirm.isSuccess ? t('confirmPage.doneTitle') : t('confirmPage.title')}</Title>
      <div ref={statusRef} tabIndex={-1} style={{ outline: 'none' }}>
        {confirm.isSuccess ? (
          <>
            <Alert color="green" variant="light" role="status" mt="md">
              <Text>{t('confirmPage.done')}</Text>
            </Alert>
            <Kept result={confirm.data} />
          </>
        ) : live.length > 0 ? (
          <Alert color="orange" variant="light" role="alert" mt="md">
            <Text>{t('section.live')}</Text>
            <LiveContractList contracts={live} />
          </Alert>
        ) : confirm.isError ? (
          <Alert color="red" variant="light" role="alert" mt="md">
            <Text>{confirm.error instanceof ApiError && confirm.error.status !== undefined ? confirm.error.extracted.message : t('confirmPage.failed')}</Text>
          </Alert>
        ) : null}
      </div>
      {token === undefined ? (
        <Loader mt="md" aria-label={t('confirmPage.working')} />
      ) : token === null ? (
        <Alert color="orange" variant="light" role="alert" mt="md">
          <Text>{t('confirmPage.noToken')}</Text>
        </Alert>
      ) : confirm.isSuccess || (confirm.isError && !(confirm.error instanceof ApiError && confirm.error.status === undefined)) ? null : (
        <>
          <Text mt="md">{t('confirmPage.intro')}</Text>
          <List mt="xs" spacing="xs">
            <List.Item>{t('section.closed')}</List.Item>
            <List.Item>{t('section.anonymised')}</List.Item>
            <List.Item>{t('section.kept')}</List.Item>
          </List>
          <Button
            mt="lg"
            color="red.9"
            loading={confirm.isPending}
            onClick={() => {
              // The link alone names the person, and the erasure revokes every session of theirs:
              // this browser forgets its own first, so nothing on the page meets a dead token.
              clearSession();
              confirm.mutate(token);
            }}
          >
            {confirm.isPending ? t('confirmPage.working') : t('confirmPage.button')}
          </Button>
        </>
      )}
      <Anchor component={Link} to={paths.home.href()} mt="xl" display="block">
        {t('confirmPage.home')}
      </Anchor>
    </Container>
  );
}
