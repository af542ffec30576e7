import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TContractCounts } from '@kc/domain';
import '../i18n.ts';
import { StatusBadge, type TStatusTone } from '../../../components/ui/status-badge.tsx';

export const STATE_TONES: Record<string, TStatusTone> = { NEW: 'blue', ACTIVE: 'green', STANDBY: 'orange', ARCHIVED: 'gray', DELETED: 'red' };
const SHOWN = ['NEW', 'ACTIVE', 'STANDBY', 'ARCHIVED', 'DELETED'] as const;

/** A client's contracts per state as pills ('Activo: 2'); states with none are left out, the total always shown. */
export function StateCounts({ counts }: { counts: TContractCounts }) {
  const { t } = useTranslation('advisor');
  return (
    <Group gap={6} wrap="wrap" aria-label={t('clients.countsLabel')} role="group">
      <StatusBadge tone="gray">{`${t('states.ALL')}: ${counts.ALL}`}</StatusBadge>
      {SHOWN.filter((s) => counts[s] > 0).map((s) => (
        <StatusBadge key={s} tone={STATE_TONES[s] ?? 'gray'}>{`${t(`states.${s}`)}: ${counts[s]}`}</StatusBadge>
      ))}
    </Group>
  );
}
