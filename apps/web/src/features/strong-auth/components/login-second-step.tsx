import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSession } from '@kc/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { loginSecondStep } from '../../auth/api/login.ts';
import type { TMfaProof } from '../../auth/api/create-mfa-token.ts';
import { signWithPasskey } from '../api/passkey-authentication-options.ts';
import { canUsePasskeys, passkeyErrorKey } from '../lib/webauthn.ts';
import { SecondFactorFields, type TSecondFactorInput } from './second-factor-fields.tsx';
import '../login-i18n.ts';

/** The mfa token lives 5 minutes on the server (preamble's contract). */
const MFA_TOKEN_LIFETIME_MS = 5 * 60 * 1000;

export interface TMfaChallenge {
  mfaToken: string;
  factors: readonly string[];
  remember: boolean;
}

/** A refusal of the second step as shown: too many attempts, the server's own sentence, or ours. */
function refusalOf(t: (key: string) => string, error: unknown): { message: string; isPasskey: boolean } {
  if (error instanceof ApiError) {
    if (error.status === 429) return { message: t('secondStep.tooManyAttempts'), isPasskey: false };
    const body = error.body as { error_description?: unknown } | undefined;
    if (body && typeof body.error_description === 'string' && body.error_description) return { message: body.error_description, isPasskey: false };
    if (error.status === 400) return { message: t('secondStep.invalidCode'), isPasskey: false };
    return { message: error.loginExtracted.message, isPasskey: false };
  }
  return { message: t(passkeyErrorKey(error) === 'passkey.errors.cancelled' ? 'passkey.cancelled' : 'passkey.failed'), isPasskey: true };
}

/**
 * The login's second step (issue 18), on the login page in place of the password form once the
 * token endpoint answered `mfa_required`: the authenticator's code (one-time-code autocomplete),
 * a recovery code instead, or a passkey. The heading takes the focus, so the change is announced.
 * "Start again" goes back to the password (also offered once the mfa token has expired).
 */
export function LoginSecondStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: TMfaChallenge;
  onSignedIn: (session: TSession) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation('strongAuthLogin');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [expired, setExpired] = useState(false);
  const mutation = useMutation({
    mutationFn: async (proof: () => Promise<TMfaProof>) =>
      loginSecondStep({ mfaToken: challenge.mfaToken, proof: await proof(), remember: challenge.remember }),
    onSuccess: onSignedIn,
  });

  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    const timer = window.setTimeout(() => setExpired(true), MFA_TOKEN_LIFETIME_MS);
    return () => window.clearTimeout(timer);
  }, [challenge.mfaToken]);

  const refusal = mutation.isError ? refusalOf(t, mutation.error) : undefined;
  const onSubmit = (input: TSecondFactorInput) =>
    mutation.mutate(async () => (input.kind === 'code' ? { otp: input.code } : { recoveryCode: input.recoveryCode }));
  const onPasskey = () => mutation.mutate(async () => ({ passkey: await signWithPasskey(challenge.mfaToken) }));

  return (
    <Paper withBorder p="lg" mt="md" radius="md" component="section" aria-labelledby="second-step-heading">
      <Title order={2} size="h3" id="second-step-heading" ref={headingRef} tabIndex={-1}>
        {t('secondStep.title')}
      </Title>
      <Text mt="xs" role="status">
        {t('secondStep.intro')}
      </Text>
      {expired ? (
        <Stack mt="md" gap="sm">
          <Alert color="yellow" variant="light" role="alert">
            {t('secondStep.expired')}
          </Alert>
          <Button onClick={onRestart}>{t('secondStep.startAgain')}</Button>
        </Stack>
      ) : (
        <Stack mt="md" gap="sm">
          {refusal?.isPasskey ? (
            <Alert color="red" variant="light" role="alert">
              {refusal.message}
            </Alert>
          ) : null}
          <SecondFactorFields
            texts={{
              codeLabel: t('secondStep.codeLabel'),
              codeHint: t('secondStep.codeHint'),
              recoveryCodeLabel: t('secondStep.recoveryCodeLabel'),
              recoveryCodeHint: t('secondStep.recoveryCodeHint'),
              useRecoveryCode: t('secondStep.useRecoveryCode'),
              useCode: t('secondStep.useCode'),
              usePasskey: t('secondStep.usePasskey'),
              verify: t('secondStep.verify'),
              verifying: t('secondStep.verifying'),
              codeFormat: t('secondStep.codeFormat'),
              recoveryCodeFormat: t('secondStep.recoveryCodeFormat'),
            }}
            hasCode={challenge.factors.includes('totp')}
            hasPasskey={challenge.factors.includes('passkey') && canUsePasskeys()}
            busy={mutation.isPending}
            error={refusal && !refusal.isPasskey ? refusal.message : undefined}
            onSubmit={onSubmit}
            onPasskey={onPasskey}
            extraActions={
              <Button variant="subtle" onClick={onRestart}>
                {t('secondStep.startAgain')}
              </Button>
            }
          />
        </Stack>
      )}
    </Paper>
  );
}
