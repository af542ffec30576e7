import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMAIL_CHANGE_LINK_MINUTES, ZChangeEmailRequest, type TChangeEmailRequest } from '@kc/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { translateFieldMessage as fieldMessage } from '../../../lib/translate-field-message.ts';
import { useRequestEmailChange } from '../api/change-email.ts';

const FIELDS: readonly FieldPath<TChangeEmailRequest>[] = ['newEmail', 'currentPassword'];

/**
 * The new address and the current password (decision 0037): the server mails a one-time link to the
 * new address and a notice to the current one; the address changes only when the link is opened.
 * A person with a second factor is asked for it first (the step-up dialog of every request).
 */
export function ChangeEmailForm() {
  const { t } = useTranslation('account');
  const change = useRequestEmailChange();
  const form = useForm<TChangeEmailRequest>({
    resolver: zodResolver(ZChangeEmailRequest),
    defaultValues: { newEmail: '', currentPassword: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => form.reset({ newEmail: '', currentPassword: '' }),
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const { field, message } of error.extracted.fields) {
            if ((FIELDS as readonly string[]).includes(field)) form.setError(field as FieldPath<TChangeEmailRequest>, { type: 'server', message }, { shouldFocus: true });
          }
        }
      },
    }),
  );
  const hasFieldErrors = change.error instanceof ApiError && change.error.extracted.fields.some(({ field }) => (FIELDS as readonly string[]).includes(field));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="email-change-heading">
      <Title order={2} size="h3" id="email-change-heading">
        {t('changeEmail.title')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('changeEmail.hint', { minutes: EMAIL_CHANGE_LINK_MINUTES })}
      </Text>
      {change.isSuccess ? (
        <Alert color="green" variant="light" role="status" mt="sm">
          <Text fw={700}>{t('changeEmail.sentTitle')}</Text>
          <Text>{t('changeEmail.sent', { email: change.data.newEmail, minutes: EMAIL_CHANGE_LINK_MINUTES })}</Text>
        </Alert>
      ) : null}
      {change.isError && !hasFieldErrors ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {change.error instanceof ApiError ? change.error.extracted.message : t('failed')}
        </Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-labelledby="email-change-heading">
        <fieldset disabled={change.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack mt="sm" maw={420}>
            <TextInput
              type="email"
              label={t('changeEmail.newEmail')}
              required
              autoComplete="email"
              inputMode="email"
              maxLength={254}
              error={fieldMessage(t, errors.newEmail?.message)}
              {...form.register('newEmail')}
            />
            <PasswordInput
              label={t('changeEmail.password')}
              required
              autoComplete="current-password"
              // Mantine's PasswordInput marks its inner input data-invalid only: screen readers need aria-invalid.
              aria-invalid={errors.currentPassword ? true : undefined}
              error={fieldMessage(t, errors.currentPassword?.message)}
              {...form.register('currentPassword')}
            />
            <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
              {change.isPending ? t('changeEmail.sending') : t('changeEmail.submit')}
            </Button>
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}
