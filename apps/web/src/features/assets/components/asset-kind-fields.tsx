import { NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ENERGY_RATINGS, OCCUPANCIES } from '@kc/domain';
import { useFieldError, type TAssetForm } from './asset-form-helpers.ts';

/** A whole number from a text box: '' is no value (the schema says what is missing), anything else a number to check. */
const toInt = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** The fields of a home. */
export function HomeFields({ form }: { form: TAssetForm }) {
  const { t } = useTranslation('assetsScreens');
  const error = useFieldError(form);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        {t('form.homeHeading')}
      </Title>
      <Stack gap="sm" mt="xs">
        <TextInput label={t('fields.address')} required error={error('address')} {...form.register('address')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t('fields.builtArea')} inputMode="decimal" required error={error('builtArea')} {...form.register('builtArea')} />
          <TextInput label={t('fields.rooms')} inputMode="numeric" required error={error('rooms')} {...form.register('rooms', { setValueAs: toInt })} />
          <TextInput label={t('fields.bathrooms')} inputMode="numeric" required error={error('bathrooms')} {...form.register('bathrooms', { setValueAs: toInt })} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect
            label={t('fields.occupancy')}
            required
            data={[{ value: '', label: t('form.choose') }, ...OCCUPANCIES.map((o) => ({ value: o, label: t(`occupancy.${o}`) }))]}
            error={error('occupancy')}
            {...form.register('occupancy')}
          />
          <TextInput label={t('fields.monthlyRent')} inputMode="decimal" required error={error('monthlyRent')} {...form.register('monthlyRent')} />
          <NativeSelect
            label={t('fields.energyRating')}
            required
            data={[{ value: '', label: t('form.choose') }, ...ENERGY_RATINGS.map((r) => ({ value: r, label: r }))]}
            error={error('energyRating')}
            {...form.register('energyRating')}
          />
        </SimpleGrid>
      </Stack>
    </section>
  );
}

/** The fields of a paulownia plantation. */
export function PlantationFields({ form }: { form: TAssetForm }) {
  const { t } = useTranslation('assetsScreens');
  const error = useFieldError(form);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        {t('form.plantationHeading')}
      </Title>
      <Stack gap="sm" mt="xs">
        <TextInput label={t('fields.location')} required error={error('location')} {...form.register('location')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t('fields.hectares')} inputMode="decimal" required error={error('hectares')} {...form.register('hectares')} />
          <TextInput label={t('fields.treesPlanted')} inputMode="numeric" required error={error('treesPlanted')} {...form.register('treesPlanted', { setValueAs: toInt })} />
          <TextInput label={t('fields.plantingDate')} type="date" required error={error('plantingDate')} {...form.register('plantingDate')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('fields.expectedHarvestYear')}
            inputMode="numeric"
            required
            error={error('expectedHarvestYear')}
            {...form.register('expectedHarvestYear', { setValueAs: toInt })}
          />
          <TextInput label={t('fields.expectedTimberVolume')} inputMode="decimal" required error={error('expectedTimberVolume')} {...form.register('expectedTimberVolume')} />
          <TextInput label={t('fields.certification')} error={error('certification')} {...form.register('certification')} />
        </SimpleGrid>
      </Stack>
    </section>
  );
}
