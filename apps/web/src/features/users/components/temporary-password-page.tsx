import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type CSSProperties } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZChangePasswordRequest, type TChangePasswordRequest } from '@kc/domain';
import '../i18n.ts';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateFieldMessage } from '../../../lib/translate-field-message.ts';
import { useChangeTemporaryPassword } from '../api/change-temporary-password.ts';

const ACCESSIBLE_ERROR_COLOR = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;
const FIELDS: readonly string[] = ['currentPassword', 'newPassword', 'repeatPassword'];

/**
 * Shown instead of any screen while the session's password is temporary (the API refuses
 * everything else with passwordChangeRequired): the temporary password, the new one twice.
 * Once saved, the session is no longer temporary and the screen asked for appears.
 */
export function TemporaryPasswordPage() {
  const { t } = useTranslation('users');
  const headingId = useId();
  const change = useChangeTemporaryPassword();
  const form = useForm<TChangePasswordRequest>({
    resolver: zodResolver(ZChangePasswordRequest),
    defaultValues: { currentPassword: '', newPassword: '', repeatPassword: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        for (const { field, message } of error.extracted.fields) {
          if (FIELDS.includes(field)) form.setError(field as FieldPath<TChangePasswordRequest>, { type: 'server', message });
        }
      },
    }),
  );
  return (
    <Container size="xs" py="xl" style={ACCESSIBLE_ERROR_COLOR}>
      <PageMeta title={`${t('password.temporaryTitle')} | KC`} description={t('password.temporaryMeta')} />
      <Title order={1} id={headingId}>
        {t('password.temporaryTitle')}
      </Title>
      <Text mt="xs">{t('password.temporaryIntro')}</Text>
      {change.isError ? (
        <Alert color="red" variant="light" role="alert" mt="md">
          {change.error instanceof ApiError ? change.error.extracted.message : t('actions.failed')}
        </Alert>
      ) : null}
      <Paper withBorder p="lg" mt="md" radius="md">
        <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
          <fieldset disabled={change.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="md">
              <PasswordInput label={t('password.current')} required autoComplete="current-password" error={translateFieldMessage(t, errors.currentPassword?.message)} {...form.register('currentPassword')} />
              <PasswordInput
                label={t('password.new')}
                description={t('password.hint')}
                styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
                required
                autoComplete="new-password"
                error={translateFieldMessage(t, errors.newPassword?.message)}
                {...form.register('newPassword')}
              />
              <PasswordInput label={t('password.repeat')} required autoComplete="new-password" error={translateFieldMessage(t, errors.repeatPassword?.message)} {...form.register('repeatPassword')} />
              <Button type="submit" loading={change.isPending} fullWidth>
                {change.isPending ? t('password.saving') : t('password.temporarySubmit')}
              </Button>
            </Stack>
          </fieldset>
        </form>
      </Paper>
    </Container>
  );
}
