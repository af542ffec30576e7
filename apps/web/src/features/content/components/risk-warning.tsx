import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import '../i18n.ts';

/** Where the full warning lives (an anchor on the coin page). */
export const RISK_WARNING_ANCHOR = 'risk-warning';

/**
 * The visible risk warning that goes with every return, 'guaranteed' or 'stable' claim: capital
 * at risk, past or simulated returns are no guarantee, no deposit guarantee scheme.
 */
export function RiskWarning({ withLink = true }: { withLink?: boolean }) {
  const { t } = useTranslation('risk');
  return (
    <Paper role="note" aria-label={t('short.label')} withBorder p="md" bg="yellow.0" style={{ borderColor: 'var(--mantine-color-yellow-6)', borderLeftWidth: 4 }}>
      <Text size="sm" fw={700}>
        {t('short.label')}
      </Text>
      <Text size="sm" mt={4}>
        {t('short.text')}
      </Text>
      {withLink && (
        <Anchor component={Link} to={`${paths.coin.href()}#${RISK_WARNING_ANCHOR}`} size="sm" mt={4} display="inline-block">
          {t('linkLabel')}
        </Anchor>
      )}
    </Paper>
  );
}

/** The full warning, as a section of its own. */
export function RiskWarningFull() {
  const { t } = useTranslation('risk');
  const headingId = useId();
  const paragraphs = t('long.paragraphs', { returnObjects: true }) as string[];
  return (
    <Stack component="section" aria-labelledby={headingId} id={RISK_WARNING_ANCHOR} gap="sm" style={{ scrollMarginTop: 'calc(var(--kc-header-height) + 1rem)' }}>
      <Title order={2} id={headingId}>
        {t('long.heading')}
      </Title>
      {paragraphs.map((p) => (
        <Text key={p}>{p}</Text>
      ))}
    </Stack>
  );
}
