import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type CSSProperties } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ZPasswordResetRequest, paths } from '@kc/domain';
import '../i18n.ts';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateFieldMessage } from '../../../lib/translate-field-message.ts';
import { useRequestPasswordReset } from '../api/forgot-password.ts';

const ACCESSIBLE_ERROR_COLOR = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

/** /user/forgot-password: an e-mail address → the same answer whether or not an account has it. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('users');
  const headingId = useId();
  const send = useRequestPasswordReset();
  const form = useForm<{ email: string }>({ resolver: zodResolver(ZPasswordResetRequest), defaultValues: { email: '' }, mode: 'onTouched' });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => send.mutate(values.email));
  return (
    <Container size="xs" py="xl" style={ACCESSIBLE_ERROR_COLOR}>
      <PageMeta title={`${t('password.forgotTitle')} | KC`} description={t('password.forgotMeta')} />
      <Title order={1} id={headingId}>
        {t('password.forgotTitle')}
      </Title>
      {send.isSuccess ? (
        <Alert color="green" variant="light" role="status" mt="md">
          {t('password.sent')}
        </Alert>
      ) : (
        <>
          <Text mt="xs">{t('password.forgotIntro')}</Text>
          {send.isError ? (
            <Alert color="red" variant="light" role="alert" mt="md">
              {send.error instanceof ApiError ? send.error.extracted.message : t('actions.failed')}
            </Alert>
          ) : null}
          <Paper withBorder p="lg" mt="md" radius="md">
            <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
              <fieldset disabled={send.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
                <Stack gap="md">
                  <TextInput label={t('password.email')} type="email" autoComplete="username" required error={translateFieldMessage(t, errors.email?.message)} {...form.register('email')} />
                  <Button type="submit" loading={send.isPending} fullWidth>
                    {send.isPending ? t('password.sending') : t('password.send')}
                  </Button>
                </Stack>
              </fieldset>
            </form>
          </Paper>
        </>
      )}
      <Anchor component={Link} to={paths.login.href()} mt="md" display="inline-block">
        {t('password.backToLogin')}
      </Anchor>
    </Container>
  );
}
