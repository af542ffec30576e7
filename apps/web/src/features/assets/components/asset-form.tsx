import { Alert, Button, Group, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, type CSSProperties } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZAssetInput, type TAsset, type TAssetInput, type TAssetKind } from '@kc/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { decimalCommaResolver } from '../../../lib/decimal-input.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useSaveAsset } from '../api/save-asset.ts';
import { DESCRIPTION_STYLES, useFieldError } from './asset-form-helpers.ts';
import { HomeFields, PlantationFields } from './asset-kind-fields.tsx';
import { AssetPhotoFields } from './asset-photo-fields.tsx';

/** The modal is outside the page's container: the error colour is set again, at AA contrast (red 9). */
const ACCESSIBLE_ERROR_COLOR = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

/** The decimal fields: a decimal comma is accepted and sent as the API's dot form. */
const DECIMAL_FIELDS = ['acquisitionPrice', 'valuation', 'builtArea', 'monthlyRent', 'hectares', 'expectedTimberVolume'] as const;

/** The form's values for an asset (or a new one of a kind): the API's fields, blanks as ''. */
export function toFormValues(kind: TAssetKind, asset?: TAsset): TAssetInput {
  const text = (v: string | null | undefined) => v ?? '';
  return {
    kind,
    title: text(asset?.title),
    description: text(asset?.description),
    city: text(asset?.city),
    province: text(asset?.province),
    country: asset?.country ?? 'España',
    acquisitionDate: text(asset?.acquisitionDate),
    acquisitionPrice: text(asset?.acquisitionPrice),
    valuation: text(asset?.valuation),
    valuationDate: text(asset?.valuationDate),
    photos: asset?.photos ?? [],
    address: text(asset?.address),
    builtArea: text(asset?.builtArea),
    rooms: asset?.rooms ?? null,
    bathrooms: asset?.bathrooms ?? null,
    monthlyRent: text(asset?.monthlyRent),
    occupancy: text(asset?.occupancy),
    energyRating: text(asset?.energyRating),
    location: text(asset?.location),
    hectares: text(asset?.hectares),
    treesPlanted: asset?.treesPlanted ?? null,
    plantingDate: text(asset?.plantingDate),
    expectedHarvestYear: asset?.expectedHarvestYear ?? null,
    expectedTimberVolume: text(asset?.expectedTimberVolume),
    certification: text(asset?.certification),
  };
}

/** Create or edit a home or a plantation (react-hook-form + the API's own zod schema); server field errors land on their fields. */
export function AssetForm({
  kind,
  asset,
  onSaved,
  onCancel,
  onDirtyChange,
}: {
  kind: TAssetKind;
  asset?: TAsset;
  onSaved: (asset: TAsset) => void;
  onCancel: () => void;
  /** Told whether anything differs from what was loaded (the editor asks before throwing it away). */
  onDirtyChange?: (isDirty: boolean) => void;
}) {
  const { t } = useTranslation('assetsScreens');
  const commonId = useId();
  const save = useSaveAsset();
  const form = useForm<TAssetInput>({ resolver: decimalCommaResolver(zodResolver(ZAssetInput), DECIMAL_FIELDS), defaultValues: toFormValues(kind, asset), mode: 'onTouched' });
  const error = useFieldError(form);
  const { isDirty } = form.formState;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  const onSubmit = form.handleSubmit((values) => {
    save.mutate(
      { ...(asset ? { id: asset.id } : {}), body: values },
      {
        onSuccess: onSaved,
        onError: (failure) => {
          if (!(failure instanceof ApiError)) return;
          for (const { field, message } of failure.extracted.fields) form.setError(field as FieldPath<TAssetInput>, { type: 'server', message });
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={onSubmit} style={ACCESSIBLE_ERROR_COLOR} aria-label={asset ? t('form.editTitle', { title: asset.title }) : t(kind === 'HOME' ? 'form.createHome' : 'form.createPlantation')}>
      {save.isError ? (
        <Alert color="red" variant="light" role="alert" mb="sm">
          {problemMessage(save.error, t('form.failed'))}
        </Alert>
      ) : null}
      <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          <section aria-labelledby={commonId}>
            <Title order={3} size="h4" id={commonId}>
              {t('form.commonHeading')}
            </Title>
            <Stack gap="sm" mt="xs">
              <TextInput label={t('fields.title')} required error={error('title')} {...form.register('title')} />
              <Textarea label={t('fields.description')} required autosize minRows={3} error={error('description')} {...form.register('description')} />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label={t('fields.city')} required error={error('city')} {...form.register('city')} />
                <TextInput label={t('fields.province')} required error={error('province')} {...form.register('province')} />
                <TextInput label={t('fields.country')} required error={error('country')} {...form.register('country')} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('fields.acquisitionDate')} type="date" required error={error('acquisitionDate')} {...form.register('acquisitionDate')} />
                <TextInput
                  label={t('fields.acquisitionPrice')}
                  description={t('form.moneyHint')}
                  styles={DESCRIPTION_STYLES}
                  inputMode="decimal"
                  required
                  error={error('acquisitionPrice')}
                  {...form.register('acquisitionPrice')}
                />
                <TextInput label={t('fields.valuation')} inputMode="decimal" required error={error('valuation')} {...form.register('valuation')} />
                <TextInput label={t('fields.valuationDate')} type="date" required error={error('valuationDate')} {...form.register('valuationDate')} />
              </SimpleGrid>
            </Stack>
          </section>
          {kind === 'HOME' ? <HomeFields form={form} /> : <PlantationFields form={form} />}
          <AssetPhotoFields form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
