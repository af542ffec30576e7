import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISCARD_REASON_MAX_LENGTH, ZDiscardLeadRequest, formatDate, type TLead } from '@kc/domain';
import '../i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { translateFieldMessage } from '../../../lib/translate-field-message.ts';
import { useDiscardLead, useExtendLead } from '../api/lead-mutations.ts';

const isLive = (lead: TLead) => lead.state === 'RESERVED' || lead.state === 'EXTENDED';

/** Extend (once) and discard, each after a confirmation dialog. */
export function LeadActions({ lead, onDone }: { lead: TLead; onDone: (message: string) => void }) {
  const { t } = useTranslation('leads');
  const [dialog, setDialog] = useState<'extend' | 'discard' | null>(null);
  if (!isLive(lead)) return null;
  const name = `${lead.firstName} ${lead.lastName}`;
  return (
    <>
      <Group gap="xs" wrap="wrap">
        {lead.canExtend ? (
          <Button size="xs" variant="light" onClick={() => setDialog('extend')} aria-label={t('actions.extendFor', { name })}>
            {t('actions.extend')}
          </Button>
        ) : null}
        <Button size="xs" variant="default" onClick={() => setDialog('discard')} aria-label={t('actions.discardFor', { name })}>
          {t('actions.discard')}
        </Button>
      </Group>
      <Modal opened={dialog === 'extend'} onClose={() => setDialog(null)} title={t('extend.title')} closeButtonProps={{ 'aria-label': t('close') }}>
        {dialog === 'extend' ? <ExtendDialog lead={lead} onClose={() => setDialog(null)} onDone={onDone} /> : null}
      </Modal>
      <Modal opened={dialog === 'discard'} onClose={() => setDialog(null)} title={t('discard.title')} closeButtonProps={{ 'aria-label': t('close') }}>
        {dialog === 'discard' ? <DiscardDialog lead={lead} onClose={() => setDialog(null)} onDone={onDone} /> : null}
      </Modal>
    </>
  );
}

function ExtendDialog({ lead, onClose, onDone }: { lead: TLead; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation('leads');
  const extend = useExtendLead();
  const name = `${lead.firstName} ${lead.lastName}`;
  return (
    <Stack>
      <Text>{t('extend.text', { name, until: formatDate(lead.reservedUntil) })}</Text>
      {extend.isError ? (
        <Alert color="red" variant="light" role="alert">
          {extend.error instanceof ApiError ? extend.error.extracted.message : t('failed')}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button
          loading={extend.isPending}
          onClick={() =>
            extend.mutate(lead.id, {
              onSuccess: (updated) => {
                onClose();
                onDone(t('extend.done', { name, until: formatDate(updated.reservedUntil) }));
              },
            })
          }
        >
          {t('extend.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

function DiscardDialog({ lead, onClose, onDone }: { lead: TLead; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation('leads');
  const discard = useDiscardLead();
  const [kind, setKind] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ kind?: string; reason?: string }>({});
  const name = `${lead.firstName} ${lead.lastName}`;
  const submit = () => {
    const parsed = ZDiscardLeadRequest.safeParse({ kind: kind || undefined, reason });
    if (!parsed.success) {
      const found: { kind?: string; reason?: string } = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as 'kind' | 'reason'] ??= translateFieldMessage(t, issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    discard.mutate(
      { id: lead.id, ...parsed.data },
      {
        onSuccess: () => {
          onClose();
          onDone(t('discard.done', { name }));
        },
      },
    );
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      aria-label={t('discard.title')}
    >
      <fieldset disabled={discard.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack>
          <Text>{t('discard.text', { name })}</Text>
          <Radio.Group
            label={t('discard.kind')}
            required
            value={kind}
            onChange={(value) => {
              setKind(value);
              setErrors((e) => ({ ...e, kind: undefined }));
            }}
            error={errors.kind}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="CLIENT" label={t('discardKinds.CLIENT')} />
              <Radio value="OFFERING" label={t('discardKinds.OFFERING')} />
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('discard.reason')}
            required
            autosize
            minRows={2}
            maxLength={DISCARD_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setErrors((e) => ({ ...e, reason: undefined }));
            }}
            error={errors.reason}
          />
          {discard.isError ? (
            <Alert color="red" variant="light" role="alert">
              {discard.error instanceof ApiError ? discard.error.extracted.message : t('failed')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" color="red" loading={discard.isPending}>
              {t('discard.confirm')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
