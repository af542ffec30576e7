import { Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_PHOTOS } from '@kc/domain';
import { useFieldError, type TAssetForm } from './asset-form-helpers.ts';

/** The photos: each an image path with its alt text in Spanish and English and a caption; add and remove. */
export function AssetPhotoFields({ form }: { form: TAssetForm }) {
  const { t } = useTranslation('assetsScreens');
  const error = useFieldError(form);
  const headingId = useId();
  const photos = useFieldArray({ control: form.control, name: 'photos' });
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        {t('form.photosHeading')}
      </Title>
      <Text size="sm" mt={4} c="gray.7">
        {t('form.photosHint')}
      </Text>
      {error('photos') ? (
        <Text size="sm" c="red.9" role="alert" mt={4}>
          {error('photos')}
        </Text>
      ) : null}
      <Stack gap="sm" mt="xs">
        {photos.fields.map((field, index) => (
          <Fieldset key={field.id} legend={t('form.photoLegend', { number: index + 1 })}>
            <Stack gap="xs">
              <TextInput label={t('fields.photoUrl')} required error={error(`photos.${index}.url`)} {...form.register(`photos.${index}.url`)} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('fields.altEs')} required error={error(`photos.${index}.altEs`)} {...form.register(`photos.${index}.altEs`)} />
                <TextInput label={t('fields.altEn')} required error={error(`photos.${index}.altEn`)} {...form.register(`photos.${index}.altEn`)} />
              </SimpleGrid>
              <TextInput label={t('fields.caption')} error={error(`photos.${index}.caption`)} {...form.register(`photos.${index}.caption`)} />
              <Group>
                <Button variant="outline" color="red.9" size="xs" onClick={() => photos.remove(index)}>
                  {t('form.removePhoto', { number: index + 1 })}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        ))}
        {photos.fields.length < MAX_PHOTOS ? (
          <Group>
            <Button variant="light" onClick={() => photos.append({ url: '', altEs: '', altEn: '', caption: '' })}>
              {t('form.addPhoto')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </section>
  );
}
