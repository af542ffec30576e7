import { Alert, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZChangePasswordRequest, type TChangePasswordRequest } from '@kc/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';
import { translateFieldMessage as fieldMessage } from '../../../lib/translate-field-message.ts';

const FIELDS: readonly FieldPath<TChangePasswordRequest>[] = ['currentPassword', 'newPassword', 'repeatPassword'];

/** Current, new and repeated password; the server closes the user's other sessions. */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useForm<TChangePasswordRequest>({
    resolver: zodResolver(ZChangePasswordRequest),
    defaultValues: { currentPassword: '', newPassword: '', repeatPassword: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const { field, message } of error.extracted.fields) {
            if ((FIELDS as readonly string[]).includes(field)) form.setError(field as FieldPath<TChangePasswordRequest>, { type: 'server', message });
          }
        }
      },
    }),
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="password-heading">
      <Title order={2} size="h3" id="password-heading">
        {t('password.title')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('password.hint')}
      </Text>
      {change.isSuccess ? (
        <Alert color="green" variant="light" role="status" mt="sm">
          {t('password.changed')}
        </Alert>
      ) : null}
      {change.isError ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {change.error instanceof ApiError ? change.error.extracted.message : t('failed')}
        </Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-labelledby="password-heading">
        <fieldset disabled={change.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack mt="sm" maw={420}>
            <PasswordInput label={t('password.current')} required autoComplete="current-password" error={fieldMessage(t, errors.currentPassword?.message)} {...form.register('currentPassword')} />
            <PasswordInput label={t('password.new')} required autoComplete="new-password" error={fieldMessage(t, errors.newPassword?.message)} {...form.register('newPassword')} />
            <PasswordInput label={t('password.repeat')} required autoComplete="new-password" error={fieldMessage(t, errors.repeatPassword?.message)} {...form.register('repeatPassword')} />
            <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
              {change.isPending ? t('password.saving') : t('password.submit')}
            </Button>
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}
