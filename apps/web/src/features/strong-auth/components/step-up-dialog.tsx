import { Alert, Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STEP_UP_ACTIONS } from '@kc/domain/strong-auth/rules.ts';
import { InlineLoadError } from '../../../components/ui/query-content.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { setStepUpHandler } from '../../../lib/strong-auth-bridge.ts';
import { strongAuthStatusQueryOptions } from '../api/get-status.ts';
import { signWithPasskey } from '../api/passkey-authentication-options.ts';
import { stepUp } from '../api/step-up.ts';
import type { TSecondFactorProof } from '../api/strong-auth-api.ts';
import { strongAuthErrorMessage } from '../lib/error-message.ts';
import { passkeyErrorKey } from '../lib/webauthn.ts';
import { SecondFactorFields, type TSecondFactorInput } from './second-factor-fields.tsx';
import '../i18n.ts';

/** Actions the dialog words; others (a future one) get a general sentence. */
const WORDED_ACTIONS = new Set<string>([...STEP_UP_ACTIONS, 'addSecondFactor', 'removeSecondFactor', 'regenerateRecoveryCodes']);

interface TWaiter {
  resolve: () => void;
  reject: (reason: Error) => void;
}

/**
 * The step-up dialog (issue 18), mounted once for a session by the Mantine shell. It registers
 * itself with the API client (lib/strong-auth-bridge.ts): when any call answers 403
 * `stepUpRequired`, the client waits here while the person confirms with a code, a recovery code
 * or a passkey (POST /api/strong-auth/step-up), then repeats the call once. Cancelling rejects
 * every waiting call with a sentence saying the operation was not carried out. Calls refused
 * while the dialog is open wait for the same confirmation. When the person's factors cannot be
 * loaded, a Retry keeps the dialog (and the waiting action) alive.
 */
export function StepUpDialog() {
  const { t } = useTranslation('strongAuthScreens');
  const [action, setAction] = useState<string | undefined>();
  const waiters = useRef<TWaiter[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; isPasskey: boolean } | undefined>();
  const [attempt, setAttempt] = useState(0);
  const opened = action !== undefined;
  const status = useQuery({ ...strongAuthStatusQueryOptions(), enabled: opened });
  // After a Retry the button is gone: the focus goes to the form's first field once it is there.
  const content = useRef<HTMLDivElement>(null);
  const retried = useRef(false);
  const factorsLoaded = status.isSuccess;
  useEffect(() => {
    if (!factorsLoaded || !retried.current) return;
    retried.current = false;
    content.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [factorsLoaded]);

  useEffect(() => {
    const queue = waiters.current;
    setStepUpHandler(
      (requested) =>
        new Promise<void>((resolve, reject) => {
          queue.push({ resolve, reject });
          setAction((current) => current ?? requested);
        }),
    );
    return () => {
      setStepUpHandler(undefined);
      queue.splice(0).forEach((w) => w.reject(new Error(t('stepUp.cancelled'))));
    };
  }, [t]);

  const finish = useCallback(
    (outcome: 'confirmed' | 'cancelled') => {
      const pending = waiters.current.splice(0);
      setAction(undefined);
      setError(undefined);
      setBusy(false);
      setAttempt((n) => n + 1);
      for (const waiter of pending) {
        if (outcome === 'confirmed') waiter.resolve();
        else waiter.reject(new Error(t('stepUp.cancelled')));
      }
    },
    [t],
  );

  const confirm = async (proof: () => Promise<TSecondFactorProof>, isPasskey: boolean) => {
    setBusy(true);
    setError(undefined);
    try {
      await stepUp(await proof());
      finish('confirmed');
    } catch (reason) {
      setBusy(false);
      const message = reason instanceof ApiError || !isPasskey ? strongAuthErrorMessage(t, reason) : t(passkeyErrorKey(reason));
      setError({ message, isPasskey });
    }
  };

  const onSubmit = (input: TSecondFactorInput) =>
    void confirm(async () => (input.kind === 'code' ? { code: input.code } : { recoveryCode: input.recoveryCode }), false);
  const onPasskey = () => void confirm(async () => ({ passkey: await signWithPasskey() }), true);

  return (
    <Modal opened={opened} onClose={() => finish('cancelled')} title={t('stepUp.title')} centered withCloseButton={false}>
      <Stack gap="sm" ref={content}>
        <Text>{t('stepUp.intro')}</Text>
        {action !== undefined ? <Text fw={500}>{t(`stepUp.actions.${WORDED_ACTIONS.has(action) ? action : 'other'}`)}</Text> : null}
        {status.isPending ? (
          <Stack align="center" gap="xs" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">{t('stepUp.loading')}</Text>
          </Stack>
        ) : status.isError ? (
          // Not a dead end: the waiting action (a purchase, a sale) goes on once the factors load.
          <InlineLoadError
            message={t('stepUp.loadError')}
            retryLabel={t('stepUp.retry')}
            onRetry={() => {
              retried.current = true;
              void status.refetch();
            }}
          />
        ) : (
          <>
            {error?.isPasskey ? (
              <Alert color="red" variant="light" role="alert">
                {error.message}
              </Alert>
            ) : null}
            <SecondFactorFields
              key={attempt}
              texts={{
                codeLabel: t('stepUp.codeLabel'),
                recoveryCodeLabel: t('stepUp.recoveryCodeLabel'),
                useRecoveryCode: t('stepUp.useRecoveryCode'),
                useCode: t('stepUp.useCode'),
                usePasskey: t('stepUp.usePasskey'),
                verify: t('stepUp.verify'),
                verifying: t('stepUp.verifying'),
                codeFormat: t('errors.codeFormat'),
                recoveryCodeFormat: t('errors.recoveryCodeFormat'),
              }}
              hasCode={status.data.totp.enrolled}
              hasPasskey={status.data.passkeys.length > 0}
              busy={busy}
              error={error && !error.isPasskey ? error.message : undefined}
              onSubmit={onSubmit}
              onPasskey={onPasskey}
            />
          </>
        )}
        <Button variant="default" onClick={() => finish('cancelled')} disabled={busy}>
          {t('stepUp.cancel')}
        </Button>
      </Stack>
    </Modal>
  );
}
