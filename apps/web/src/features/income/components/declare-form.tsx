import { Alert, Button, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZDeclareDistributionRequest, formatMoney, type TDeclareDistributionRequest, type TDistributionPreview, type TIncomeDistribution } from '@kc/domain';
import '../i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { decimalCommaResolver } from '../../../lib/decimal-input.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { translateFieldMessage } from '../../../lib/translate-field-message.ts';
import { useDeclareDistribution, usePreviewDistribution } from '../api/distributions.ts';
import { DistributionPreview } from './distribution-preview.tsx';

/** Mantine's dimmed description text is below AA contrast: a darker grey, as the prices form does. */
const DESCRIPTION_STYLES = { description: { color: 'var(--mantine-color-gray-7)' } };
const FIELDS = ['periodFrom', 'periodTo', 'recordDate', 'amountPerUnit', 'description'] as const;
const EMPTY: TDeclareDistributionRequest = { periodFrom: '', periodTo: '', recordDate: '', amountPerUnit: '', description: '' };

/** Declare a distribution: the form, then the preview to confirm, then the outcome. */
export function DeclareForm() {
  const { t } = useTranslation('incomeScreens');
  const headingId = useId();
  const previewing = usePreviewDistribution();
  const declaring = useDeclareDistribution();
  const [preview, setPreview] = useState<{ body: TDeclareDistributionRequest; figures: TDistributionPreview } | undefined>();
  const [declared, setDeclared] = useState<TIncomeDistribution | undefined>();
  const form = useForm<TDeclareDistributionRequest>({ resolver: decimalCommaResolver(zodResolver(ZDeclareDistributionRequest), ['amountPerUnit']), defaultValues: EMPTY, mode: 'onTouched' });
  const { errors } = form.formState;
  const fieldError = (message: string | undefined) => translateFieldMessage(t, message);
  const serverFieldErrors = (error: Error) => {
    if (!(error instanceof ApiError)) return;
    for (const { field, message } of error.extracted.fields) {
      if ((FIELDS as readonly string[]).includes(field)) form.setError(field as FieldPath<TDeclareDistributionRequest>, { type: 'server', message });
    }
  };
  const onReview = form.handleSubmit((values) => {
    setDeclared(undefined);
    declaring.reset();
    previewing.mutate(values, { onSuccess: (figures) => setPreview({ body: values, figures }), onError: serverFieldErrors });
  });
  const onConfirm = () => {
    if (!preview) return;
    declaring.mutate(preview.body, {
      onSuccess: (distribution) => {
        setDeclared(distribution);
        setPreview(undefined);
        form.reset(EMPTY);
      },
      onError: (error) => {
        setPreview(undefined);
        serverFieldErrors(error);
      },
    });
  };
  const failure = declaring.error ?? previewing.error;
  return (
    <Paper withBorder p="lg" mt="md" radius="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('distributions.declareHeading')}
      </Title>
      <Text size="sm" mt="xs">
        {t('distributions.declareIntro')}
      </Text>
      {declared ? (
        <Alert color="green" variant="light" role="status" mt="sm">
          {t('distributions.declared', { credited: formatMoney(declared.credited), count: declared.contracts, remainder: formatMoney(declared.remainder) })}
        </Alert>
      ) : null}
      {failure ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {problemMessage(failure, t('distributions.failed'))}
        </Alert>
      ) : null}
      <form noValidate onSubmit={onReview} aria-labelledby={headingId}>
        <fieldset disabled={previewing.isPending || preview !== undefined} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md" mt="md">
            <Group grow align="start" wrap="wrap">
              <TextInput label={t('fields.periodFrom')} type="date" required error={fieldError(errors.periodFrom?.message)} {...form.register('periodFrom')} miw={180} />
              <TextInput label={t('fields.periodTo')} type="date" required error={fieldError(errors.periodTo?.message)} {...form.register('periodTo')} miw={180} />
            </Group>
            <Group grow align="start" wrap="wrap">
              <TextInput
                label={t('fields.recordDate')}
                description={t('distributions.recordDateHint')}
                styles={DESCRIPTION_STYLES}
                type="date"
                required
                error={fieldError(errors.recordDate?.message)}
                {...form.register('recordDate')}
                miw={180}
              />
              <TextInput
                label={t('fields.amountPerUnit')}
                description={t('distributions.amountHint')}
                styles={DESCRIPTION_STYLES}
                inputMode="decimal"
                required
                error={fieldError(errors.amountPerUnit?.message)}
                {...form.register('amountPerUnit')}
                miw={180}
              />
            </Group>
            <Textarea
              label={t('fields.description')}
              description={t('distributions.descriptionHint')}
              styles={DESCRIPTION_STYLES}
              required
              autosize
              minRows={2}
              error={fieldError(errors.description?.message)}
              {...form.register('description')}
            />
            <Group>
              <Button type="submit" loading={previewing.isPending}>
                {t('distributions.review')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
      {preview ? <DistributionPreview preview={preview.figures} isPending={declaring.isPending} onConfirm={onConfirm} onEdit={() => setPreview(undefined)} /> : null}
    </Paper>
  );
}
