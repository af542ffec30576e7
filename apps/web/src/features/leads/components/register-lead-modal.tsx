import { Alert, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LEAD_NOTE_MAX_LENGTH, ZCreateLeadRequest, type TCreateLeadRequest, type TLead } from '@kc/domain';
import '../i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { translateFieldMessage } from '../../../lib/translate-field-message.ts';
import { useCreateLead } from '../api/lead-mutations.ts';
import { useZones } from '../api/get-zones.ts';

interface TLeadForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  zoneId: string;
  note: string;
}
const FIELDS: readonly FieldPath<TLeadForm>[] = ['firstName', 'lastName', 'email', 'phone', 'zoneId', 'note'];
const EMPTY: TLeadForm = { firstName: '', lastName: '', email: '', phone: '', zoneId: '', note: '' };

/** "Registrar contacto": names, e-mail, phone, zone and a note; the server's field errors land on their fields. */
export function RegisterLeadModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (lead: TLead) => void }) {
  const { t } = useTranslation('leads');
  return (
    <Modal opened={opened} onClose={onClose} title={t('register.title')} size="lg" closeButtonProps={{ 'aria-label': t('close') }}>
      <RegisterLeadForm onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}

function RegisterLeadForm({ onClose, onCreated }: { onClose: () => void; onCreated: (lead: TLead) => void }) {
  const { t } = useTranslation('leads');
  const create = useCreateLead();
  const zones = useZones();
  const form = useForm<TLeadForm, unknown, TCreateLeadRequest>({
    resolver: zodResolver(ZCreateLeadRequest) as unknown as Resolver<TLeadForm, unknown, TCreateLeadRequest>,
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const fieldError = (message: string | undefined) => translateFieldMessage(t, message);
  const close = () => {
    form.reset(EMPTY);
    create.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (lead) => {
        form.reset(EMPTY);
        create.reset();
        onCreated(lead);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        for (const { field, message } of error.extracted.fields) {
          // The alert above says what is wrong (e.g. until when the person is reserved); the field is marked too.
          if ((FIELDS as readonly string[]).includes(field)) form.setError(field as FieldPath<TLeadForm>, { type: 'server', message });
        }
      },
    }),
  );
  return (
    <>
      <Text size="sm">{t('register.intro')}</Text>
      {create.isError ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {create.error instanceof ApiError ? create.error.extracted.message : t('failed')}
        </Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-label={t('register.title')}>
        <fieldset disabled={create.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack mt="sm" gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('fields.firstName')} required autoComplete="off" error={fieldError(errors.firstName?.message)} {...form.register('firstName')} />
              <TextInput label={t('fields.lastName')} required autoComplete="off" error={fieldError(errors.lastName?.message)} {...form.register('lastName')} />
            </SimpleGrid>
            <TextInput label={t('fields.email')} type="email" required autoComplete="off" error={fieldError(errors.email?.message)} {...form.register('email')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('fields.phone')} type="tel" autoComplete="off" error={fieldError(errors.phone?.message)} {...form.register('phone')} />
              <NativeSelect
                label={t('fields.zone')}
                data={[{ value: '', label: zones.isError ? t('register.zonesFailed') : t('register.noZone') }, ...(zones.data?.zones ?? []).map((z) => ({ value: z.id, label: z.title }))]}
                error={fieldError(errors.zoneId?.message)}
                {...form.register('zoneId')}
              />
            </SimpleGrid>
            <Textarea
              label={t('fields.note')}
              autosize
              minRows={2}
              maxLength={LEAD_NOTE_MAX_LENGTH}
              error={fieldError(errors.note?.message)}
              {...form.register('note')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('register.submit')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </>
  );
}
