import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSession } from '@kc/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { loginWithPasskey } from '../../auth/api/login.ts';
import { canUsePasskeys, passkeyErrorKey } from '../lib/webauthn.ts';
import '../login-i18n.ts';

/**
 * "Entrar con una llave de acceso" on the login page (issue 18): a password-less sign-in with any passkey
 * of this site the device holds (the browser lists them). Hidden where the browser has no WebAuthn.
 */
export function PasskeySignIn({ remember, onSignedIn }: { remember: () => boolean; onSignedIn: (session: TSession) => void }) {
  const { t } = useTranslation('strongAuthLogin');
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(canUsePasskeys()), []);
  const mutation = useMutation({
    // The ceremony's code loads on the click, not with the login page.
    mutationFn: async () => {
      const { signWithPasskey } = await import('../api/passkey-authentication-options.ts');
      return loginWithPasskey({ passkey: await signWithPasskey(), remember: remember() });
    },
    onSuccess: onSignedIn,
  });
  if (!supported) return null;
  const error = mutation.isError
    ? mutation.error instanceof ApiError
      ? mutation.error.loginExtracted.message
      : t(passkeyErrorKey(mutation.error) === 'passkey.errors.cancelled' ? 'passkey.cancelled' : 'passkey.failed')
    : undefined;
  return (
    <Stack gap="xs" mt="md">
      <Text size="sm" c="gray.7" ta="center">
        {t('passkey.or')}
      </Text>
      <Button variant="outline" fullWidth loading={mutation.isPending} onClick={() => mutation.mutate()} data-testid="passkey-sign-in">
        {mutation.isPending ? t('passkey.signingIn') : t('passkey.signIn')}
      </Button>
      <Text size="sm" c="gray.7">
        {t('passkey.hint')}
      </Text>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
