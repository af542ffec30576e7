import { Alert, Anchor, Button, Container, Divider, Group, List, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NOTE_MAX_LENGTH, ZCreateNoteRequest, formatDate, formatMoney, paths, type TAdvisorClientDetail, type TClientContract, type TCreateNoteRequest } from '@kc/domain';
import '../i18n.ts';
import { FIELD_STYLES } from './field-styles.ts';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { LoadErrorAlert } from '../../../components/ui/paginated-list/load-error-alert.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { usePaymentLabel } from '../../../components/ui/payment-label.ts';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { translateFieldMessage } from '../../../lib/translate-field-message.ts';
import { useAddNote } from '../api/add-note.ts';
import { useClient } from '../api/get-client.ts';
import { ContractActionDialog, type TActionTarget } from './contract-action-dialog.tsx';
import { ReflectionStatusText, useReflectionStatus } from './reflection-status.tsx';
import { useHistoryReason } from '../../contracts/hooks/use-history-reason.ts';
import { PAYABLE, ScheduleDetails } from './schedule-details.tsx';
import { ReassignDialog } from './reassign-dialog.tsx';
import { STATE_TONES } from './state-counts.tsx';

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** /advisor/clients/{id}: the client's page (customerDetails) for their advisor or an administrator. */
export function ClientPage({ clientId }: { clientId: string }) {
  const { t } = useTranslation('advisor');
  const client = useClient(clientId);
  return (
    <Container size="lg" py="xl">
      <Anchor component={Link} to={paths.advisorDashboard.href()}>
        {t('client.back')}
      </Anchor>
      {client.isPending ? (
        <LoadingScreen />
      ) : client.isError ? (
        <>
          <Title order={1} mt="md">
            {t('title')}
          </Title>
          {client.error instanceof ApiError && client.error.status === 404 ? (
            <Alert color="yellow" variant="light" role="status" mt="md">
              {t('client.notFound')}
            </Alert>
          ) : (
            <LoadErrorAlert detail={client.error instanceof ApiError ? client.error.extracted.message : undefined} onRetry={() => void client.refetch()} />
          )}
        </>
      ) : (
        <ClientView client={client.data} />
      )}
    </Container>
  );
}

