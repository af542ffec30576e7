import { Alert, Anchor, Button, Container, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain/http/paths.ts';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { LoadErrorAlert } from '../../../components/ui/paginated-list/load-error-alert.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useStrongAuthStatus } from '../api/get-status.ts';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.ts';
import type { TStrongAuthStatus } from '../api/strong-auth-api.ts';
import { strongAuthErrorMessage } from '../lib/error-message.ts';
import { InlineConfirm, useInlineConfirm } from './inline-confirm.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';
import { TotpSection } from './totp-section.tsx';
import '../i18n.ts';

/** What a second factor, a passkey and recovery codes are, in plain words. */
function Explanation() {
  const { t } = useTranslation('strongAuthScreens');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="security-explain-heading">
      <Title order={2} size="h3" id="security-explain-heading">
        {t('explain.title')}
      </Title>
      <List spacing="xs" mt="sm">
        <List.Item>{t('explain.secondFactor')}</List.Item>
        <List.Item>{t('explain.passkey')}</List.Item>
        <List.Item>{t('explain.recoveryCodes')}</List.Item>
        <List.Item>{t('explain.whenAsked')}</List.Item>
      </List>
    </Paper>
  );
}

function StatusSummary({ status }: { status: TStrongAuthStatus }) {
  const { t } = useTranslation('strongAuthScreens');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="security-status-heading">
      <Title order={2} size="h3" id="security-status-heading">
        {t('status.title')}
      </Title>
      <Alert color={status.hasSecondFactor ? 'green' : status.enrolmentRequired ? 'red' : 'yellow'} variant="light" mt="sm" data-testid="security-status">
        {status.hasSecondFactor ? t('status.on') : status.enrolmentRequired ? t('status.staffRequired') : t('status.off')}
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
        <LabelledValue
          label={t('status.totp')}
          value={
            status.totp.enrolled ? t('status.totpOn', { date: status.totp.enrolledAt ? formatDateTime(status.totp.enrolledAt) : '' }) : t('status.totpOff')
          }
        />
        <LabelledValue label={t('status.passkeys')} value={t('status.passkeysCount', { count: status.passkeys.length })} />
        <LabelledValue label={t('status.recoveryCodes')} value={status.hasSecondFactor ? String(status.recoveryCodesLeft) : t('status.recoveryCodesNone')} />
      </SimpleGrid>
    </Paper>
  );
}

function RecoveryCodesSection({ status, onCodes }: { status: TStrongAuthStatus; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('strongAuthScreens');
  const regenerate = useRegenerateRecoveryCodes();
  const confirmation = useInlineConfirm();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="recovery-section-heading">
      <Title order={2} size="h3" id="recovery-section-heading">
        {t('codes.section')}
      </Title>
      <Text mt="xs">{t('codes.left', { count: status.recoveryCodesLeft })}</Text>
      {regenerate.isError ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {strongAuthErrorMessage(t, regenerate.error)}
        </Alert>
      ) : null}
      <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
        {confirmation.confirming ? (
          <InlineConfirm
            question={t('codes.regenerateConfirm')}
            busy={regenerate.isPending}
            onYes={() =>
              regenerate.mutate(undefined, {
                // The new codes replace the page; their panel takes the focus.
                onSuccess: (codes) => {
                  confirmation.close(false);
                  onCodes(codes);
                },
                onError: () => confirmation.close(true),
              })
            }
            onNo={() => confirmation.close(true)}
          />
        ) : (
          <Button
            ref={confirmation.triggerRef}
            variant="outline"
            onClick={() => {
              regenerate.reset();
              confirmation.open();
            }}
          >
            {t('codes.regenerate')}
          </Button>
        )}
      </div>
    </Paper>
  );
}

/**
 * /account/security (issue 18): the status, the authenticator app, passkeys and recovery codes,
 * with what each is in plain words. New recovery codes (after enrolling the first factor or
 * generating new ones) replace the page's sections until the person says they kept them.
 */
export function SecurityPage() {
  const session = useRequiredSession();
  const { t } = useTranslation('strongAuthScreens');
  return (
    <Container size="md" py="xl">
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <Anchor component={Link} to={paths.account.href()} size="sm">
        {t('backToAccount')}
      </Anchor>
      <Title order={1} mt="xs">
        {t('title')}
      </Title>
      <Text mt="xs">{t('intro')}</Text>
      {session ? <SecurityBody /> : <LoadingScreen />}
    </Container>
  );
}

function SecurityBody() {
  const status = useStrongAuthStatus();
  const [codes, setCodes] = useState<string[] | undefined>();
  if (codes) {
    return (
      <Stack mt="md">
        <RecoveryCodesPanel codes={codes} onDone={() => setCodes(undefined)} />
      </Stack>
    );
  }
  if (status.isPending) return <LoadingScreen />;
  if (status.isError) return <LoadErrorAlert onRetry={() => void status.refetch()} />;
  return (
    <Stack mt="md" gap="lg">
      <StatusSummary status={status.data} />
      <Explanation />
      <TotpSection status={status.data} onCodes={setCodes} />
      <PasskeysSection status={status.data} onCodes={setCodes} />
      {status.data.hasSecondFactor ? <RecoveryCodesSection status={status.data} onCodes={setCodes} /> : null}
    </Stack>
  );
}
