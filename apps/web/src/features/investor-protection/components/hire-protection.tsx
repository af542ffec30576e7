import { Alert, Anchor, Button, Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KEY_INFO_SHEET_VERSION, formatMoney, keyInfoSheetPdfUrl, paths, type TPlanId, type TRiskWarning } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { LoadErrorAlert } from '../../../components/ui/paginated-list/load-error-alert.tsx';
import { useRiskCheck } from '../api/appropriateness.ts';

export type THireProtectionState = { ready: boolean; warnings: TRiskWarning[] };

/** What the hire needs from investor protection: a current test, and the warnings this hire shows. */
export function useHireProtection(userId: string, initial: number, monthly: number) {
  const check = useRiskCheck(userId, initial, monthly);
  const assessment = check.data?.assessment ?? null;
  const status = check.isPending ? 'loading' : check.isError ? 'error' : !assessment ? 'testMissing' : !assessment.current ? 'testExpired' : 'ready';
  return { check, status, warnings: status === 'ready' ? check.data!.warnings : [], assessment } as const;
}

/**
 * The hiring screen's investor-protection part (issue 16): the way to the appropriateness test
 * when it is missing or out of date; the risk warning with its acknowledgement; the key
 * information sheet with the tick that it was read. Contratar waits for all of them.
 */
export function HireProtection({
  planId,
  protection,
  sheetRead,
  onSheetRead,
  acknowledged,
  onAcknowledged,
}: {
  planId: TPlanId;
  protection: ReturnType<typeof useHireProtection>;
  sheetRead: boolean;
  onSheetRead: (value: boolean) => void;
  acknowledged: boolean;
  onAcknowledged: (value: boolean) => void;
}) {
  const { t, i18n } = useTranslation('investorProtectionScreens');
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const { status, warnings, assessment, check } = protection;
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'error') return <LoadErrorAlert onRetry={() => void check.refetch()} />;
  if (status === 'testMissing' || status === 'testExpired') {
    return (
      <Alert color="yellow" variant="light" role="status" data-testid="test-required">
        <Text>{t(status === 'testMissing' ? 'hire.testMissing' : 'hire.testExpired')}</Text>
        <Button component={Link} to={paths.appropriateness.href()} mt="sm">
          {t('hire.takeTest')}
        </Button>
      </Alert>
    );
  }
  const amount = formatMoney(Number(check.data!.hireAmount));
  return (
    <Stack>
      {warnings.length > 0 ? (
        <Alert color="orange" variant="light" role="alert" title={t('hire.warningTitle')} styles={{ title: { color: 'var(--mantine-color-dark-9)' } }} data-testid="risk-warning">
          <Text size="sm">{t('hire.warningIntro')}</Text>
          <ul>
            {warnings.map((w) => (
              <li key={w}>
                <Text size="sm">{t(`hire.warnings.${w}`, { amount })}</Text>
              </li>
            ))}
          </ul>
          {assessment ? <Text size="sm">{t('hire.lossCapacity', { amount: formatMoney(Number(assessment.lossCapacity)) })}</Text> : null}
          <Checkbox mt="sm" label={t('hire.acknowledge')} checked={acknowledged} onChange={(e) => onAcknowledged(e.currentTarget.checked)} />
        </Alert>
      ) : null}
      <Paper withBorder p="md" component="section" aria-labelledby="hire-sheet">
        <Title order={2} size="h4" id="hire-sheet">
          <Anchor component={Link} to={paths.keyInfoSheet.href(planId)} target="_blank">
            {t('hire.sheetLink')}
          </Anchor>{' '}
          <Anchor href={keyInfoSheetPdfUrl(planId, lang)} target="_blank" rel="noopener" size="sm">
            {t('hire.sheetPdf')}
          </Anchor>
        </Title>
        <Checkbox
          mt="sm"
          label={t('hire.sheetRead', { version: KEY_INFO_SHEET_VERSION })}
          checked={sheetRead}
          onChange={(e) => onSheetRead(e.currentTarget.checked)}
        />
      </Paper>
    </Stack>
  );
}
