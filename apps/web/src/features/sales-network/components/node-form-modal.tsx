import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ZGroupRequest, ZTeamRequest, paths, type TGroupRequest, type TTeamRequest } from '@kc/domain';
import '../i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useCities } from '../../../lib/api/get-cities.ts';
import { useCountries } from '../../../lib/api/get-countries.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { translateFieldMessage } from '../../../lib/translate-field-message.ts';
import { useUsers } from '../../users/api/get-users.ts';
import { useGroups } from '../api/get-groups.ts';
import { useSaveGroup } from '../api/save-group.ts';
import { useSaveTeam } from '../api/save-team.ts';

export interface TNodeFormValues {
  title: string;
  startSince: string;
  countryId: string;
  cityId: string;
  phone: string;
  email: string;
  managerId: string;
  groupId: string;
}

const FIELDS: readonly FieldPath<TNodeFormValues>[] = ['title', 'startSince', 'countryId', 'cityId', 'phone', 'email', 'managerId', 'groupId'];
const today = () => new Date().toISOString().slice(0, 10);
const EMPTY = (): TNodeFormValues => ({ title: '', startSince: today(), countryId: 'ES', cityId: '', phone: '', email: '', managerId: '', groupId: '' });

interface TProps {
  kind: 'group' | 'team';
  opened: boolean;
  onClose: () => void;
  /** Editing: the node's id and current values. */
  id?: string;
  initial?: Partial<TNodeFormValues>;
}

/** Create or edit a group or a team; the server's field errors land on their fields. */
export function NodeFormModal(props: TProps) {
  const { t } = useTranslation('sales');
  const title = t(props.id ? `form.edit.${props.kind}` : `form.new.${props.kind}`);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('close') }}>
      {props.opened ? <NodeForm {...props} title={title} /> : null}
    </Modal>
  );
}

function NodeForm(props: TProps & { title: string }) {
  const { t } = useTranslation('sales');
  const navigate = useNavigate();
  const saveGroup = useSaveGroup();
  const saveTeam = useSaveTeam();
  const save = props.kind === 'group' ? saveGroup : saveTeam;
  const schema = props.kind === 'group' ? ZGroupRequest : ZTeamRequest;
  const form = useForm<TNodeFormValues, unknown, TGroupRequest | TTeamRequest>({
    resolver: zodResolver(schema) as unknown as Resolver<TNodeFormValues, unknown, TGroupRequest | TTeamRequest>,
    defaultValues: { ...EMPTY(), ...props.initial },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const countryId = form.watch('countryId');
  const countries = useCountries(currentLanguage());
  const cities = useCities(countryId);
  const managers = useUsers(new URLSearchParams({ role: props.kind === 'group' ? 'GROUP_MANAGER' : 'TEAM_MANAGER', active: 'true', deleted: 'false', size: '100', sort: 'lastName,asc' }).toString());
  const groups = useGroups(props.kind === 'team' ? 'state=OPERATIVE&size=100' : '');
  const fieldError = (message: string | undefined) => translateFieldMessage(t, message);

  const onSubmit = form.handleSubmit((values) => {
    const onError = (error: Error) => {
      if (!(error instanceof ApiError)) return;
      for (const { field, message } of error.extracted.fields) {
        if ((FIELDS as readonly string[]).includes(field)) form.setError(field as FieldPath<TNodeFormValues>, { type: 'server', message });
      }
    };
    const onSuccess = (saved: { id: string }) => {
      props.onClose();
      if (!props.id) void navigate(props.kind === 'group' ? paths.salesGroup.href(saved.id) : paths.salesTeam.href(saved.id));
    };
    if (props.kind === 'group') saveGroup.mutate({ ...(props.id ? { id: props.id } : {}), body: values }, { onSuccess, onError });
    else saveTeam.mutate({ ...(props.id ? { id: props.id } : {}), body: values as TTeamRequest }, { onSuccess, onError });
  });

  const personOptions = (managers.data?.content ?? []).map((u) => ({ value: u.id, label: `${u.firstName} ${u.lastName} (${u.email})` }));
  return (
    <>
      {save.isError ? (
        <Alert color="red" variant="light" role="alert" mb="sm">
          {save.error instanceof ApiError ? save.error.extracted.message : t('actionFailed')}
        </Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-label={props.title}>
        <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="sm">
            <TextInput label={t('fields.title')} required error={fieldError(errors.title?.message)} {...form.register('title')} />
            {props.kind === 'team' ? (
              <Controller
                control={form.control}
                name="groupId"
                render={({ field }) => (
                  <Select
                    label={t('fields.group')}
                    required
                    data={(groups.data?.content ?? []).map((g) => ({ value: g.id, label: g.title }))}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    error={fieldError(errors.groupId?.message)}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              />
            ) : null}
            <Controller
              control={form.control}
              name="managerId"
              render={({ field }) => (
                <Select
                  label={t(props.kind === 'group' ? 'fields.groupManager' : 'fields.teamManager')}
                  clearable
                  searchable
                  nothingFoundMessage={t('form.nothingFound')}
                  data={personOptions}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={fieldError(errors.managerId?.message)}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            <TextInput label={t('fields.startSince')} type="date" required error={fieldError(errors.startSince?.message)} {...form.register('startSince')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={form.control}
                name="countryId"
                render={({ field }) => (
                  <Select
                    label={t('fields.country')}
                    searchable
                    clearable
                    limit={100}
                    nothingFoundMessage={t('form.nothingFound')}
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
                    nothingFoundMessage={t('form.nothingFound')}
                    data={countryId ? (cities.data ?? []).map((c) => ({ value: c.id, label: c.name })) : []}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    error={fieldError(errors.cityId?.message)}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              />
              <TextInput label={t('fields.phone')} type="tel" error={fieldError(errors.phone?.message)} {...form.register('phone')} />
              <TextInput label={t('fields.email')} type="email" error={fieldError(errors.email?.message)} {...form.register('email')} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onClose}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('form.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </>
  );
}