function ClientView({ client }: { client: TAdvisorClientDetail }) {
  const { t } = useTranslation('advisor');
  const paymentLabel = usePaymentLabel();
  const [target, setTarget] = useState<TActionTarget | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [reassigning, setReassigning] = useState(false);
  const ids = { profile: useId(), contracts: useId(), payments: useId(), notes: useId() };
  const p = client.profile;
  const name = fullName(p);
  const none = t('notProvided');
  return (
    <>
      <Group justify="space-between" align="center" mt="md" wrap="wrap">
        <Title order={1}>{name}</Title>
        {client.canReassign ? (
          <Button variant="default" onClick={() => setReassigning(true)}>
            {t('client.reassign')}
          </Button>
        ) : null}
      </Group>
      {done ? (
        <Alert color="green" variant="light" role="status" mt="md" withCloseButton closeButtonLabel={t('close')} onClose={() => setDone(null)}>
          {done}
        </Alert>
      ) : null}

      <Paper withBorder p="md" mt="lg" component="section" aria-labelledby={ids.profile}>
        <Title order={2} size="h3" id={ids.profile}>
          {t('client.profile')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="sm">
          <LabelledValue label={t('clients.email')} value={p.email} />
          <LabelledValue label={t('clients.phone')} value={p.phone ?? none} />
          <LabelledValue label={t('clients.dni')} value={p.dni ?? none} />
          <LabelledValue label={t('client.country')} value={p.country ?? none} />
          <LabelledValue label={t('client.postalCode')} value={p.postalCode ?? none} />
          <LabelledValue label={t('client.language')} value={t(`client.languages.${p.language === 'en' ? 'en' : 'es'}`)} />
          <LabelledValue label={t('clients.since')} value={formatDate(p.createdAt)} />
          <LabelledValue label={t('client.confirmedAt')} value={p.confirmedAt ? formatDate(p.confirmedAt) : t('client.notConfirmed')} />
          <LabelledValue label={t('client.advisor')} value={client.advisor ? `${fullName(client.advisor)} (${client.advisor.email})` : t('client.noAdvisor')} />
          <LabelledValue
            label={t('client.agent')}
            value={client.agent ? `${fullName(client.agent)} (${client.agent.email}), ${t('client.agentSince', { date: formatDate(client.agent.since) })}` : t('client.noAgent')}
          />
        </SimpleGrid>
      </Paper>

      <Paper withBorder p="md" mt="lg" component="section" aria-labelledby={ids.contracts}>
        <Title order={2} size="h3" id={ids.contracts}>
          {t('client.contracts')}
        </Title>
        {client.contracts.length === 0 ? (
          <Text mt="sm">{t('client.noContracts')}</Text>
        ) : (
          <Stack mt="sm" gap="md" role="list">
            {client.contracts.map((c) => (
              <ContractBlock key={c.id} contract={c} onAction={(action, productName) => setTarget({ contractId: c.id, action, productName, clientName: name })} />
            ))}
          </Stack>
        )}
      </Paper>

      <Paper withBorder p="md" mt="lg" component="section" aria-labelledby={ids.payments}>
        <Title order={2} size="h3" id={ids.payments}>
          {t('client.payments')}
        </Title>
        {client.paymentMethods.length === 0 ? (
          <Text mt="sm">{t('client.noPayments')}</Text>
        ) : (
          <List mt="sm">
            {client.paymentMethods.map((m) => (
              <List.Item key={m.id}>{paymentLabel(m)}</List.Item>
            ))}
          </List>
        )}
      </Paper>

      <Paper withBorder p="md" mt="lg" component="section" aria-labelledby={ids.notes}>
        <Title order={2} size="h3" id={ids.notes}>
          {t('client.notes')}
        </Title>
        <NoteForm clientId={p.id} />
        {client.notes.length === 0 ? (
          <Text mt="sm">{t('client.noNotes')}</Text>
        ) : (
          <Stack mt="md" gap="sm" role="list" aria-labelledby={ids.notes}>
            {client.notes.map((n) => (
              <Paper key={n.id} withBorder p="sm" role="listitem">
                <Text style={{ whiteSpace: 'pre-wrap' }}>{n.body}</Text>
                <Text size="sm" c="gray.7" mt={4}>
                  {t('client.noteBy', { name: n.author.name, date: formatDateTime(n.createdAt) })}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </Paper>

      <ContractActionDialog
        target={target}
        onClose={() => setTarget(null)}
        onDone={(message) => {
          setTarget(null);
          setDone(message);
        }}
      />
      {client.canReassign ? (
        <ReassignDialog
          opened={reassigning}
          client={client}
          onClose={() => setReassigning(false)}
          onDone={(message) => {
            setReassigning(false);
            setDone(message);
          }}
        />
      ) : null}
    </>
  );
}

function ContractBlock({ contract: c, onAction }: { contract: TClientContract; onAction: (action: TActionTarget['action'], productName: string) => void }) {
  const { t } = useTranslation('advisor');
  const headingId = useId();
  const reflectionId = useId();
  const productName = currentLanguage() === 'en' ? c.productNameEn : c.productNameEs;
  const historyReason = useHistoryReason();
  // Inside the reflection period Activar is disabled, and says why (decision 0026).
  const reflectionOpen = useReflectionStatus()(c.reflection).open;
  return (
    <Paper withBorder p="sm" role="listitem" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h4" id={headingId}>
          {productName}
        </Title>
        <StatusBadge tone={STATE_TONES[c.state] ?? 'gray'}>{t(`states.${c.state}`)}</StatusBadge>
      </Group>
      <Text size="sm" mt={4}>
        {`${t('queue.initial')}: ${formatMoney(c.initialInvestment)} · ${t('queue.monthly')}: ${formatMoney(c.recurringAmount)} · ${t('client.period', { from: formatDate(c.submissionDate), to: formatDate(c.expiringDate) })}`}
      </Text>
      {c.state === 'NEW' ? <ReflectionStatusText id={reflectionId} info={c.reflection} /> : null}
      <Divider my="xs" />
      <Text size="sm" fw={600}>
        {t('client.history')}
      </Text>
      <List size="sm" mt={4}>
        {c.history.map((e, i) => (
          <List.Item key={`${e.at}-${i}`}>
            {[
              `${formatDateTime(e.at)} · ${e.fromState ? `${t(`states.${e.fromState}`)} → ` : `${t('client.created')}: `}${t(`states.${e.toState}`)}`,
              e.actor?.name ? t('client.by', { name: e.actor.name }) : null,
              e.paymentReference ? t('client.paymentReference', { reference: e.paymentReference }) : null,
              e.reason ? t('client.reason', { reason: historyReason(e.reason) }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </List.Item>
        ))}
      </List>
      {PAYABLE.has(c.state) ? (
        // Issue 15: the schedule with its paid, due and overdue items (loaded when opened).
        <ScheduleDetails contractId={c.id} />
      ) : null}
      {c.actions.length > 0 ? (
        <Group mt="sm" gap="sm">
          {c.actions.map((action) => (
            <Button
              key={action}
              size="xs"
              variant={action === 'suspend' ? 'outline' : 'filled'}
              color={action === 'suspend' ? 'red.9' : undefined}
              onClick={() => onAction(action as TActionTarget['action'], productName)}
              disabled={action === 'activate' && reflectionOpen}
              aria-describedby={action === 'activate' && reflectionOpen ? reflectionId : undefined}
              aria-label={`${t(`actions.${action}`)}: ${productName}`}
            >
              {t(`actions.${action}`)}
            </Button>
          ))}
        </Group>
      ) : null}
    </Paper>
  );
}

function NoteForm({ clientId }: { clientId: string }) {
  const { t } = useTranslation('advisor');
  const add = useAddNote(clientId);
  const [saved, setSaved] = useState(false);
  const form = useForm<TCreateNoteRequest>({ resolver: zodResolver(ZCreateNoteRequest) as unknown as Resolver<TCreateNoteRequest>, defaultValues: { body: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => {
    setSaved(false);
    add.mutate(values, {
      onSuccess: () => {
        form.reset({ body: '' });
        setSaved(true);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        const field = error.extracted.fields.find((f) => f.field === 'body');
        if (field) form.setError('body', { type: 'server', message: field.message });
      },
    });
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('client.noteLabel')}>
      <fieldset disabled={add.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="xs" mt="sm">
          {saved ? (
            <Text role="status" size="sm" fw={600}>
              {t('client.noteAdded')}
            </Text>
          ) : null}
          {add.isError && !(add.error instanceof ApiError && add.error.extracted.fields.length > 0) ? (
            <Alert color="red" variant="light" role="alert">
              {add.error instanceof ApiError ? add.error.extracted.message : t('actions.failed')}
            </Alert>
          ) : null}
          <Textarea
            label={t('client.noteLabel')}
            description={t('client.noteHint')}
            styles={FIELD_STYLES}
            autosize
            minRows={2}
            maxLength={NOTE_MAX_LENGTH}
            required
            error={translateFieldMessage(t, errors.body?.message)}
            {...form.register('body')}
          />
          <Group>
            <Button type="submit" loading={add.isPending}>
              {t('client.addNote')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
