import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useRegisterPasskey } from '../api/register-passkey.ts';
import { useRemovePasskey } from '../api/remove-passkey.ts';
import type { TPasskeySummary, TStrongAuthStatus } from '../api/strong-auth-api.ts';
import { strongAuthErrorMessage } from '../lib/error-message.ts';
import { canUsePasskeys, passkeyErrorKey } from '../lib/webauthn.ts';
import { InlineConfirm, useInlineConfirm } from './inline-confirm.tsx';
import '../i18n.ts';

/** One passkey with its Remove; `onRemoved` runs once it is gone (its line with it). */
function PasskeyItem({ passkey, onRemoved }: { passkey: TPasskeySummary; onRemoved: () => void }) {
  const { t } = useTranslation('strongAuthScreens');
  const remove = useRemovePasskey();
  const removal = useInlineConfirm();
  // A promise, not mutate's callbacks: they are skipped once this line has left the list.
  const onYes = () =>
    remove.mutateAsync(passkey.id).then(
      () => {
        removal.close(false);
        onRemoved();
      },
      () => removal.close(true),
    );
  return (
    <li data-testid="passkey-item">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text fw={500}>{passkey.name}</Text>
          <Text size="sm" c="gray.7">
            {t('passkey.createdAt', { date: formatDateTime(passkey.createdAt) })} ·{' '}
            {passkey.lastUsedAt ? t('passkey.lastUsedAt', { date: formatDateTime(passkey.lastUsedAt) }) : t('passkey.neverUsed')}
          </Text>
        </div>
        {removal.confirming ? (
          <InlineConfirm
            question={t('passkey.removeConfirm', { name: passkey.name })}
            busy={remove.isPending}
            onYes={() => void onYes()}
            onNo={() => removal.close(true)}
          />
        ) : (
          <Button
            ref={removal.triggerRef}
            size="xs"
            variant="outline"
            color="red.9"
            aria-label={t('passkey.removeLabel', { name: passkey.name })}
            onClick={() => {
              remove.reset();
              removal.open();
            }}
          >
            {t('passkey.remove')}
          </Button>
        )}
      </Group>
      {remove.isError ? (
        <Alert color="red" variant="light" role="alert" mt="xs">
          {strongAuthErrorMessage(t, remove.error)}
        </Alert>
      ) : null}
    </li>
  );
}

/**
 * Passkeys: the list (name, added, last used) with Remove, and Add (a name, then the browser's
 * own prompt through @simplewebauthn/browser, loaded on the click). The first factor of an
 * account answers recovery codes, which the page shows once (`onCodes`). A removal is announced
 * (a status message) and leaves the focus on the section's heading, as the passkey's line is gone.
 */
export function PasskeysSection({ status, onCodes }: { status: TStrongAuthStatus; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('strongAuthScreens');
  const register = useRegisterPasskey();
  const [name, setName] = useState(() => t('passkey.defaultName'));
  const [nameError, setNameError] = useState<string | undefined>();
  const [removed, setRemoved] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const supported = canUsePasskeys();

  const onRemoved = () => {
    register.reset();
    setRemoved(true);
    headingRef.current?.focus();
  };

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(t('passkey.nameRequired'));
      return;
    }
    setNameError(undefined);
    setRemoved(false);
    register.mutate(name.trim(), {
      onSuccess: (codes) => {
        if (codes && codes.length > 0) onCodes(codes);
      },
    });
  };

  const error = register.isError
    ? register.error instanceof ApiError
      ? strongAuthErrorMessage(t, register.error)
      : t(passkeyErrorKey(register.error))
    : undefined;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="passkeys-heading">
      <Title order={2} size="h3" id="passkeys-heading" ref={headingRef} tabIndex={-1}>
        {t('passkey.title')}
      </Title>
      <Text size="sm" mt="xs">
        {t('passkey.description')}
      </Text>
      {/* Always there, so that screen readers announce the message when it appears. */}
      <Text role="status" fw={500} c="kc.9" mt={removed ? 'sm' : 0}>
        {removed ? t('passkey.removed') : null}
      </Text>
      {status.passkeys.length === 0 ? (
        <Text mt="sm">{t('passkey.empty')}</Text>
      ) : (
        <Stack component="ul" gap="sm" mt="sm" aria-label={t('passkey.listLabel')} style={{ listStyle: 'none', padding: 0 }}>
          {status.passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} onRemoved={onRemoved} />
          ))}
        </Stack>
      )}
      {register.isSuccess ? (
        <Alert color="green" variant="light" role="status" mt="sm">
          {t('passkey.added')}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {error}
        </Alert>
      ) : null}
      {supported ? (
        <form noValidate onSubmit={onAdd} aria-label={t('passkey.add')}>
          <fieldset disabled={register.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="sm" mt="md" maw={360}>
              <TextInput
                label={t('passkey.nameLabel')}
                description={t('passkey.nameHint')}
                styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
                maxLength={60}
                required
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                error={nameError}
              />
              <Button type="submit" loading={register.isPending} style={{ alignSelf: 'flex-start' }} data-testid="add-passkey">
                {register.isPending ? t('passkey.adding') : t('passkey.add')}
              </Button>
            </Stack>
          </fieldset>
        </form>
      ) : (
        <Text mt="sm" c="gray.7">
          {t('passkey.unsupported')}
        </Text>
      )}
    </Paper>
  );
}
