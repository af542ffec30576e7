import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PAYMENT_REFERENCE_MAX_LENGTH, REASON_MAX_LENGTH, transitionDetailsSchema, type TTransitionDetails } from '@kc/domain';
import '../i18n.ts';
import { FIELD_STYLES } from './field-styles.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { translateFieldMessage } from '../../../lib/translate-field-message.ts';
import { useAdvisorTransition, type TAdvisorTransition } from '../api/transition-contract.ts';
import { ActivateForm } from './activate-form.tsx';

export interface TActionTarget {
  contractId: string;
  action: TAdvisorTransition['action'];
  productName: string;
  clientName: string;
}

interface TDetailsForm {
  paymentReference: string;
  reason: string;
}

/**
 * The confirmation dialog of an advisor's action: activate asks for the first payment's
 * reference, suspend and resume for a reason (the same rule as the server's, from the domain).
 * The server's field errors land on the field; any other refusal is shown in the dialog.
 */
export function ContractActionDialog({ target, onClose, onDone }: { target: TActionTarget | null; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation('advisor');
  const title = target ? t(`actions.title.${target.action}`, { product: target.productName, client: target.clientName }) : '';
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('close') }}>
      {target?.action === 'activate' ? (
        // Issue 15: activation needs the first recorded payment (pick it, or record it here).
        <ActivateForm key={`${target.contractId}-activate`} target={target} onClose={onClose} onDone={onDone} />
      ) : target ? (
        <DetailsForm key={`${target.contractId}-${target.action}`} target={target} onClose={onClose} onDone={onDone} />
      ) : null}
    </Modal>
  );
}

function DetailsForm({ target, onClose, onDone }: { target: TActionTarget; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation('advisor');
  const transition = useAdvisorTransition();
  const form = useForm<TDetailsForm, unknown, TTransitionDetails>({
    resolver: zodResolver(transitionDetailsSchema(target.action)) as unknown as Resolver<TDetailsForm, unknown, TTransitionDetails>,
    defaultValues: { paymentReference: '', reason: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const fieldError = (message: string | undefined) => translateFieldMessage(t, message);
  const onSubmit = form.handleSubmit((values) =>
    transition.mutate(
      { contractId: target.contractId, action: target.action, detail: (target.action === 'activate' ? values.paymentReference : values.reason) ?? '' },
      {
        onSuccess: () => onDone(t(`actions.done.${target.action}`, { product: target.productName, client: target.clientName })),
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          for (const { field, message } of error.extracted.fields) {
            if (field === 'paymentReference' || field === 'reason') form.setError(field, { type: 'server', message });
          }
        },
      },
    ),
  );
  const isActivate = target.action === 'activate';
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t(`actions.title.${target.action}`, { product: target.productName, client: target.clientName })}>
      <fieldset disabled={transition.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          <Text size="sm">{t(`actions.intro.${target.action}`)}</Text>
          {transition.isError && !(transition.error instanceof ApiError && transition.error.extracted.fields.length > 0) ? (
            <Alert color="red" variant="light" role="alert">
              {transition.error instanceof ApiError ? transition.error.extracted.message : t('actions.failed')}
            </Alert>
          ) : null}
          {isActivate ? (
            <TextInput
              label={t('actions.paymentReference')}
              description={t('actions.paymentReferenceHint')}
              styles={FIELD_STYLES}
              required
              autoComplete="off"
              maxLength={PAYMENT_REFERENCE_MAX_LENGTH}
              data-autofocus
              error={fieldError(errors.paymentReference?.message)}
              {...form.register('paymentReference')}
            />
          ) : (
            <Textarea
              label={t('actions.reason')}
              description={t('actions.reasonHint')}
              styles={FIELD_STYLES}
              required
              autosize
              minRows={2}
              maxLength={REASON_MAX_LENGTH}
              data-autofocus
              error={fieldError(errors.reason?.message)}
              {...form.register('reason')}
            />
          )}
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" color={target.action === 'suspend' ? 'red.9' : undefined} loading={transition.isPending}>
              {t(`actions.confirm.${target.action}`)}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
