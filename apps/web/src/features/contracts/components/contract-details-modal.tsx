import { Alert, Button, Divider, Group, List, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REQUIRED_TRANSITION_DETAIL, archivedFromOf, formatDate, formatMoney, paths, type TArchivableState, type TContractAction, type TContractDetail } from '@kc/domain';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { LoadErrorAlert } from '../../../components/ui/paginated-list/load-error-alert.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { usePaymentLabel } from '../../../components/ui/payment-label.ts';
import { useContract } from '../api/get-contract.ts';
import { useTransitionContract } from '../api/transition-contract.ts';
import { ContractSchedule } from '../../ledger/components/contract-schedule.tsx';
import { ContractPayments } from '../../ledger/components/contract-payments.tsx';
// Documents (issue 15, part "documents").
import { ContractDocuments } from '../../documents/components/contract-documents.tsx';
// Income (issue 15, part income): the contract's units, value and income.
import { ContractHolding } from '../../income/components/contract-holding.tsx';
import { ReflectionCountdown } from './reflection-countdown.tsx';
import { useHistoryReason } from '../hooks/use-history-reason.ts';
// The KC market (issue 18): "Vender participaciones" from an ACTIVE contract of one's own.
import { ContractMarketPayouts, SellUnitsLink } from '../../market/components/sell-units-link.tsx';

function ContractFields({ contract }: { contract: TContractDetail }) {
  const { t, i18n } = useTranslation('contracts');
  const paymentLabel = usePaymentLabel();
  const payment = contract.paymentPreference ? paymentLabel(contract.paymentPreference) : t('details.noPaymentMethod');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <LabelledValue label={t('columns.product')} value={i18n.language === 'en' ? contract.productNameEn : contract.productNameEs} />
      <LabelledValue label={t('columns.state')} value={t(`states.${contract.userContractState}`)} />
      <LabelledValue label={t('columns.initialInvestment')} value={formatMoney(contract.initialInvestment)} />
      <LabelledValue label={t('columns.recurringAmmount')} value={formatMoney(contract.recurringAmmount)} />
      <LabelledValue label={t('columns.period')} value={t(`periods.${contract.contractPeriodType}`, { defaultValue: contract.contractPeriodType })} />
      <LabelledValue label={t('columns.submissionDate')} value={formatDate(contract.submissionDate)} />
      <LabelledValue label={t('columns.expiringDate')} value={formatDate(contract.expiringDate)} />
      {contract.projection ? (
        <>
          <LabelledValue label={t('details.years')} value={t('details.yearsValue', { count: contract.projection.numAnyos })} />
          <LabelledValue label={t('details.totalContributed')} value={formatMoney(contract.projection.totalAportado)} />
          <LabelledValue label={t('details.projection', { rate: contract.projection.kcInteres })} value={formatMoney(contract.projection.resultadoKc)} />
        </>
      ) : null}
      <LabelledValue label={t('details.paymentMethod')} value={payment} />
      <LabelledValue label={t('details.customer')} value={`${contract.customer.firstName} ${contract.customer.lastName}`} />
      <LabelledValue label={t('details.reference')} value={contract.id} />
    </SimpleGrid>
  );
}

/**
 * Recovery returns a contract to the state it was archived from: the specification's "definitively
 * activated" note only when that is ACTIVE (decisions.md, "Contracts").
 */
const RECOVERY_NOTES: Record<TArchivableState, string> = { ACTIVE: 'confirm.recover.note', NEW: 'confirm.recover.noteNew', STANDBY: 'confirm.recover.noteStandby' };

const confirmNote = (action: TContractAction, contract: TContractDetail): string => {
  const archivedFrom = action === 'recover' ? archivedFromOf(contract.history) : null;
  return archivedFrom ? RECOVERY_NOTES[archivedFrom] : `confirm.${action}.note`;
};

/** The confirmation of an action: question, note, Si (green) and No. Nothing happens on No. */
function ConfirmAction({ action, note, onYes, onNo, isPending }: { action: TContractAction; note: string; onYes: () => void; onNo: () => void; isPending: boolean }) {
  const { t } = useTranslation('contracts');
  const questionId = useId();
  const noteId = useId();
  const noRef = useRef<HTMLButtonElement>(null);
  useEffect(() => noRef.current?.focus(), []);
  return (
    <Paper withBorder p="md" role="alertdialog" aria-labelledby={questionId} aria-describedby={noteId} mt="md">
      <Text fw={700} id={questionId}>
        {t(`confirm.${action}.question`)}
      </Text>
      <Text size="sm" id={noteId}>
        {t(note)}
      </Text>
      <Group mt="sm">
        <Button color="kc" onClick={onYes} loading={isPending}>
          {t('confirm.yes')}
        </Button>
        <Button variant="default" onClick={onNo} ref={noRef} disabled={isPending}>
          {t('confirm.no')}
        </Button>
      </Group>
    </Paper>
  );
}

