import { Alert, Button, Group, Paper, Table, Text, Textarea, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZReverseJournalRequest, can, formatDate, formatMoney, type TPayment, type TReverseJournalRequest } from '@kc/domain';
import '../i18n.ts';
import { InlineLoadError, InlineLoader, QueryContent } from '../../../components/ui/query-content.tsx';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useSession } from '../../../lib/session.ts';
import { translateFieldMessage } from '../../../lib/translate-field-message.ts';
import { useContractPayments } from '../../advisor/api/first-payment.ts';
import { useReverseJournal } from '../api/reverse-journal.ts';

const ACCESSIBLE_ERROR_COLOR = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

/**
 * A contract's recorded payments with their reversal (ADMIN, `ledger.reverseJournal`): the only
 * correction of the append-only ledger. The server's refusal (a journal already reversed, units
 * on offer in the KC market…) is shown in the reader's language.
 */
export function ContractPayments({ contractId }: { contractId: string }) {
  const session = useSession();
  return session && can(session.roles, 'ledger.reverseJournal') ? <PaymentsSection contractId={contractId} /> : null;
}

function PaymentsSection({ contractId }: { contractId: string }) {
  const { t } = useTranslation('ledgerScreens');
  const headingId = useId();
  const payments = useContractPayments(contractId);
  const [reversing, setReversing] = useState<TPayment | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        {t('payments.heading')}
      </Title>
      <QueryContent
        query={payments}
        loading={<InlineLoader label={t('payments.loading')} />}
        error={(retry) => <InlineLoadError message={t('payments.error')} retryLabel={t('payments.retry')} onRetry={retry} />}
        isEmpty={(data) => data.payments.length === 0}
        empty={
          <Text size="sm" mt="xs">
            {t('payments.empty')}
          </Text>
        }
      >
        {(data) => (
          <div role="region" aria-labelledby={headingId} tabIndex={0} style={{ overflow: 'auto', maxHeight: 280 }}>
            <Table striped miw={300} data-testid="contract-payments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('payments.valueDate')}</Table.Th>
                  <Table.Th scope="col">{t('payments.amount')}</Table.Th>
                  <Table.Th scope="col">{t('payments.reference')}</Table.Th>
                  <Table.Th scope="col">{t('payments.action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.payments.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{formatDate(p.valueDate)}</Table.Td>
                    <Table.Td>{formatMoney(p.amount)}</Table.Td>
                    <Table.Td>{p.reference}</Table.Td>
                    <Table.Td>
                      {p.reversedAt ? (
                        t('payments.reversed')
                      ) : (
                        <Button
                          size="xs"
                          variant="outline"
                          color="red.9"
                          aria-label={t('payments.reverseLabel', { reference: p.reference })}
                          onClick={() => {
                            setDone(null);
                            setReversing(p);
                          }}
                        >
                          {t('payments.reverse')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </QueryContent>
      {done ? (
        <Alert color="green" variant="light" role="status" mt="xs">
          {t('payments.done', { reference: done })}
        </Alert>
      ) : null}
      {reversing ? (
        <ReverseForm
          key={reversing.id}
          payment={reversing}
          onCancel={() => setReversing(null)}
          onDone={() => {
            setDone(reversing.reference);
            setReversing(null);
          }}
        />
      ) : null}
    </section>
  );
}

function ReverseForm({ payment, onCancel, onDone }: { payment: TPayment; onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation('ledgerScreens');
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const reverse = useReverseJournal();
  const form = useForm<TReverseJournalRequest>({ resolver: zodResolver(ZReverseJournalRequest), defaultValues: { reason: '' }, mode: 'onTouched' });
  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (reverse.isError) alertRef.current?.focus();
  }, [reverse.isError]);
  const onSubmit = form.handleSubmit((body) => reverse.mutate({ journalId: payment.journalId, body }, { onSuccess: onDone }));
  const failure = problemMessage(reverse.error, t('payments.failed'));
  return (
    <Paper withBorder p="md" mt="sm" component="section" aria-labelledby={headingId} style={ACCESSIBLE_ERROR_COLOR}>
      <Title order={4} size="h5" id={headingId} ref={headingRef} tabIndex={-1}>
        {t('payments.reverseHeading', { reference: payment.reference, amount: formatMoney(payment.amount), date: formatDate(payment.valueDate) })}
      </Title>
      <Text size="sm" mt="xs">
        {t('payments.reverseIntro')}
      </Text>
      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
        <fieldset disabled={reverse.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Textarea mt="sm" label={t('payments.reason')} required autosize minRows={2} {...form.register('reason')} error={translateFieldMessage(t, form.formState.errors.reason?.message)} />
          {reverse.isError ? (
            <Alert ref={alertRef} tabIndex={-1} color="red" variant="light" role="alert" mt="sm" data-testid="reverse-error">
              {failure}
            </Alert>
          ) : null}
          <Group mt="sm">
            <Button type="submit" color="red.9" loading={reverse.isPending}>
              {t('payments.confirm')}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t('payments.cancel')}
            </Button>
          </Group>
        </fieldset>
      </form>
    </Paper>
  );
}
