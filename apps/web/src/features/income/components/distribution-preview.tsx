import { Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, type TDistributionPreview } from '@kc/domain';
import '../i18n.ts';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { formatPerUnit, formatUnitCount } from '../lib/format.ts';

/**
 * The confirmation of a distribution: what it would credit (contracts, units, total, credited,
 * remainder). Confirm records it; nothing is recorded before. Focus moves here when it opens.
 */
export function DistributionPreview({ preview, onConfirm, onEdit, isPending }: { preview: TDistributionPreview; onConfirm: () => void; onEdit: () => void; isPending: boolean }) {
  const { t } = useTranslation('incomeScreens');
  const headingId = useId();
  const noteId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const nothing = preview.contracts === 0 || preview.total === '0.00';
  return (
    <Paper withBorder p="md" mt="md" role="alertdialog" aria-labelledby={headingId} aria-describedby={noteId} ref={ref} tabIndex={-1} data-testid="distribution-preview">
      <Text fw={700} id={headingId}>
        {t('distributions.previewHeading')}
      </Text>
      {nothing ? (
        <Text mt="xs" id={noteId}>
          {preview.contracts === 0 ? t('distributions.previewEmpty', { date: formatDate(preview.recordDate) }) : t('distributions.previewTooSmall')}
        </Text>
      ) : (
        <>
          <Text size="sm" mt="xs">
            {t('distributions.previewIntro', { amount: formatPerUnit(preview.amountPerUnit), date: formatDate(preview.recordDate) })}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" mt="xs">
            <LabelledValue label={t('fields.contracts')} value={String(preview.contracts)} />
            <LabelledValue label={t('fields.totalUnits')} value={formatUnitCount(preview.totalUnits)} />
            <LabelledValue label={t('fields.total')} value={formatMoney(preview.total)} />
            <LabelledValue label={t('fields.credited')} value={formatMoney(preview.credited)} />
            <LabelledValue label={t('fields.remainder')} value={formatMoney(preview.remainder)} />
          </SimpleGrid>
          <Text size="sm" mt="sm" id={noteId}>
            {t('distributions.confirmNote')}
          </Text>
        </>
      )}
      <Group mt="sm">
        {nothing ? null : (
          <Button color="kc" onClick={onConfirm} loading={isPending}>
            {t('distributions.confirm')}
          </Button>
        )}
        <Button variant="default" onClick={onEdit} disabled={isPending}>
          {t('distributions.edit')}
        </Button>
      </Group>
    </Paper>
  );
}