/** Contract details in a dialog: every field, its state history and the actions allowed in its state. */
export function ContractDetailsModal({ contractId, onClose }: { contractId: string | undefined; onClose: () => void }) {
  const { t } = useTranslation('contracts');
  const contract = useContract(contractId);
  const transition = useTransitionContract();
  const [pending, setPending] = useState<TContractAction | undefined>();
  const [done, setDone] = useState<TContractAction | undefined>();
  const historyId = useId();
  const historyReason = useHistoryReason();

  useEffect(() => {
    setPending(undefined);
    setDone(undefined);
    transition.reset();
    // Reset only when another contract is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contractId]);

  const run = (action: TContractAction) => {
    if (!contractId) return;
    transition.mutate(
      { id: contractId, action },
      {
        onSuccess: () => {
          setPending(undefined);
          setDone(action);
        },
      },
    );
  };

  return (
    <Modal opened={contractId !== undefined} onClose={onClose} title={t('details.title')} size="lg" closeButtonProps={{ 'aria-label': t('details.close') }}>
      {contract.isPending ? (
        <LoadingScreen />
      ) : contract.isError ? (
        <LoadErrorAlert onRetry={() => void contract.refetch()} />
      ) : (
        <Stack gap="md">
          <ContractFields contract={contract.data} />
          <ReflectionCountdown contract={contract.data} />
          {done ? (
            <Alert color="green" variant="light" role="status">
              <Text fw={700}>{t(`confirm.${done}.done`)}</Text>
            </Alert>
          ) : null}
          {transition.isError ? (
            <Alert color="red" variant="light" role="alert">
              {transition.error instanceof ApiError ? transition.error.extracted.message : t('details.noActions')}
            </Alert>
          ) : null}
          <Divider />
          <ContractHolding contractId={contract.data.id} customerId={contract.data.customer.id} />
          <SellUnitsLink contractId={contract.data.id} customerId={contract.data.customer.id} state={contract.data.userContractState} />
          <ContractMarketPayouts contractId={contract.data.id} customerId={contract.data.customer.id} />
          <Divider />
          <ContractSchedule contractId={contract.data.id} />
          <ContractPayments contractId={contract.data.id} />
          <ContractDocuments customerId={contract.data.customer.id} contractId={contract.data.id} />
          <Divider />
          <section aria-labelledby={historyId}>
            <Title order={3} size="h4" id={historyId}>
              {t('details.history')}
            </Title>
            <List mt="xs">
              {contract.data.history.map((event, i) => (
                <List.Item key={`${event.at}-${i}`}>
                  {formatDate(event.at)} · {event.fromState ? `${t(`states.${event.fromState}`)} → ` : `${t('details.created')}: `}
                  {t(`states.${event.toState}`)}
                  {event.actor?.name ? ` · ${t('details.historyBy', { name: event.actor.name })}` : ''}
                  {event.reason ? ` · ${historyReason(event.reason)}` : ''}
                </List.Item>
              ))}
            </List>
          </section>
          <Divider />
          <div>
            <Title order={3} size="h4">
              {t('details.actions')}
            </Title>
            {contract.data.allowedActions.some((action) => REQUIRED_TRANSITION_DETAIL[action]) ? (
              // Activate, suspend and resume need a payment reference or a reason: the advisor's workspace asks for them.
              <Button component={Link} to={paths.advisorClient.href(contract.data.customer.id)} variant="light" mt="xs">
                {t('details.manageInWorkspace')}
              </Button>
            ) : null}
            {contract.data.allowedActions.filter((action) => !REQUIRED_TRANSITION_DETAIL[action]).length === 0 ? (
              <Text mt="xs">{t('details.noActions')}</Text>
            ) : (
              <Group mt="xs">
                {contract.data.allowedActions.filter((action) => !REQUIRED_TRANSITION_DETAIL[action]).map((action) => (
                  <Button
                    key={action}
                    variant={action === 'cancel' || action === 'revoke' ? 'outline' : 'light'}
                    color={action === 'cancel' || action === 'revoke' ? 'red.9' : undefined}
                    onClick={() => {
                      setDone(undefined);
                      transition.reset();
                      setPending(action);
                    }}
                    disabled={pending !== undefined}
                  >
                    {t(`actions.${action}`)}
                  </Button>
                ))}
              </Group>
            )}
            {pending ? (
              <ConfirmAction
                action={pending}
                note={confirmNote(pending, contract.data)}
                isPending={transition.isPending}
                onYes={() => run(pending)}
                onNo={() => setPending(undefined)}
              />
            ) : null}
          </div>
        </Stack>
      )}
    </Modal>
  );
}
