import { Alert, Anchor, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type CSSProperties } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ZSetPasswordRequest, paths, type TSetPasswordRequest } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateFieldMessage } from '../../../lib/translate-field-message.ts';
import { usePasswordLink } from '../api/check-password-link.ts';
import { useSetPasswordWithLink } from '../api/set-password.ts';

/** Field errors in red 9: Mantine's default error red fails WCAG AA contrast on white. */
const ACCESSIBLE_ERROR_COLOR = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

/**
 * /user/set-password (a first password, from the invitation mail) and /user/reset-password (a
 * new one): the link is checked first (expired, used or invalid said clearly), then the new
 * password twice, then the way to the login page.
 */
export function PasswordLinkPage({ purpose }: { purpose: 'set' | 'reset' }) {
  const { t } = useTranslation('users');
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const token = params.get('token') ?? '';
  const link = usePasswordLink(userId, token);
  const title = purpose === 'set' ? t('password.setTitle') : t('password.resetTitle');

  let body;
  if (!userId || !token) body = <LinkProblem message={t('password.missing')} />;
  else if (link.isPending) body = <LoadingScreen />;
  else if (link.isError) body = <LinkProblem message={link.error instanceof ApiError ? link.error.extracted.message : t('actions.failed')} />;
  else body = <NewPasswordForm userId={userId} token={token} email={link.data.email} />;

  return (
    <Container size="xs" py="xl" style={ACCESSIBLE_ERROR_COLOR}>
      <PageMeta title={`${title} | KC`} description={purpose === 'set' ? t('password.setMeta') : t('password.resetMeta')} />
      <Title order={1}>{title}</Title>
      {body}
    </Container>
  );
}

function LinkProblem({ message }: { message: string }) {
  const { t } = useTranslation('users');
  return (
    <Alert color="red" variant="light" role="alert" mt="md">
      <Text>{message}</Text>
      <Anchor component={Link} to={paths.forgotPassword.href()}>
        {t('password.requestNew')}
      </Anchor>
    </Alert>
  );
}

type TForm = { newPassword: string; repeatPassword: string };
const FIELDS: readonly string[] = ['newPassword', 'repeatPassword'];

function NewPasswordForm({ userId, token, email }: { userId: string; token: string; email: string }) {
  const { t } = useTranslation('users');
  const headingId = useId();
  const save = useSetPasswordWithLink();
  const form = useForm<TSetPasswordRequest>({
    resolver: zodResolver(ZSetPasswordRequest) as unknown as Resolver<TSetPasswordRequest>,
    defaultValues: { userId, token, newPassword: '', repeatPassword: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  if (save.isSuccess) {
    return (
      <Alert color="green" variant="light" role="status" mt="md">
        <Text>{t('password.done')}</Text>
        <Button component={Link} to={paths.login.href()} mt="sm">
          {t('password.login')}
        </Button>
      </Alert>
    );
  }
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        for (const { field, message } of error.extracted.fields) {
          if (FIELDS.includes(field)) form.setError(field as FieldPath<TForm>, { type: 'server', message });
        }
      },
    }),
  );
  return (
    <>
      <Text mt="xs" id={headingId}>
        {t('password.for', { email })}
      </Text>
      {save.isError ? (
        <Alert color="red" variant="light" role="alert" mt="md">
          {save.error instanceof ApiError ? save.error.extracted.message : t('actions.failed')}
        </Alert>
      ) : null}
      <Paper withBorder p="lg" mt="md" radius="md">
        <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
          <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="md">
              {/* The account's e-mail for password managers. */}
              <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
              <PasswordInput
                label={t('password.new')}
                description={t('password.hint')}
                styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
                required
                autoComplete="new-password"
                error={translateFieldMessage(t, errors.newPassword?.message)}
                {...form.register('newPassword')}
              />
              <PasswordInput
                label={t('password.repeat')}
                required
                autoComplete="new-password"
                error={translateFieldMessage(t, errors.repeatPassword?.message)}
                {...form.register('repeatPassword')}
              />
              <Button type="submit" loading={save.isPending} fullWidth>
                {save.isPending ? t('password.saving') : t('password.submit')}
              </Button>
            </Stack>
          </fieldset>
        </form>
      </Paper>
    </>
  );
}
