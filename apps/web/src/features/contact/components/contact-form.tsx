import { Alert, Anchor, Box, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ZContactFields, paths, type TContactFields, type TContactFormKind } from '@kc/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateContactMessage } from '../api/create-contact-message.ts';
import { translateFieldMessage as fieldMessage } from '../../../lib/translate-field-message.ts';

/** What the form holds while being filled in (the privacy box starts unticked). */
interface TContactFormValues {
  name: string;
  surname: string;
  email: string;
  phone: string;
  message: string;
  acceptPrivacy: boolean;
}

const EMPTY: TContactFormValues = { name: '', surname: '', email: '', phone: '', message: '', acceptPrivacy: false };
const FIELDS: readonly FieldPath<TContactFormValues>[] = ['name', 'surname', 'email', 'phone', 'message', 'acceptPrivacy'];

/** The form-level message after a refused or failed submission. */
function submitErrorText(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return t('form.rateLimited');
    if (error.status === 400 && error.extracted.fields.length > 0) return t('form.fieldErrors');
    if (error.isNetworkError || (error.status !== undefined && error.status >= 500)) return t('form.serverError');
    return error.extracted.message;
  }
  return t('form.serverError');
}

/**
 * Name, surname, e-mail, telephone (optional), message and the required privacy box, validated
 * with the same schema as the server. Server field errors land on their fields; a refusal (too
 * many messages, server error) shows in the page; success says so and empties the form.
 */
export function ContactForm({ kind }: { kind: TContactFormKind }) {
  const { t } = useTranslation('contact');
  const { t: tv } = useTranslation('validation');
  const headingId = useId();
  const mutation = useCreateContactMessage();
  const statusRef = useRef<HTMLDivElement>(null);
  const form = useForm<TContactFormValues, unknown, TContactFields>({
    resolver: zodResolver(ZContactFields) as unknown as Resolver<TContactFormValues, unknown, TContactFields>,
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const error = (name: FieldPath<TContactFormValues>) => fieldMessage(tv, errors[name]?.message);

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(
      { ...values, kind },
      {
        onSuccess: () => form.reset(EMPTY),
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 400) {
            for (const { field, message } of failure.extracted.fields) {
              if ((FIELDS as readonly string[]).includes(field)) form.setError(field as FieldPath<TContactFormValues>, { type: 'server', message });
            }
          }
        },
      },
    );
  });

  useEffect(() => {
    if (mutation.isSuccess || mutation.isError) statusRef.current?.focus();
  }, [mutation.isSuccess, mutation.isError]);

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId}>
        {t('form.heading')}
      </Title>
      <Text size="sm" c="gray.7" mt={4}>
        {t('form.requiredHint')}
      </Text>
      <div ref={statusRef} tabIndex={-1} style={{ outline: 'none' }}>
        {mutation.isSuccess && (
          <Alert color="kc" variant="light" role="status" mt="md">
            <Text>{t('form.success')}</Text>
          </Alert>
        )}
        {mutation.isError && (
          <Alert color="red" variant="light" role="alert" mt="md">
            <Text>{submitErrorText(mutation.error, t)}</Text>
          </Alert>
        )}
      </div>
      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
        <fieldset disabled={mutation.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md" mt="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('form.name')} required autoComplete="given-name" error={error('name')} {...form.register('name')} />
              <TextInput label={t('form.surname')} required autoComplete="family-name" error={error('surname')} {...form.register('surname')} />
              <TextInput label={t('form.email')} required type="email" autoComplete="email" error={error('email')} {...form.register('email')} />
              <TextInput
                label={`${t('form.phone')} ${t('form.optional')}`}
                type="tel"
                autoComplete="tel"
                error={error('phone')}
                {...form.register('phone')}
              />
            </SimpleGrid>
            <Textarea
              label={t('form.message')}
              placeholder={t('form.messagePlaceholder')}
              required
              autosize
              minRows={5}
              maxRows={14}
              error={error('message')}
              {...form.register('message')}
            />
            <Box>
              <Checkbox label={t('form.privacy.label')} required error={error('acceptPrivacy')} {...form.register('acceptPrivacy')} />
              <Anchor component={Link} to={paths.privacyPolicy.href()} size="sm" ml={32}>
                {t('form.privacy.linkLabel')}
              </Anchor>
            </Box>
            <Group>
              <Button type="submit" loading={mutation.isPending} size="md">
                {mutation.isPending ? t('form.sending') : t('form.submit')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Box>
  );
}
