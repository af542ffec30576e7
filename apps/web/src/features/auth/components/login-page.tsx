import { Alert, Anchor, Button, Checkbox, Container, List, Paper, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ZLoginRequest, paths, type TLoginRequest } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { MfaRequiredError, useLogin } from '../api/login.ts';
import type { TMfaChallenge } from '../../strong-auth/components/login-second-step.tsx';
import { PasskeySignIn } from '../../strong-auth/components/passkey-sign-in.tsx';
import { forgetLogoutReason, peekLogoutReason, type TLoginLocationState } from '../hooks/use-session-expiry.ts';
import { DEMO_PASSWORD, TEST_USERS, isNonProductionHost } from '../lib/test-users.ts';
import { translateFieldMessage } from '../../../lib/translate-field-message.ts';
import '../i18n.ts';

/** The second step (issue 18) is loaded once the server asks for it: the login route's entry, which every page's manifest carries, stays short. */
const LoginSecondStep = lazy(() => import('../../strong-auth/components/login-second-step.tsx').then((m) => ({ default: m.LoginSecondStep })));

/** Mantine's dimmed description colour fails WCAG contrast; gray.7 passes (stack-notes, 6). */
const READABLE_DESCRIPTION = { description: { color: 'var(--mantine-color-gray-7)' } };

/** Field errors in red 9: Mantine's default error red fails WCAG AA contrast on white. */
const ACCESSIBLE_ERROR_COLOR = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

interface TLoginFormValues {
  email: string;
  password: string;
  remember: boolean;
}

/** The login alert: the specification's priority list (section 8), word for word. */
function alertOf(error: unknown): { message: string; fields: { field: string; message: string }[] } {
  if (error instanceof ApiError) return error.loginExtracted;
  return { message: `Something went wrong!, ${error instanceof Error ? error.message : String(error)}`, fields: [] };
}

/**
 * /user/login: e-mail and password ('Requerido'), 'Recordarme', the demo-account dropdown
 * outside production; success stores the session and opens the board.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { t: tm } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [reason] = useState(() => (location.state as TLoginLocationState | null)?.reason ?? peekLogoutReason());
  useEffect(() => forgetLogoutReason(), []);
  const headingId = useId();
  const alertRef = useRef<HTMLDivElement>(null);
  const [showTestUsers, setShowTestUsers] = useState(false);
  const mutation = useLogin();
  // Issue 18: the password was right and a second factor is asked for (the second step).
  const [challenge, setChallenge] = useState<TMfaChallenge | undefined>();
  const form = useForm<TLoginFormValues, unknown, TLoginRequest & { remember: boolean }>({
    resolver: zodResolver(ZLoginRequest) as unknown as Resolver<TLoginFormValues, unknown, TLoginRequest & { remember: boolean }>,
    defaultValues: { email: '', password: '', remember: false },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  useEffect(() => setShowTestUsers(isNonProductionHost(window.location.hostname)), []);
  const isMfaRequired = mutation.error instanceof MfaRequiredError;
  useEffect(() => {
    if (mutation.isError && !isMfaRequired) alertRef.current?.focus();
  }, [mutation.isError, isMfaRequired]);

  const toDashboard = () => void navigate(paths.dashboard.href());
  const onSubmit = form.handleSubmit((values) => {
    const remember = form.getValues('remember');
    mutation.mutate(
      { email: values.email, password: values.password, remember },
      {
        onSuccess: toDashboard,
        onError: (error) => {
          if (error instanceof MfaRequiredError) setChallenge({ mfaToken: error.mfaToken, factors: error.factors, remember });
        },
      },
    );
  });
  const restart = () => {
    setChallenge(undefined);
    mutation.reset();
    form.setValue('password', '');
  };

  const alert = mutation.isError && !isMfaRequired ? alertOf(mutation.error) : undefined;

  return (
    <Container size="xs" py="xl" style={ACCESSIBLE_ERROR_COLOR}>
      <PageMeta title={`${t('title')} | KC`} description={t('description')} />
      <Title order={1} id={headingId}>
        {t('title')}
      </Title>
      <Text mt="xs" c="gray.7">
        {t('intro')}
      </Text>
      {reason && !mutation.isError && !challenge && (
        <Alert color="yellow" variant="light" role="status" mt="md">
          {t(reason)}
        </Alert>
      )}
      <div ref={alertRef} tabIndex={-1} style={{ outline: 'none' }}>
        {alert && (
          <Alert color="red" variant="light" role="alert" mt="md">
            <Text>{alert.message}</Text>
            {alert.fields.length > 0 && (
              <List size="sm" mt="xs">
                {alert.fields.map((f) => (
                  <List.Item key={f.field}>
                    {f.field}: {f.message}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
      </div>
      {challenge ? (
        <Suspense fallback={null}>
          <LoginSecondStep challenge={challenge} onSignedIn={toDashboard} onRestart={restart} />
        </Suspense>
      ) : (
        <Paper withBorder p="lg" mt="md" radius="md">
          <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
            <fieldset disabled={mutation.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              <Stack gap="md">
                {showTestUsers && (
                  <Select
                    label={t('testUser')}
                    description={t('testUserHint')}
                    styles={READABLE_DESCRIPTION}
                    placeholder={t('testUserPlaceholder')}
                    data={TEST_USERS.map((u) => ({ value: u.email, label: `${u.email} (${t(`roles.${u.role}`)})` }))}
                    onChange={(email) => {
                      if (!email) return;
                      form.setValue('email', email, { shouldValidate: true });
                      form.setValue('password', DEMO_PASSWORD, { shouldValidate: true });
                    }}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
                <TextInput
                  label={t('email')}
                  type="email"
                  autoComplete="username"
                  required
                  error={translateFieldMessage(tm, errors.email?.message)}
                  {...form.register('email')}
                />
                <PasswordInput
                  label={t('password')}
                  autoComplete="current-password"
                  required
                  error={translateFieldMessage(tm, errors.password?.message)}
                  {...form.register('password')}
                />
                <Controller
                  control={form.control}
                  name="remember"
                  render={({ field }) => (
                    <Checkbox
                      label={t('remember')}
                      description={t('rememberHint')}
                      styles={READABLE_DESCRIPTION}
                      name={field.name}
                      checked={field.value}
                      onChange={(event) => field.onChange(event.currentTarget.checked)}
                      onBlur={field.onBlur}
                      ref={field.ref}
                    />
                  )}
                />
                <Button type="submit" loading={mutation.isPending} fullWidth>
                  {mutation.isPending ? t('submitting') : t('submit')}
                </Button>
              </Stack>
            </fieldset>
          </form>
          <PasskeySignIn remember={() => form.getValues('remember')} onSignedIn={toDashboard} />
        </Paper>
      )}
      <Anchor component={Link} to={paths.forgotPassword.href()} mt="md" display="inline-block">
        {t('forgotPassword')}
      </Anchor>
      <Text mt="md">
        {t('noAccount')}{' '}
        <Anchor component={Link} to={paths.signUp.href()}>
          {t('signUp')}
        </Anchor>
      </Text>
    </Container>
  );
}
