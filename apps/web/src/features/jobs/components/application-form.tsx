import { Alert, Anchor, Box, Button, Checkbox, FileInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { Controller, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ZJobApplicationRequest, paths, type TJobApplicationRequest } from '@kc/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { translateFieldMessage as fieldMessage } from '../../../lib/translate-field-message.ts';
import { useApplyToOffer } from '../api/jobs-queries.ts';
import { readCv, type TCvCheck } from '../lib/cv-file.ts';

interface TValues {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  acceptPrivacy: boolean;
}
const EMPTY: TValues = { firstName: '', lastName: '', phone: '', email: '', acceptPrivacy: false };
const FIELDS: readonly string[] = ['firstName', 'lastName', 'phone', 'email', 'acceptPrivacy'];
const ZForm = ZJobApplicationRequest.omit({ cv: true });
/** Mantine's default error red is below AA contrast on white; the darker red passes. */
export const ACCESSIBLE_ERROR_COLOR = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

export interface TAppliedState {
  hasCv: boolean;
  receivedAt: string;
  title: string;
}

function submitErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return 'apply.rateLimited';
    if (error.status === 409) return 'apply.notOpen';
    if (error.status === 400) return 'apply.fieldErrors';
  }
  return 'apply.serverError';
}

/**
 * The candidate's application: names, phone, e-mail, an optional PDF CV (≤ 5 MB, checked by
 * content) and the data-protection notice, unticked on every application (terms). On success
 * it opens the data-protection acceptance confirmation page.
 */
export function ApplicationForm({ offerId, title }: { offerId: string; title: string }) {
  const { t } = useTranslation('jobsScreens');
  const { t: tv } = useTranslation('validation');
  const headingId = useId();
  const noticeId = useId();
  const navigate = useNavigate();
  const mutation = useApplyToOffer(offerId);
  const statusRef = useRef<HTMLDivElement>(null);
  const [cv, setCv] = useState<{ file: File | null; check: TCvCheck | null }>({ file: null, check: null });
  const form = useForm<TValues, unknown, TJobApplicationRequest>({
    resolver: zodResolver(ZForm) as unknown as Resolver<TValues, unknown, TJobApplicationRequest>,
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const error = (name: FieldPath<TValues>) => fieldMessage(tv, errors[name]?.message);
  const cvError = cv.check && !cv.check.ok ? t(`apply.${cv.check.reason}`) : undefined;

  const onCv = async (file: File | null) => {
    setCv({ file, check: null });
    if (file) setCv({ file, check: await readCv(file) });
  };

  const onSubmit = form.handleSubmit((values) => {
    if (cv.check && !cv.check.ok) return;
    const cvBody = cv.check?.ok ? { fileName: cv.check.fileName, contentBase64: cv.check.contentBase64 } : null;
    mutation.mutate(
      { ...values, acceptPrivacy: true, cv: cvBody },
      {
        onSuccess: (receipt) => {
          const state: TAppliedState = { hasCv: receipt.hasCv, receivedAt: receipt.receivedAt, title };
          void navigate(paths.jobApplied.href(offerId), { state });
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 400) {
            for (const { field, message } of failure.extracted.fields) {
              if (FIELDS.includes(field)) form.setError(field as FieldPath<TValues>, { type: 'server', message });
            }
          }
        },
      },
    );
  });

  useEffect(() => {
    if (mutation.isError) statusRef.current?.focus();
  }, [mutation.isError]);

  return (
    <Box component="section" aria-labelledby={headingId} mt="xl" style={ACCESSIBLE_ERROR_COLOR}>
      <Title order={2} id={headingId}>
        {t('apply.heading')}
      </Title>
      <Text size="sm" c="gray.7" mt={4}>
        {t('apply.requiredHint')}
      </Text>
      <div ref={statusRef} tabIndex={-1} style={{ outline: 'none' }}>
        {mutation.isError && (
          <Alert color="red" variant="light" role="alert" mt="md">
            <Text>{t(submitErrorKey(mutation.error))}</Text>
          </Alert>
        )}
      </div>
      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
        <fieldset disabled={mutation.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md" mt="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('apply.firstName')} required autoComplete="given-name" error={error('firstName')} {...form.register('firstName')} />
              <TextInput label={t('apply.lastName')} required autoComplete="family-name" error={error('lastName')} {...form.register('lastName')} />
              <TextInput label={t('apply.phone')} required type="tel" autoComplete="tel" error={error('phone')} {...form.register('phone')} />
              <TextInput label={t('apply.email')} required type="email" autoComplete="email" error={error('email')} {...form.register('email')} />
            </SimpleGrid>
            <FileInput
              label={t('apply.cv')}
              placeholder={t('apply.cvPlaceholder')}
              // Mantine's placeholder grey fails AA contrast (axe); gray.7 passes on white.
              styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
              accept="application/pdf"
              clearable
              clearButtonProps={{ 'aria-label': t('apply.clearCv') }}
              value={cv.file}
              onChange={(file) => void onCv(file)}
              error={cvError}
            />
            <Box p="sm" style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8 }}>
              <Title order={3} size="h5" id={noticeId}>
                {t('apply.noticeHeading')}
              </Title>
              <Text size="sm" mt={4}>
                {t('apply.notice')}
              </Text>
            </Box>
            <Controller
              control={form.control}
              name="acceptPrivacy"
              render={({ field }) => (
                <Checkbox
                  ref={field.ref}
                  name={field.name}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  onBlur={field.onBlur}
                  aria-describedby={noticeId}
                  error={error('acceptPrivacy')}
                  label={
                    <>
                      {t('apply.acceptPrivacy')}{' '}
                      <Anchor component={Link} to={paths.privacyPolicy.href()} target="_blank">
                        {t('apply.privacyLink')}
                      </Anchor>
                    </>
                  }
                />
              )}
            />
            <Button type="submit" loading={mutation.isPending} style={{ alignSelf: 'flex-start' }}>
              {mutation.isPending ? t('apply.sending') : t('apply.submit')}
            </Button>
          </Stack>
        </fieldset>
      </form>
    </Box>
  );
}
