import { Alert, Button, Group, Loader, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { decimalCommaResolver } from '../../../lib/decimal-input.ts';
import { useState, type FormEvent } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, ZRecordPaymentRequest, formatDate, formatMoney, type TPayment, type TRecordPaymentRequest } from '@kc/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { translateFieldMessage } from '../../../lib/translate-field-message.ts';
import { useContractPayments, useRecordPayment } from '../api/first-payment.ts';
import { useAdvisorTransition } from '../api/transition-contract.ts';
import type { TActionTarget } from './contract-action-dialog.tsx';
import { FIELD_STYLES } from './field-styles.ts';

const today = () => new Date().toISOString().slice(0, 10);
const PAYMENT_FIELDS = ['amount', 'valueDate', 'method', 'reference'] as const;

/**
 * Activating a NEW contract (issue 15): the first recorded payment is what allows it. With a
 * payment recorded, the advisor picks it (its reference goes with the activation); without one,
 * the form records the first payment received and then activates.
 */
export function ActivateForm({ target, onClose, onDone }: { target: TActionTarget; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation('advisor');
  const payments = useContractPayments(target.contractId);
  if (payments.isPending) return <Loader size="sm" aria-label={t('actions.firstPayment.loading')} />;
  if (payments.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('actions.failed')}{' '}
        <Button size="xs" variant="subtle" onClick={() => void payments.refetch()}>
          {t('actions.firstPayment.retry')}
        </Button>
      </Alert>
    );
  }
  const live = payments.data.payments.filter((p) => p.reversedAt === null);
  return live.length > 0 ? (
    <ChoosePayment target={target} payments={live} onClose={onClose} onDone={onDone} />
  ) : (
    <RecordFirstPayment target={target} onClose={onClose} onDone={onDone} />
  );
}

const describe = (p: TPayment) => `${formatMoney(p.amount)} · ${formatDate(p.valueDate)} · ${p.reference}`;

function ChoosePayment({ target, payments, onClose, onDone }: { target: TActionTarget; payments: TPayment[]; onClose: () => void; onDone: (m: string) => void }) {
  const { t } = useTranslation('advisor');
  const transition = useAdvisorTransition();
  // Newest first from the API: the first payment is the last one.
  const [reference, setReference] = useState(payments.at(-1)!.reference);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    transition.mutate(
      { contractId: target.contractId, action: 'activate', detail: reference },
      { onSuccess: () => onDone(t('actions.done.activate', { product: target.productName, client: target.clientName })) },
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('actions.title.activate', { product: target.productName, client: target.clientName })}>
      <fieldset disabled={transition.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          <Text size="sm">{t('actions.firstPayment.recordedIntro')}</Text>
          {transition.isError ? (
            <Alert color="red" variant="light" role="alert">
              {transition.error instanceof ApiError ? transition.error.extracted.message : t('actions.failed')}
            </Alert>
          ) : null}
          <NativeSelect
            label={t('actions.firstPayment.recorded')}
            styles={FIELD_STYLES}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            data={[...payments].reverse().map((p) => ({ value: p.reference, label: describe(p) }))}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={transition.isPending}>
              {t('actions.confirm.activate')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}

function RecordFirstPayment({ target, onClose, onDone }: { target: TActionTarget; onClose: () => void; onDone: (m: string) => void }) {
  const { t } = useTranslation('advisor');
  const record = useRecordPayment();
  const transition = useAdvisorTransition();
  const form = useForm<TRecordPaymentRequest>({
    // A decimal comma is how a Spanish advisor writes an amount: read as the API's dot form.
    resolver: decimalCommaResolver(zodResolver(ZRecordPaymentRequest), ['amount']),
    defaultValues: { amount: '', valueDate: today(), method: 'TRANSFER', reference: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const fieldError = (message: string | undefined) => translateFieldMessage(t, message);
  const busy = record.isPending || transition.isPending;
  const failure = record.error ?? transition.error;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const payment = await record.mutateAsync({ contractId: target.contractId, body: values });
      await transition.mutateAsync({ contractId: target.contractId, action: 'activate', detail: payment.reference });
      onDone(t('actions.firstPayment.done', { product: target.productName, client: target.clientName }));
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      for (const { field, message } of error.extracted.fields) {
        if ((PAYMENT_FIELDS as readonly string[]).includes(field)) form.setError(field as FieldPath<TRecordPaymentRequest>, { type: 'server', message });
      }
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('actions.title.activate', { product: target.productName, client: target.clientName })}>
      <fieldset disabled={busy} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          <Text size="sm">{t('actions.firstPayment.noneIntro')}</Text>
          {failure && !(failure instanceof ApiError && failure.extracted.fields.length > 0) ? (
            <Alert color="red" variant="light" role="alert">
              {failure instanceof ApiError ? failure.extracted.message : t('actions.failed')}
            </Alert>
          ) : null}
          <TextInput label={t('actions.firstPayment.amount')} description={t('actions.firstPayment.amountHint')} styles={FIELD_STYLES} inputMode="decimal" required data-autofocus error={fieldError(errors.amount?.message)} {...form.register('amount')} />
          <TextInput label={t('actions.firstPayment.valueDate')} type="date" styles={FIELD_STYLES} required error={fieldError(errors.valueDate?.message)} {...form.register('valueDate')} />
          <NativeSelect
            label={t('actions.firstPayment.method')}
            styles={FIELD_STYLES}
            data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`actions.firstPayment.methods.${m}`) }))}
            error={fieldError(errors.method?.message)}
            {...form.register('method')}
          />
          <TextInput
            label={t('actions.paymentReference')}
            description={t('actions.paymentReferenceHint')}
            styles={FIELD_STYLES}
            required
            autoComplete="off"
            error={fieldError(errors.reference?.message)}
            {...form.register('reference')}
          />
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('actions.firstPayment.recordAndActivate')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
