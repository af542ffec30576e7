import { Box, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatMoney,
  PLANS,
  statusImage,
  TREES_PER_FAMILY_MEMBER,
  type TCalculatorInputs,
  type TCalculatorResult,
  type TPlanId,
} from '@kc/domain';
import { ComparisonChart, GrowthChart } from './charts.tsx';
import { StatusImage } from './illustrations.tsx';
import { RiskNote } from './risk-note.tsx';

function Figure({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={`result-${id}`}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={700} size="xl" className="kc-calc-figure-value">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="gray.7" mt={4}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}

type TResultsProps = {
  planId: TPlanId;
  inputs: TCalculatorInputs;
  result: TCalculatorResult;
  isStale: boolean;
  shareUrl: () => string;
  onHire: () => void;
};

/** Everything a calculation shows, with Contratar, the copy-link button and Print. */
export const Results = forwardRef<HTMLHeadingElement, TResultsProps>(function Results(
  { planId, inputs, result, isStale, shareUrl, onHire },
  headingRef,
) {
  const { t } = useTranslation('calculators');
  const plan = PLANS[planId];
  const imageKey = statusImage(result, planId);
  const title = t(`plans.${planId}.title`);
  const [copy, setCopy] = useState<{ status: 'idle' | 'copied' } | { status: 'fallback'; url: string }>({
    status: 'idle',
  });

  async function copyLink() {
    const url = shareUrl();
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(url);
      setCopy({ status: 'copied' });
    } catch {
      setCopy({ status: 'fallback', url });
    }
  }

  return (
    <Box component="section" aria-labelledby="calc-results-heading" className="kc-calc-results" mt="xl">
      <Title order={2} id="calc-results-heading" ref={headingRef} tabIndex={-1}>
        {t('results.heading')}
      </Title>
      {isStale && (
        <Text className="kc-calc-stale" mt="xs" role="status">
          {t('page.staleResults')}
        </Text>
      )}
      <Group align="center" mt="md" gap="lg" wrap="nowrap" className="kc-calc-status">
        <StatusImage
          imageKey={imageKey}
          label={imageKey.startsWith('plan-') ? t('images.plan', { title }) : t(`images.${imageKey}`)}
        />
        <div>
          <Text size="sm" c="gray.7">
            {t('results.statusHeading')}
          </Text>
          <Text fw={700} size="xl" data-testid="result-resultadoKc">
            {formatMoney(result.resultadoKc)}
          </Text>
          <Text size="sm">{t('results.resultadoKc')}</Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="md">
        <Figure id="totalAportado" label={t('results.totalAportado')} value={formatMoney(result.totalAportado)} />
        <Figure id="beneficioBrutoKc" label={t('results.beneficioBrutoKc')} value={formatMoney(result.beneficioBrutoKc)} />
        <Figure id="disponibleAlFinal" label={t('results.resultadoKc')} value={formatMoney(result.resultadoKc)} />
      </SimpleGrid>
      {plan.showsMonthlyIncome && (
        <>
          <Title order={3} size="h4" mt="lg">
            {t('results.monthlyHeading', { from: inputs.edadJubilacion, to: result.esperanzaDeVida })}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
            <Figure
              id="rentaMensualKc"
              label={t('results.rentaMensualKc')}
              value={formatMoney(result.rentaMensualKc)}
              hint={t('results.rentaMensualKcHint')}
            />
            <Figure
              id="complementoMensualKc"
              label={t('results.complementoMensualKc')}
              value={formatMoney(result.complementoMensualKc)}
              hint={t('results.complementoMensualKcHint')}
            />
            <Figure
              id="rendimientoCuponCero"
              label={t('results.rendimientoCuponCero')}
              value={formatMoney(result.rendimientoCuponCero)}
              hint={t('results.rendimientoCuponCeroHint')}
            />
          </SimpleGrid>
        </>
      )}
      {result.sustainability && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
          <Figure
            id="treesFunded"
            label={t('results.treesFunded')}
            value={String(result.sustainability.treesFunded)}
            hint={t('results.sustainabilityNote', { perMember: TREES_PER_FAMILY_MEMBER })}
          />
          <Figure
            id="familyMembersCo2Neutral"
            label={t('results.familyMembers')}
            value={String(result.sustainability.familyMembersCo2Neutral)}
          />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} mt="lg" spacing="xl">
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('results.comparisonTitle')}
          </Title>
          <ComparisonChart chart={result.chart} years={inputs.numAnyos} />
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('results.growthTitle')}
          </Title>
          <GrowthChart growth={result.growth} />
        </Stack>
      </SimpleGrid>
      <Box mt="lg">
        <RiskNote />
      </Box>
      <Group mt="lg" className="kc-no-print">
        <Button onClick={onHire} disabled={isStale}>
          {t('results.hire')}
        </Button>
        <Button variant="outline" onClick={() => void copyLink()}>
          {t('results.copyLink')}
        </Button>
        <Button variant="subtle" onClick={() => window.print()}>
          {t('results.print')}
        </Button>
      </Group>
      <Box className="kc-no-print" mt="sm" aria-live="polite">
        {copy.status === 'copied' && <Text size="sm">{t('results.linkCopied')}</Text>}
        {copy.status === 'fallback' && (
          <TextInput
            label={t('results.copyFallback')}
            value={copy.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            autoFocus
          />
        )}
      </Box>
    </Box>
  );
});
