import { Alert, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { makeAddCardSchema, type TAddCardRequest, type TAddCardRequestInput } from '@kc/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { LoadErrorAlert } from '../../../components/ui/paginated-list/load-error-alert.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { usePaymentLabel } from '../../../components/ui/payment-label.ts';
import { useAddCard } from '../api/add-card.ts';
import { usePaymentPreferences } from '../../../lib/api/get-payment-preferences.ts';
import { useRemovePaymentPreference } from '../api/remove-payment-preference.ts';
import { translateFieldMessage as fieldMessage } from '../../../lib/translate-field-message.ts';

const CARD_FIELDS: readonly FieldPath<TAddCardRequestInput>[] = ['creditCard', 'ccv', 'expirationDate'];

function AddCardForm() {
  const { t } = useTranslation('account');
  const addCard = useAddCard();
  const schema = useMemo(() => makeAddCardSchema(new Date().toISOString()), []);
  const form = useForm<TAddCardRequestInput, unknown, TAddCardRequest>({
    resolver: zodResolver(schema) as unknown as Resolver<TAddCardRequestInput, unknown, TAddCardRequest>,
    defaultValues: { creditCard: '', ccv: '', expirationDate: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    addCard.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const { field, message } of error.extracted.fields) {
            if ((CARD_FIELDS as readonly string[]).includes(field)) form.setError(field as FieldPath<TAddCardRequestInput>, { type: 'server', message });
          }
        }
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="add-card-heading">
      <Title order={3} size="h4" id="add-card-heading" mt="md">
        {t('payments.add')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('payments.privacy')}
      </Text>
      {addCard.isSuccess ? (
        <Alert color="green" variant="light" role="status" mt="sm">
          {t('payments.added')}
        </Alert>
      ) : null}
      {addCard.isError && !(addCard.error instanceof ApiError && addCard.error.extracted.fields.length > 0) ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {addCard.error instanceof ApiError ? addCard.error.extracted.message : t('failed')}
        </Alert>
      ) : null}
      <fieldset disabled={addCard.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
          <TextInput
            label={t('payments.creditCard')}
            required
            inputMode="numeric"
            autoComplete="cc-number"
            error={fieldMessage(t, errors.creditCard?.message)}
            {...form.register('creditCard')}
          />
          <PasswordInput
            label={t('payments.ccv')}
            required
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            error={fieldMessage(t, errors.ccv?.message)}
            {...form.register('ccv')}
          />
          <TextInput
            label={t('payments.expirationDate')}
            required
            autoComplete="cc-exp"
            placeholder="MM/AA"
            error={fieldMessage(t, errors.expirationDate?.message)}
            {...form.register('expirationDate')}
          />
        </SimpleGrid>
        <Button type="submit" mt="md" loading={addCard.isPending}>
          {addCard.isPending ? t('payments.saving') : t('payments.save')}
        </Button>
      </fieldset>
    </form>
  );
}

/** The payment methods: each one with Eliminar (asks first), and a form to add a card. */
export function PaymentMethods({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const paymentLabel = usePaymentLabel();
  const preferences = usePaymentPreferences(userId);
  const remove = useRemovePaymentPreference();
  const [confirming, setConfirming] = useState<string | undefined>();

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="payments-heading">
      <Title order={2} size="h3" id="payments-heading">
        {t('payments.title')}
      </Title>
      {remove.isSuccess ? (
        <Alert color="green" variant="light" role="status" mt="sm">
          {t('payments.removed')}
        </Alert>
      ) : null}
      {remove.isError ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {remove.error instanceof ApiError ? remove.error.extracted.message : t('failed')}
        </Alert>
      ) : null}
      {preferences.isPending ? (
        <LoadingScreen />
      ) : preferences.isError ? (
        <LoadErrorAlert onRetry={() => void preferences.refetch()} />
      ) : preferences.data.length === 0 ? (
        <Text mt="sm">{t('payments.empty')}</Text>
      ) : (
        <Stack component="ul" gap="xs" mt="sm" style={{ listStyle: 'none', padding: 0 }}>
          {preferences.data.map((p) => {
            const label = paymentLabel(p);
            return (
              <li key={p.id}>
                <Group justify="space-between" wrap="wrap">
                  <Text>{label}</Text>
                  {confirming === p.id ? (
                    <Group gap="xs" role="alertdialog" aria-label={t('payments.confirmRemove')}>
                      <Text size="sm" fw={700}>
                        {t('payments.confirmRemove')}
                      </Text>
                      <Button
                        size="xs"
                        color="kc"
                        loading={remove.isPending}
                        onClick={() => remove.mutate(p.id, { onSettled: () => setConfirming(undefined) })}
                      >
                        {t('yes')}
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setConfirming(undefined)}>
                        {t('no')}
                      </Button>
                    </Group>
                  ) : (
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      aria-label={t('payments.removeLabel', { label })}
                      onClick={() => {
                        remove.reset();
                        setConfirming(p.id);
                      }}
                    >
                      {t('payments.remove')}
                    </Button>
                  )}
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
      <AddCardForm />
    </Paper>
  );
}
