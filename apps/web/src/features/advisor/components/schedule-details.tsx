import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractSchedule } from '../../ledger/components/contract-schedule.tsx';

/** Contract states that take payments: their schedule is worth opening (issue 15). */
export const PAYABLE = new Set(['NEW', 'ACTIVE', 'STANDBY']);

/** A contract's schedule on the client's page, loaded when opened (paid, due and overdue items). */
export function ScheduleDetails({ contractId }: { contractId: string }) {
  const { t } = useTranslation('ledgerScreens');
  const [open, setOpen] = useState(false);
  return (
    <details style={{ marginTop: 'var(--mantine-spacing-xs)' }} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary style={{ cursor: 'pointer', fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' }}>{t('schedule.show')}</summary>
      {open ? <ContractSchedule contractId={contractId} /> : null}
    </details>
  );
}
