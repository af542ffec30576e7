import { Alert, Button, Checkbox, Group, Modal, NativeSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import '../i18n.ts';
import { ZCreateUserRequest, grantableRoles, type TCreateUserRequest, type TRole } from '@kc/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { useCities } from '../../../lib/api/get-cities.ts';
import { useCountries } from '../../../lib/api/get-countries.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { translateFieldMessage } from '../../../lib/translate-field-message.ts';
import { useCreateUser } from '../api/create-user.ts';

interface TCreateUserForm {
  email: string;
  firstName: string;
  lastName: string;
  roles: TRole[];
  language: 'es' | 'en';
  phone: string;
  dni: string;
  countryId: string;
  cityId: string;
  postalCode: string;
}

const FIELDS: readonly FieldPath<TCreateUserForm>[] = ['email', 'firstName', 'lastName', 'roles', 'language', 'phone', 'dni', 'countryId', 'cityId', 'postalCode'];
const EMPTY: TCreateUserForm = { email: '', firstName: '', lastName: '', roles: [], language: 'es', phone: '', dni: '', countryId: '', cityId: '', postalCode: '' };

/**
 * "Nuevo usuario": e-mail, names, the roles the caller may grant (the matrix's grantableRoles),
 * the language of the mails, and optional phone, DNI, country, city and postcode. The server's
 * field errors land on their fields.
 */
export function CreateUserModal(props: TCreateUserProps & { opened: boolean }) {
  const { t } = useTranslation('users');
  // The form (and its look-ups) exists only while the dialog is open.
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('create.title')} size="lg" closeButtonProps={{ 'aria-label': t('close') }}>
      <CreateUserForm {...props} />
    </Modal>
  );
}

interface TCreateUserProps {
  actorRoles: readonly string[];
  onClose: () => void;
  onCreated: (user: { id: string; email: string }) => void;
}

function CreateUserForm(props: TCreateUserProps) {
  const { t } = useTranslation('users');
  const create = useCreateUser();
  const form = useForm<TCreateUserForm, unknown, TCreateUserRequest>({
    resolver: zodResolver(ZCreateUserRequest) as unknown as Resolver<TCreateUserForm, unknown, TCreateUserRequest>,
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const countryId = form.watch('countryId');
  const countries = useCountries(currentLanguage());
  const cities = useCities(countryId);
  const offered = grantableRoles(props.actorRoles);
  const fieldError = (message: string | undefined) => translateFieldMessage(t, message);

  const close = () => {
    form.reset(EMPTY);
    create.reset();
    props.onClose();
  };
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (user) => {
        form.reset(EMPTY);
        create.reset();
        props.onCreated({ id: user.id, email: user.email });
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        for (const { field, message } of error.extracted.fields) {
          if ((FIELDS as readonly string[]).includes(field)) form.setError(field as FieldPath<TCreateUserForm>, { type: 'server', message });
        }
      },
    }),
  );

  return (
    <>
      <Text size="sm">{t('create.intro')}</Text>
      {create.isError ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {create.error instanceof ApiError ? create.error.extracted.message : t('actions.failed')}
        </Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-label={t('create.title')}>
        <fieldset disabled={create.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack mt="sm" gap="sm">
            <TextInput label={t('fields.email')} type="email" required autoComplete="off" error={fieldError(errors.email?.message)} {...form.register('email')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('fields.firstName')} required error={fieldError(errors.firstName?.message)} {...form.register('firstName')} />
              <TextInput label={t('fields.lastName')} required error={fieldError(errors.lastName?.message)} {...form.register('lastName')} />
            </SimpleGrid>
            <Controller
              control={form.control}
              name="roles"
              render={({ field }) => (
                <Checkbox.Group
                  label={t('fields.roles')}
                  description={t('create.rolesHint')}
                  styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
                  required
                  value={field.value}
                  onChange={(value) => field.onChange(value as TRole[])}
                  error={fieldError(errors.roles?.message)}
                >
                  <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                    {offered.map((role) => (
                      <Checkbox key={role} value={role} label={t(`roles.${role}`)} />
                    ))}
                  </SimpleGrid>
                </Checkbox.Group>
              )}
            />
            <NativeSelect
              label={t('fields.language')}
              data={[
                { value: 'es', label: t('languages.es') },
                { value: 'en', label: t('languages.en') },
              ]}
              error={fieldError(errors.language?.message)}
              {...form.register('language')}
            />
            <Text fw={600} size="sm">
              {t('create.optional')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('fields.phone')} type="tel" error={fieldError(errors.phone?.message)} {...form.register('phone')} />
              <TextInput label={t('fields.dni')} error={fieldError(errors.dni?.message)} {...form.register('dni')} />
              <Controller
                control={form.control}
                name="countryId"
                render={({ field }) => (
                  <Select
                    label={t('fields.country')}
                    searchable
                    clearable
                    limit={100}
                    nothingFoundMessage={t('create.nothingFound')}
                    placeholder={t('create.countryPlaceholder')}
                    data={(countries.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                    value={field.value || null}
                    onChange={(value) => {
                      field.onChange(value ?? '');
                      form.setValue('cityId', '');
                    }}
                    onBlur={field.onBlur}
                    error={fieldError(errors.countryId?.message)}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="cityId"
                render={({ field }) => (
                  <Select
                    label={t('fields.city')}
                    searchable
                    clearable
                    limit={100}
                    disabled={!countryId}
                    nothingFoundMessage={t('create.nothingFound')}
                    placeholder={countryId ? t('create.cityPlaceholder') : t('create.chooseCountryFirst')}
                    data={countryId ? (cities.data ?? []).map((c) => ({ value: c.id, label: c.name })) : []}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    error={fieldError(errors.cityId?.message)}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              />
              <TextInput label={t('fields.postalCode')} error={fieldError(errors.postalCode?.message)} {...form.register('postalCode')} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('create.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {create.isPending ? t('create.submitting') : t('create.submit')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </>
  );
}
