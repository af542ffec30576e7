import { Alert, Anchor, Button, Container, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { APPROPRIATENESS_QUESTIONS, EUR_SCALE, formatDate, formatMoney, parseScaled, paths, type TAppropriatenessResult } from '@kc/domain';
import '../i18n.ts';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { readHireDraft } from '../../../lib/hire-draft.ts';
import { useSubmitAppropriateness } from '../api/appropriateness.ts';
import { marketReturnPath } from '../lib/return-path.ts';

// Mantine's default error red and dimmed description are below 4.5:1 on white (axe).
const ACCESSIBLE_ERROR_COLOR = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;
const FIELD_STYLES = { description: { color: 'var(--mantine-color-gray-7)' } } as const;

type TAmounts = { netWorth: string; yearlyIncome: string; commitments: string };
const AMOUNT_FIELDS = ['netWorth', 'yearlyIncome', 'commitments'] as const;
const validAmount = (text: string) => {
  const value = parseScaled(text.trim().replace(',', '.'), EUR_SCALE);
  return value !== null && value >= 0n;
};

/**
 * /inversor/test-conveniencia (issue 16): the knowledge and experience questions and the
 * loss-bearing simulation, then the result with 10 % of the net worth as the sum at risk and a
 * way back to the hire (its draft, the calculator's values, stays in the browser).
 */
export function AppropriatenessPage() {
  const session = useRequiredSession();
  const { t } = useTranslation('investorProtectionScreens');
  return (
    <Container size="md" py="xl">
      <PageMeta title={t('test.metaTitle')} description={t('test.metaDescription')} />
      <Title order={1}>{t('test.title')}</Title>
      {session ? <AppropriatenessForm userId={session.userId} /> : <LoadingScreen />}
    </Container>
  );
}

function AppropriatenessForm({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('investorProtectionScreens');
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const submit = useSubmitAppropriateness(userId);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [amounts, setAmounts] = useState<TAmounts>({ netWorth: '', yearlyIncome: '', commitments: '' });
  const [showErrors, setShowErrors] = useState(false);
  const [result, setResult] = useState<TAppropriatenessResult | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const hasDraft = typeof window !== 'undefined' && readHireDraft() !== null;
  // The market's buy screen (issue 18) sends here with `?volver=` its own address: back to it after the test.
  const [search] = useSearchParams();
  const backTo = marketReturnPath(search.get('volver'));

  const missing = APPROPRIATENESS_QUESTIONS.filter((q) => !answers[q.id]).map((q) => q.id);
  const badAmounts = AMOUNT_FIELDS.filter((f) => !validAmount(amounts[f]));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (missing.length > 0 || badAmounts.length > 0) {
      const first = missing[0] ? `q-${missing[0]}` : badAmounts[0];
      document.getElementById(first!)?.focus();
      return;
    }
    const normal = (text: string) => text.trim().replace(',', '.');
    submit.mutate(
      { answers, netWorth: normal(amounts.netWorth), yearlyIncome: normal(amounts.yearlyIncome), commitments: normal(amounts.commitments) },
      {
        onSuccess: (saved) => {
          setResult(saved);
          setTimeout(() => resultRef.current?.focus(), 0);
        },
      },
    );
  };

  if (result) {
    return (
      <Paper withBorder p="md" mt="md" ref={resultRef} tabIndex={-1} role="status" aria-labelledby="test-result">
        <Title order={2} size="h3" id="test-result">
          {t('test.resultTitle')}
        </Title>
        <Text mt="sm">{t(result.passed ? 'test.passed' : 'test.notPassed', { score: result.score, max: result.maxScore })}</Text>
        <Text mt="sm" fw={600} data-testid="loss-capacity">
          {t('test.lossCapacity', { amount: formatMoney(Number(result.lossCapacity)) })}
        </Text>
        <Text size="sm" mt="sm">
          {t('test.current', { date: formatDate(result.validUntil.slice(0, 10)) })}
        </Text>
        {backTo ? (
          <Button component={Link} to={backTo} mt="md">
            {t('test.backToPurchase')}
          </Button>
        ) : hasDraft ? (
          <Button component={Link} to={paths.hire.href()} mt="md">
            {t('test.backToHire')}
          </Button>
        ) : (
          <Anchor component={Link} to={paths.calculators.href()} mt="md" display="inline-block">
            {t('test.backToHire')}
          </Anchor>
        )}
      </Paper>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} style={ACCESSIBLE_ERROR_COLOR}>
      <Stack mt="md">
        <Text>{t('test.intro')}</Text>
        <Paper withBorder p="md" component="section" aria-labelledby="test-questions">
          <Title order={2} size="h3" id="test-questions">
            {t('test.questions')}
          </Title>
          <Stack mt="sm" gap="lg">
            {APPROPRIATENESS_QUESTIONS.map((q) => (
              <Radio.Group
                key={q.id}
                id={`q-${q.id}`}
                name={q.id}
                label={q.text[lang]}
                required
                value={answers[q.id] ?? ''}
                onChange={(value) => setAnswers((a) => ({ ...a, [q.id]: value }))}
                error={showErrors && !answers[q.id] ? t('test.answerError') : undefined}
              >
                <Stack gap={6} mt={6}>
                  {q.options.map((o) => (
                    <Radio key={o.id} value={o.id} label={o.text[lang]} />
                  ))}
                </Stack>
              </Radio.Group>
            ))}
          </Stack>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="test-simulation">
          <Title order={2} size="h3" id="test-simulation">
            {t('test.simulation')}
          </Title>
          <Text size="sm" mt={4}>
            {t('test.simulationIntro')}
          </Text>
          <Stack mt="sm">
            {AMOUNT_FIELDS.map((field) => (
              <TextInput
                key={field}
                id={field}
                label={t(`test.${field}`)}
                description={field === 'netWorth' ? t('test.netWorthHint') : field === 'commitments' ? t('test.commitmentsHint') : undefined}
                inputMode="decimal"
                styles={FIELD_STYLES}
                required
                value={amounts[field]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setAmounts((a) => ({ ...a, [field]: value }));
                }}
                error={showErrors && !validAmount(amounts[field]) ? t('test.amountError') : undefined}
              />
            ))}
          </Stack>
        </Paper>
        {submit.isError ? (
          <Alert color="red" variant="light" role="alert">
            {t('test.failed')}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={submit.isPending}>
            {submit.isPending ? t('test.submitting') : t('test.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
