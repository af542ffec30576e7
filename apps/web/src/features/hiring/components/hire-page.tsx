import { Alert, Anchor, Button, Container, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate, formatMoney, KEY_INFO_SHEET_VERSION, paths, translateMessage, ZHireForm, type THireForm } from '@kc/domain';
import '../i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { clearHireDraft, readHireDraft, type THireDraft } from '../../../lib/hire-draft.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { LoadErrorAlert } from '../../../components/ui/paginated-list/load-error-alert.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { useCreateContract } from '../api/create-contract.ts';
import { usePaymentPreferences } from '../../../lib/api/get-payment-preferences.ts';
import { useProducts } from '../../../lib/api/get-products.ts';
import { buildHireRequest, forgetIdempotencyKey, idempotencyKeyFor, planOf, termDates } from '../lib/hire-request.ts';
import { usePaymentLabel } from '../../../components/ui/payment-label.ts';
// Investor protection (issue 16, helper kis): the test, the risk warning and the sheet before Contratar.
import { HireProtection, useHireProtection } from '../../investor-protection/components/hire-protection.tsx';

/** /inversor/contratar: the plan chosen in a calculator, and the payment method to hire it. */
export function HirePage() {
  const session = useRequiredSession();
  const { t } = useTranslation('hiring');
  const [draft, setDraft] = useState<THireDraft | null | undefined>(undefined);
  useEffect(() => setDraft(readHireDraft() ?? null), []);
  return (
    <Container size="md" py="xl">
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <Title order={1}>{t('title')}</Title>
      {draft === null ? (
        <Alert color="yellow" variant="light" mt="md" role="status">
          <Text fw={700}>{t('noProduct')}</Text>
          <Text size="sm">{t('noProductText')}</Text>
          <Anchor component={Link} to={paths.calculators.href()} mt="xs" display="inline-block">
            {t('toCalculators')}
          </Anchor>
        </Alert>
      ) : session && draft ? (
        <HireForm draft={draft} userId={session.userId} />
      ) : (
        <LoadingScreen />
      )}
    </Container>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

function HireForm({ draft, userId }: { draft: THireDraft; userId: string }) {
  const { t, i18n } = useTranslation('hiring');
  const paymentLabel = usePaymentLabel();
  const navigate = useNavigate();
  const products = useProducts();
  const preferences = usePaymentPreferences(userId);
  const create = useCreateContract();
  const statusRef = useRef<HTMLDivElement>(null);
  const form = useForm<THireForm>({ resolver: zodResolver(ZHireForm), defaultValues: { formaDePago: '' }, mode: 'onTouched' });
  const draftPlan = planOf(draft, products.data?.find((p) => p.productKey === draft.calcId));
  const protection = useHireProtection(userId, draftPlan.initial, draftPlan.monthly);
  const [sheetRead, setSheetRead] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const protectionReady = protection.status === 'ready' && sheetRead && (protection.warnings.length === 0 || acknowledged);

  useEffect(() => {
    if (create.isError) statusRef.current?.focus();
  }, [create.isError]);

  if (products.isPending || preferences.isPending) return <LoadingScreen />;
  if (products.isError || preferences.isError) {
    return (
      <LoadErrorAlert
        onRetry={() => {
          void products.refetch();
          void preferences.refetch();
        }}
      />
    );
  }
  const product = products.data.find((p) => p.productKey === draft.calcId);
  if (!product) {
    return (
      <Alert color="yellow" variant="light" mt="md" role="status">
        <Text fw={700}>{t('noProduct')}</Text>
        <Anchor component={Link} to={paths.calculators.href()}>
          {t('toCalculators')}
        </Anchor>
      </Alert>
    );
  }
  const plan = planOf(draft, product);
  const { start, end } = termDates(plan.years);
  const fieldError = form.formState.errors.formaDePago?.message;

  const onSubmit = form.handleSubmit((values) => {
    if (!protectionReady) return;
    const body = {
      ...buildHireRequest(product, plan, values.formaDePago),
      keyInfoVersion: KEY_INFO_SHEET_VERSION,
      riskAcknowledged: protection.warnings.length > 0 && acknowledged,
    };
    create.mutate(
      { customerId: userId, body, idempotencyKey: idempotencyKeyFor(draft) },
      {
        onSuccess: () => {
          clearHireDraft();
          forgetIdempotencyKey();
          void navigate(paths.investorDashboard.href());
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            const field = error.extracted.fields.find((f) => f.field === 'paymentPreferenceId');
            if (field) form.setError('formaDePago', { type: 'server', message: field.message });
          }
        },
      },
    );
  });

  const submitError = create.error instanceof ApiError && create.error.status === 409 ? t('inProgress') : create.error instanceof ApiError ? create.error.extracted.message : t('failed');

  return (
    <Stack mt="md">
      <Text>{t('intro')}</Text>
      <Paper withBorder p="md" component="section" aria-labelledby="hire-summary">
        <Title order={2} size="h3" id="hire-summary">
          {t('summary')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
          <Row label={t('product')} value={i18n.language === 'en' ? product.nameEn : product.nameEs} />
          <Row label={t('term')} value={t('years', { count: plan.years })} />
          <Row label={t('initial')} value={formatMoney(plan.initial)} />
          <Row label={t('monthly')} value={formatMoney(plan.monthly)} />
          <Row label={t('start')} value={formatDate(start)} />
          <Row label={t('end')} value={formatDate(end)} />
        </SimpleGrid>
        <Anchor component={Link} to={paths.calculator.href(product.productKey)} mt="sm" display="inline-block">
          {t('changePlan')}
        </Anchor>
      </Paper>
      {plan.years < 1 ? (
        <Alert color="yellow" variant="light" role="status">
          {t('termTooShort')}
        </Alert>
      ) : null}
      <HireProtection
        planId={product.productKey}
        protection={protection}
        sheetRead={sheetRead}
        onSheetRead={setSheetRead}
        acknowledged={acknowledged}
        onAcknowledged={setAcknowledged}
      />
      <div ref={statusRef} tabIndex={-1} style={{ outline: 'none' }}>
        {create.isError ? (
          <Alert color="red" variant="light" role="alert">
            {submitError}
          </Alert>
        ) : null}
      </div>
      <form noValidate onSubmit={onSubmit}>
        <fieldset disabled={create.isPending || create.isSuccess} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <legend className="visually-hidden" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            {t('paymentLegend')}
          </legend>
          {preferences.data.length === 0 ? (
            <Text>
              {t('noPayments')}{' '}
              <Anchor component={Link} to={paths.account.href()}>
                {t('addPayment')}
              </Anchor>
            </Text>
          ) : null}
          <NativeSelect
            id="formaDePago"
            label={t('formaDePago')}
            required
            data={[{ value: '', label: t('choosePayment') }, ...preferences.data.map((p) => ({ value: p.id, label: paymentLabel(p) }))]}
            error={fieldError ? translateMessage(currentLanguage(), fieldError) : undefined}
            {...form.register('formaDePago')}
          />
          <Group mt="md">
            <Button type="submit" loading={create.isPending} disabled={plan.years < 1 || !protectionReady}>
              {create.isPending ? t('submitting') : t('submit')}
            </Button>
          </Group>
        </fieldset>
      </form>
    </Stack>
  );
}
