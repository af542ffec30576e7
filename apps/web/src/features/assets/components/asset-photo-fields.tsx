import { Button, FileInput, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_IMAGE_BYTES, MAX_PHOTOS } from '@kc/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useUploadImage } from '../api/upload-image.ts';
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
          <Paper key={field.id} withBorder p="sm" radius="md" component="fieldset" style={{ minWidth: 0 }}>
            <legend style={{ fontWeight: 600, padding: '0 4px' }}>{t('form.photoLegend', { number: index + 1 })}</legend>
            <Stack gap="xs">
              <PhotoUpload form={form} index={index} />
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
          </Paper>
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

/** Uploads a JPEG, PNG or WebP (at most 2 MB) and puts its address in the photo's field. */
function PhotoUpload({ form, index }: { form: TAssetForm; index: number }) {
  const { t } = useTranslation('assetsScreens');
  const upload = useUploadImage();
  const [problem, setProblem] = useState<string | undefined>();
  const onFile = (file: File | null) => {
    setProblem(undefined);
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      setProblem(t('form.imageTooLarge'));
      return;
    }
    upload.mutate(file, {
      onSuccess: (image) => form.setValue(`photos.${index}.url`, image.url, { shouldValidate: true, shouldDirty: true }),
      onError: (failure) => setProblem((failure instanceof ApiError ? failure.extracted.fields[0]?.message : undefined) ?? problemMessage(failure, t('form.uploadFailed'))),
    });
  };
  return (
    <FileInput
      label={t('form.upload')}
      description={t('form.uploadHint')}
      styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
      accept="image/jpeg,image/png,image/webp"
      onChange={onFile}
      disabled={upload.isPending}
      error={problem}
      placeholder={upload.isPending ? t('form.uploading') : t('form.chooseFile')}
    />
  );
}
