import { Alert, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { contractPaymentReference, formatDate, formatMoney, type TSchedule } from '@kc/domain';
import '../i18n.ts';
import { InlineLoadError, InlineLoader, QueryContent } from '../../../components/ui/query-content.tsx';
import { StatusBadge, type TStatusTone } from '../../../components/ui/status-badge.tsx';
import { useSchedule } from '../api/get-schedule.ts';

const TONES: Record<TSchedule['items'][number]['status'], TStatusTone> = { PAID: 'green', DUE: 'blue', OVERDUE: 'red' };

/** A contract's payment schedule: each item's date, amount and state (paid, due, overdue), with the sums. */
export function ContractSchedule({ contractId }: { contractId: string }) {
  const { t } = useTranslation('ledgerScreens');
  const headingId = useId();
  const schedule = useSchedule(contractId);
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        {t('schedule.heading')}
      </Title>
      <QueryContent
        query={schedule}
        loading={<InlineLoader label={t('schedule.loading')} />}
        error={(retry) => <InlineLoadError message={t('schedule.error')} retryLabel={t('history.retry')} onRetry={retry} />}
        isEmpty={(data) => data.items.length === 0}
        empty={<Text mt="xs">{t('schedule.empty')}</Text>}
      >
        {(data) => (
          <>
            {/* Issue 15: overdue items stand out, and the reference a transfer must carry to be matched. */}
            <OverdueNotice schedule={data} />
            <Text mt="xs" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('schedule.paymentReference', { reference: contractPaymentReference(contractId) })}
            </Text>
            <Text mt="xs" size="sm">
              {t('schedule.summary', {
                paidIn: formatMoney(data.paidIn),
                dueToDate: formatMoney(data.dueToDate),
                overdue: formatMoney(data.overdue),
              })}
            </Text>
            {/* A scrolling region is focusable, so a keyboard can scroll it (axe: scrollable-region-focusable). */}
            <div role="region" aria-label={t('schedule.tableLabel')} tabIndex={0} style={{ overflow: 'auto', maxHeight: 320, marginTop: 'var(--mantine-spacing-xs)' }}>
              <Table striped stickyHeader miw={300}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('schedule.dueDate')}</Table.Th>
                    <Table.Th scope="col">{t('schedule.amount')}</Table.Th>
                    <Table.Th scope="col">{t('schedule.state')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((item) => (
                    <Table.Tr key={item.number}>
                      <Table.Td>
                        {formatDate(item.dueDate)}
                        {item.kind === 'INITIAL' ? ` · ${t('schedule.initial')}` : ''}
                      </Table.Td>
                      <Table.Td>{formatMoney(item.amount)}</Table.Td>
                      <Table.Td>
                        <StatusBadge tone={TONES[item.status]}>{t(`schedule.status.${item.status}`)}</StatusBadge>
                        {item.status !== 'PAID' && item.paid !== '0.00' ? (
                          <Text span size="xs" ml={6}>
                            {t('schedule.partly', { paid: formatMoney(item.paid) })}
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          </>
        )}
      </QueryContent>
    </section>
  );
}

/** The overdue items in one line above the table (count, amount, oldest date), when there are any. */
function OverdueNotice({ schedule }: { schedule: TSchedule }) {
  const { t } = useTranslation('ledgerScreens');
  const overdue = schedule.items.filter((i) => i.status === 'OVERDUE');
  if (overdue.length === 0) return null;
  return (
    <Alert color="red" variant="light" role="note" mt="xs">
      <Text fw={700} size="sm">
        {t('schedule.overdueTitle', { count: overdue.length })}
      </Text>
      <Text size="sm">{t('schedule.overdueText', { amount: formatMoney(schedule.overdue), date: formatDate(overdue[0]!.dueDate) })}</Text>
    </Alert>
  );
}
