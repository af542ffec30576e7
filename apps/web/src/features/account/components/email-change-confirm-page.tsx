import { Alert, Anchor, Button, Container, Loader, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfirmEmailChange } from '../api/change-email.ts';
import { emailChangeTokenFromHash } from '../lib/email-change-token.ts';
import '../i18n.ts';

/**
 * /account/email/confirm#token=…: the link mailed to the new address (decision 0037). Reads the
 * token from the fragment, asks for a click (a mail scanner opening the link confirms nothing), then
 * shows the result: the new address and how to sign in, or why not (used, expired, replaced link).
 */
export function EmailChangeConfirmPage() {
  const { t } = useTranslation('account');
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const confirm = useConfirmEmailChange();
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setToken(emailChangeTokenFromHash(window.location.hash));
    // The token leaves the address bar (and the history) once read.
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);
  useEffect(() => {
    if (confirm.isSuccess || confirm.isError) statusRef.current?.focus();
  }, [confirm.isSuccess, confirm.isError]);
  // A network failure may be retried; an answer from the server (used, expired…) is final.
  const isFinalError = confirm.isError && !(confirm.error instanceof ApiError && confirm.error.status === undefined);
  return (
    <Container size="sm" py="xl">
      <PageMeta title={t('confirmEmail.metaTitle')} description={t('confirmEmail.metaDescription')} />
      <meta name="robots" content="noindex" />
      <Title order={1}>{confirm.isSuccess ? t('confirmEmail.doneTitle') : t('confirmEmail.title')}</Title>
      <div ref={statusRef} tabIndex={-1} style={{ outline: 'none' }}>
        {confirm.isSuccess ? (
          <Alert color="green" variant="light" role="status" mt="md">
            <Text>{t('confirmEmail.done', { email: confirm.data.email })}</Text>
            <Text mt="xs">{confirm.data.sessionKept ? t('confirmEmail.othersClosed') : t('confirmEmail.allClosed')}</Text>
          </Alert>
        ) : confirm.isError ? (
          <Alert color="red" variant="light" role="alert" mt="md">
            <Text>{confirm.error instanceof ApiError && confirm.error.status !== undefined ? confirm.error.extracted.message : t('confirmEmail.failed')}</Text>
          </Alert>
        ) : null}
      </div>
      {token === undefined ? (
        <Loader mt="md" aria-label={t('confirmEmail.loading')} />
      ) : token === null ? (
        <Alert color="orange" variant="light" role="alert" mt="md">
          <Text>{t('confirmEmail.noToken')}</Text>
        </Alert>
      ) : confirm.isSuccess || isFinalError ? null : (
        <>
          <Text mt="md">{t('confirmEmail.intro')}</Text>
          <Button mt="lg" loading={confirm.isPending} onClick={() => confirm.mutate(token)}>
            {confirm.isPending ? t('confirmEmail.working') : t('confirmEmail.button')}
          </Button>
        </>
      )}
      {confirm.isSuccess ? (
        confirm.data.sessionKept ? (
          <Anchor component={Link} to={paths.account.href()} mt="xl" display="block">
            {t('confirmEmail.toAccount')}
          </Anchor>
        ) : (
          <Anchor component={Link} to={paths.login.href()} mt="xl" display="block">
            {t('confirmEmail.toLogin')}
          </Anchor>
        )
      ) : (
        <Anchor component={Link} to={paths.home.href()} mt="xl" display="block">
          {t('confirmEmail.home')}
        </Anchor>
      )}
    </Container>
  );
}
