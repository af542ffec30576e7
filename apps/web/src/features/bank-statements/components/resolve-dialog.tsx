import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_REASON_LENGTH, findContractId, type TStatementLine } from '@kc/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useResolveLine } from '../api/resolve-line.ts';
import { FIELD_STYLES } from './field-styles.ts';

export interface TResolveTarget {
  line: TStatementLine;
  kind: 'assign' | 'dismiss';
  /** The line in words (number, date, amount): the dialog's and its buttons' accessible names. */
  label: string;
}

/** Assign a line to a contract (its id or its payment reference KC…) or dismiss it with a reason. */
export function ResolveDialog({ target, onClose, onDone }: { target: TResolveTarget | null; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation('bankStatementScreens');
  const title = target ? t(`resolve.title.${target.kind}`, { what: target.label }) : '';
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('close') }}>
      {target ? <ResolveForm key={`${target.line.id}-${target.kind}`} target={target} onClose={onClose} onDone={onDone} /> : null}
    </Modal>
  );
}

function ResolveForm({ target, onClose, onDone }: { target: TResolveTarget; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation('bankStatementScreens');
  const resolve = useResolveLine();
  const [value, setValue] = useState(target.kind === 'assign' ? (target.line.contractId ?? '') : '');
  const [error, setError] = useState<string | undefined>();
  const isAssign = target.kind === 'assign';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    let resolution: Parameters<typeof resolve.mutate>[0];
    if (isAssign) {
      const contractId = findContractId(value);
      if (!contractId) return setError(t('resolve.contractInvalid'));
      resolution = { lineId: target.line.id, kind: 'assign', contractId };
    } else {
      const reason = value.trim();
      if (reason.length < 3) return setError(t('resolve.reasonInvalid', { max: MAX_REASON_LENGTH }));
      resolution = { lineId: target.line.id, kind: 'dismiss', reason };
    }
    setError(undefined);
    resolve.mutate(resolution, {
      onSuccess: () => onDone(t(`resolve.done.${target.kind}`, { what: target.label })),
      onError: (failure) => {
        const field = failure instanceof ApiError ? failure.extracted.fields[0] : undefined;
        if (field) setError(field.message);
      },
    });
  };
  const serverProblem = resolve.isError && !(resolve.error instanceof ApiError && resolve.error.extracted.fields.length > 0);
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t(`resolve.title.${target.kind}`, { what: target.label })}>
      <fieldset disabled={resolve.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          <Text size="sm">{t(`resolve.intro.${target.kind}`)}</Text>
          {serverProblem ? (
            <Alert color="red" variant="light" role="alert">
              {problemMessage(resolve.error, t('resolve.failed'))}
            </Alert>
          ) : null}
          {isAssign ? (
            <TextInput
              label={t('resolve.contract')}
              description={t('resolve.contractHint')}
              styles={FIELD_STYLES}
              required
              autoComplete="off"
              data-autofocus
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              error={error}
            />
          ) : (
            <Textarea
              label={t('resolve.reason')}
              description={t('resolve.reasonHint')}
              styles={FIELD_STYLES}
              required
              autosize
              minRows={2}
              maxLength={MAX_REASON_LENGTH}
              data-autofocus
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              error={error}
            />
          )}
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button variant="default" onClick={onClose}>
              {t('resolve.cancel')}
            </Button>
            <Button type="submit" loading={resolve.isPending}>
              {t(`resolve.confirm.${target.kind}`)}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
