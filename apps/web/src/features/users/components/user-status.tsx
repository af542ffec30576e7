import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '../i18n.ts';
import type { TUser } from '@kc/domain';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';

/** A user's state pills: deleted, or active / deactivated, and a temporary password. */
export function UserStatus({ user }: { user: Pick<TUser, 'isDeleted' | 'isActive' | 'isTemporalPassword'> }) {
  const { t } = useTranslation('users');
  return (
    <Group gap={4} wrap="wrap">
      {user.isDeleted ? (
        <StatusBadge tone="red">{t('status.deleted')}</StatusBadge>
      ) : user.isActive ? (
        <StatusBadge tone="green">{t('status.active')}</StatusBadge>
      ) : (
        <StatusBadge tone="gray">{t('status.inactive')}</StatusBadge>
      )}
      {user.isTemporalPassword ? <StatusBadge tone="orange">{t('status.temporary')}</StatusBadge> : null}
    </Group>
  );
}

/** The roles in words, in the page's language. */
export function useRoleLabels() {
  const { t } = useTranslation('users');
  return (roles: readonly string[]) => (roles.length ? roles.map((r) => t(`roles.${r}`, { defaultValue: r })).join(', ') : t('none'));
}
