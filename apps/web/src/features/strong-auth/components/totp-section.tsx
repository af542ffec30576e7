import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeTotpCode } from '@kc/domain/strong-auth/rules.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useConfirmTotp } from '../api/confirm-totp.ts';
import { useRemoveTotp } from '../api/remove-totp.ts';
import { useSetupTotp } from '../api/setup-totp.ts';
import type { TStrongAuthStatus } from '../api/strong-auth-api.ts';
import { strongAuthErrorMessage } from '../lib/error-message.ts';
import { InlineConfirm, useInlineConfirm } from './inline-confirm.tsx';
import '../i18n.ts';

/**
 * The authenticator app: set it up (the server's QR code, the manual key with a copy button, the
 * first code to confirm), or remove it. The confirmation answers the recovery codes, which the
 * page shows once (`onCodes`). A removal is announced (a status message) and leaves the focus on
 * the section's heading.
 */
export function TotpSection({ status, onCodes }: { status: TStrongAuthStatus; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('strongAuthScreens');
  const setup = useSetupTotp();
  const confirm = useConfirmTotp();
  const remove = useRemoveTotp();
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState<string | undefined>();
  const removal = useInlineConfirm();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepRef = useRef<HTMLParagraphElement>(null);
  const pending = setup.data && !status.totp.enrolled ? setup.data : undefined;

  useEffect(() => {
    if (pending) stepRef.current?.focus();
  }, [pending]);

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    const digits = normalizeTotpCode(code);
    if (!digits) {
      setFormatError(t('errors.codeFormat'));
      return;
    }
    setFormatError(undefined);
    confirm.mutate(digits, {
      onSuccess: (codes) => {
        setCode('');
        setup.reset();
        // A person who already had a passkey keeps their recovery codes (none come back).
        if (codes.length > 0) onCodes(codes);
      },
    });
  };

  const codeError = formatError ?? (confirm.isError ? strongAuthErrorMessage(t, confirm.error) : undefined);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="totp-heading">
      <Title order={2} size="h3" id="totp-heading" ref={headingRef} tabIndex={-1}>
        {t('totp.title')}
      </Title>
      <Text size="sm" mt="xs">
        {t('totp.description')}
      </Text>
      {/* Always there, so that screen readers announce the message when it appears. */}
      <Text role="status" fw={500} c="kc.9" mt={remove.isSuccess ? 'sm' : 0}>
        {remove.isSuccess ? t('totp.removed') : null}
      </Text>
      {status.totp.enrolled ? (
        <Stack mt="sm" gap="sm">
          {confirm.isSuccess ? (
            <Alert color="green" variant="light" role="status">
              {t('totp.enabledShort')}
            </Alert>
          ) : null}
          <Text fw={500}>{t('status.totpOn', { date: status.totp.enrolledAt ? formatDateTime(status.totp.enrolledAt) : '' })}</Text>
          {remove.isError ? (
            <Alert color="red" variant="light" role="alert">
              {strongAuthErrorMessage(t, remove.error)}
            </Alert>
          ) : null}
          {removal.confirming ? (
            <InlineConfirm
              question={t('totp.removeConfirm')}
              busy={remove.isPending}
              onYes={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    removal.close(false);
                    headingRef.current?.focus();
                  },
                  onError: () => removal.close(true),
                })
              }
              onNo={() => removal.close(true)}
            />
          ) : (
            <Button
              ref={removal.triggerRef}
              variant="outline"
              color="red.9"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => {
                remove.reset();
                removal.open();
              }}
            >
              {t('totp.remove')}
            </Button>
          )}
        </Stack>
      ) : pending ? (
        <Stack mt="sm" gap="sm">
          <Text ref={stepRef} tabIndex={-1} fw={500}>
            {t('totp.step1')}
          </Text>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(pending.qrSvg)}`}
            alt={t('totp.qrAlt')}
            width={200}
            height={200}
            style={{ background: '#fff', maxWidth: '100%', height: 'auto' }}
          />
          <Text>{t('totp.step2')}</Text>
          <Group gap="sm" wrap="wrap">
            <Code fz="md" data-testid="totp-manual-key" style={{ wordBreak: 'break-all' }}>
              {pending.manualKey}
            </Code>
            <CopyButton value={pending.manualKey.replace(/\s/g, '')}>
              {({ copied, copy }) => (
                <Button size="xs" variant="outline" onClick={copy} aria-live="polite">
                  {copied ? t('totp.copied') : t('totp.copyKey')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <form noValidate onSubmit={onConfirm} aria-labelledby="totp-heading">
            <fieldset disabled={confirm.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              <Stack gap="sm" maw={320}>
                <Text>{t('totp.step3')}</Text>
                <TextInput
                  label={t('totp.codeLabel')}
                  description={t('totp.codeHint')}
                  styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={7}
                  required
                  value={code}
                  onChange={(event) => setCode(event.currentTarget.value)}
                  error={codeError}
                />
                <Group gap="sm">
                  <Button type="submit" loading={confirm.isPending}>
                    {confirm.isPending ? t('totp.confirming') : t('totp.confirm')}
                  </Button>
                  <Button
                    variant="default"
                    onClick={() => {
                      setup.reset();
                      confirm.reset();
                      setCode('');
                      setFormatError(undefined);
                    }}
                  >
                    {t('totp.cancel')}
                  </Button>
                </Group>
              </Stack>
            </fieldset>
          </form>
        </Stack>
      ) : (
        <Stack mt="sm" gap="sm">
          <Text>{t('status.totpOff')}</Text>
          {setup.isError ? (
            <Alert color="red" variant="light" role="alert">
              {strongAuthErrorMessage(t, setup.error)}
            </Alert>
          ) : null}
          <Button
            style={{ alignSelf: 'flex-start' }}
            loading={setup.isPending}
            onClick={() => {
              remove.reset();
              setup.mutate();
            }}
          >
            {setup.isPending ? t('totp.starting') : t('totp.start')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
