import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n.ts';
import { ROLES, can, type TRole, type TUserDetail } from '@kc/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { useDeactivateUser } from '../api/deactivate-user.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useReactivateUser } from '../api/reactivate-user.ts';
import { useSendPasswordReset } from '../api/send-password-reset.ts';
import { useUpdateRoles } from '../api/update-roles.ts';

export type TUserAction = 'editRoles' | 'deactivate' | 'reactivate' | 'delete' | 'sendReset';

/** Which actions the caller's roles allow on this user (the server checks again). */
export function availableActions(actor: { id: string; roles: readonly string[] }, user: TUserDetail): TUserAction[] {
  if (actor.id === user.id || user.isDeleted) return [];
  if (user.roles.includes('ADMIN') && !can(actor.roles, 'users.manageAdmins')) return [];
  const out: TUserAction[] = [];
  if (can(actor.roles, 'users.updateRoles') && user.grantableRoles.length > 0) out.push('editRoles');
  if (user.isActive && can(actor.roles, 'users.deactivate')) out.push('deactivate');
  if (!user.isActive && can(actor.roles, 'users.reactivate')) out.push('reactivate');
  if (can(actor.roles, 'users.sendPasswordReset')) out.push('sendReset');
  if (can(actor.roles, 'users.delete')) out.push('delete');
  return out;
}

/** The action buttons, each with its confirmation dialog and a clear result (or the server's refusal). */
export function UserActions({ user, actions }: { user: TUserDetail; actions: readonly TUserAction[] }) {
  const { t } = useTranslation('users');
  const [open, setOpen] = useState<TUserAction | null>(null);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [roles, setRoles] = useState<TRole[]>([]);
  const mutations = {
    editRoles: useUpdateRoles(user.id),
    deactivate: useDeactivateUser(user.id),
    reactivate: useReactivateUser(user.id),
    delete: useDeleteUser(user.id),
    sendReset: useSendPasswordReset(user.id),
  };
  const name = `${user.firstName} ${user.lastName}`;
  const pending = open ? mutations[open].isPending : false;

  const start = (action: TUserAction) => {
    setResult(null);
    if (action === 'editRoles') setRoles(user.roles.filter((r): r is TRole => (ROLES as readonly string[]).includes(r)));
    setOpen(action);
  };
  const confirm = () => {
    if (!open) return;
    const action = open;
    const done = () => {
      setOpen(null);
      setResult({ ok: true, message: t(`actions.done.${action}`, { email: user.email }) });
    };
    const failed = (error: unknown) => {
      setOpen(null);
      setResult({ ok: false, message: error instanceof ApiError ? error.extracted.message : t('actions.failed') });
    };
    if (action === 'editRoles') mutations.editRoles.mutate(roles, { onSuccess: done, onError: failed });
    else mutations[action].mutate(undefined, { onSuccess: done, onError: failed });
  };

  return (
    <>
      {result ? (
        <Alert color={result.ok ? 'green' : 'red'} variant="light" role={result.ok ? 'status' : 'alert'} mt="sm">
          {result.message}
        </Alert>
      ) : null}
      <Group mt="sm" gap="sm">
        {actions.map((action) => (
          <Button key={action} variant={action === 'delete' || action === 'deactivate' ? 'outline' : 'default'} color={action === 'delete' ? 'red.9' : undefined} onClick={() => start(action)}>
            {t(`actions.${action}`)}
          </Button>
        ))}
      </Group>
      <Modal opened={open !== null} onClose={() => (pending ? undefined : setOpen(null))} title={open ? t(`actions.confirmTitle.${open}`, { name }) : ''} closeButtonProps={{ 'aria-label': t('close') }}>
        {open ? (
          <Stack gap="sm">
            <Text size="sm">{t(`actions.confirmText.${open}`, { email: user.email })}</Text>
            {open === 'editRoles' ? (
              <Checkbox.Group label={t('fields.roles')} value={roles} onChange={(value) => setRoles(value as TRole[])} error={roles.length === 0 ? t('actions.rolesRequired') : undefined}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                  {ROLES.filter((role) => user.grantableRoles.includes(role) || user.roles.includes(role)).map((role) => (
                    <Checkbox key={role} value={role} label={t(`roles.${role}`)} disabled={!user.grantableRoles.includes(role)} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(null)} disabled={pending}>
                {t('actions.cancel')}
              </Button>
              <Button color={open === 'delete' ? 'red.9' : undefined} onClick={confirm} loading={pending} disabled={open === 'editRoles' && roles.length === 0}>
                {t(`actions.confirm.${open}`)}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
