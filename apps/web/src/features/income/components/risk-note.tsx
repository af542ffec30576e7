import { Alert, Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import '../../calculators/risk-i18n.ts';

/** The site's short risk warning (namespace `risk`), in the Mantine screens, with the link to the full one. */
export function HoldingsRiskNote() {
  const { t } = useTranslation('risk');
  return (
    <Alert color="yellow" variant="light" role="note" aria-label={t('short.label')} mt="md" title={t('short.label')} styles={{ title: { color: 'var(--mantine-color-dark-9)' } }}>
      <Text size="sm">{t('short.text')}</Text>
      <Anchor component={Link} to={`${paths.coin.href()}#risk-warning`} size="sm" c="blue.9" underline="always">
        {t('linkLabel')}
      </Anchor>
    </Alert>
  );
}
