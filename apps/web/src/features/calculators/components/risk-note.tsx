import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '../risk-i18n.ts';

/** The short risk warning of a simulation (namespace `risk`): capital at risk, figures simulated. */
export function RiskNote() {
  const { t } = useTranslation('risk');
  return (
    <Paper component="aside" aria-label={t('short.label')} className="kc-calc-risk" p="md" radius="md">
      <Text fw={700} size="sm">
        {t('short.label')}
      </Text>
      <Text size="sm">{t('short.text')}</Text>
      <Text size="sm" mt="xs">
        {t('notes.simulation')}
      </Text>
    </Paper>
  );
}
