import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TYPES, ZJobOfferInput, type TJobOfferInput, type TJobOfferManaged } from '@kc/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { translateFieldMessage as fieldMessage } from '../../../lib/translate-field-message.ts';
import { useSaveOffer } from '../api/manage-queries.ts';
import { ACCESSIBLE_ERROR_COLOR } from './application-form.tsx';
import { CityTypeahead } from './city-typeahead.tsx';

interface TValues {
  title: string;
  companyName: string;
  cityId: string;
  contractType: string;
  salaryMin: string;
  salaryMax: string;
  description: string;
  conditions: string;
  language: string;
  closesOn: string;
}

const FIELDS: readonly string[] = ['title', 'companyName', 'cityId', 'contractType', 'salaryMin', 'salaryMax', 'description', 'conditions', 'language', 'closesOn'];

function initialValues(offer: TJobOfferManaged | undefined): TValues {
  return {
    title: offer?.title ?? '',
    companyName: offer?.companyName ?? 'KC Digital Assets',
    cityId: offer?.cityId ?? '',
    contractType: offer?.contractType ?? 'PERMANENT',
    salaryMin: offer?.salaryMin ?? '',
    salaryMax: offer?.salaryMax ?? '',
    description: offer?.description ?? '',
    conditions: offer?.conditions ?? '',
    language: offer?.language ?? 'es',
    closesOn: offer?.closesOn ?? '',
  };
}

/** Create or edit an offer (saved as it is: a new one is a draft until published). */
export function OfferForm({ offer, onDone }: { offer?: TJobOfferManaged | undefined; onDone: (saved: TJobOfferManaged) => void }) {
  const { t } = useTranslation('jobsScreens');
  const { t: tv } = useTranslation('validation');
  const save = useSaveOffer();
  const [cityName, setCityName] = useState(offer?.cityName ?? '');
  const resolver = zodResolver(ZJobOfferInput) as unknown as Resolver<TValues, unknown, TJobOfferInput>;
  const form = useForm<TValues, unknown, TJobOfferInput>({
    resolver: (values, context, options) => resolver({ ...values, closesOn: values.closesOn.trim() || null } as unknown as TValues, context, options),
    defaultValues: initialValues(offer),
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const error = (name: FieldPath<TValues>) => fieldMessage(tv, errors[name]?.message);
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(
      { offerId: offer?.id, body },
      {
        onSuccess: onDone,
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 400) {
            for (const { field, message } of failure.extracted.fields) {
              if (FIELDS.includes(field)) form.setError(field as FieldPath<TValues>, { type: 'server', message });
            }
          }
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} style={ACCESSIBLE_ERROR_COLOR}>
      <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          {save.isError ? (
            <Alert color="red" variant="light" role="alert">
              <Text>{t('admin.form.error')}</Text>
            </Alert>
          ) : null}
          <TextInput label={t('admin.form.title')} required error={error('title')} {...form.register('title')} />
          <TextInput label={t('admin.form.companyName')} required error={error('companyName')} {...form.register('companyName')} />
          <Controller
            control={form.control}
            name="cityId"
            render={({ field }) => (
              <CityTypeahead
                label={t('admin.form.city')}
                withAll={false}
                required
                value={field.value}
                valueName={cityName}
                error={error('cityId')}
                onChange={(id, name) => {
                  setCityName(name);
                  field.onChange(id);
                }}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect
              label={t('admin.form.contractType')}
              required
              data={CONTRACT_TYPES.map((type) => ({ value: type, label: t(`contractTypes.${type}`) }))}
              error={error('contractType')}
              {...form.register('contractType')}
            />
            <NativeSelect
              label={t('admin.form.language')}
              required
              data={[
                { value: 'es', label: t('admin.form.languages.es') },
                { value: 'en', label: t('admin.form.languages.en') },
              ]}
              error={error('language')}
              {...form.register('language')}
            />
            <TextInput label={t('admin.form.salaryMin')} required inputMode="decimal" error={error('salaryMin')} {...form.register('salaryMin')} />
            <TextInput label={t('admin.form.salaryMax')} required inputMode="decimal" error={error('salaryMax')} {...form.register('salaryMax')} />
          </SimpleGrid>
          <Textarea label={t('admin.form.description')} required autosize minRows={4} maxRows={12} error={error('description')} {...form.register('description')} />
          <Textarea label={t('admin.form.conditions')} autosize minRows={2} maxRows={8} error={error('conditions')} {...form.register('conditions')} />
          <TextInput label={t('admin.form.closesOn')} placeholder="2027-01-31" error={error('closesOn')} {...form.register('closesOn')} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('admin.form.save')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
