import { useTranslation } from 'react-i18next';
import type { TLead } from '@kc/domain';
import { StatusBadge, type TStatusTone } from '../../../components/ui/status-badge.tsx';

const TONES: Record<TLead['state'], TStatusTone> = { RESERVED: 'blue', EXTENDED: 'green', EXPIRED: 'gray', CONVERTED: 'green', DISCARDED: 'red' };

/** A lead's state, and "ends soon" for a live one in its last 15 days. */
export function LeadStateBadge({ lead }: { lead: TLead }) {
  const { t } = useTranslation('leads');
  return (
    <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
      <StatusBadge tone={TONES[lead.state]}>{t(`states.${lead.state}`)}</StatusBadge>
      {lead.expiringSoon ? <StatusBadge tone="orange">{t('expiringSoon')}</StatusBadge> : null}
    </span>
  );
}
