import { Alert, Button, Checkbox, Group, Paper, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REFLECTION_WAIVER_TEXT, describeRemaining, type TContractDetail } from '@kc/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { useWaiveReflection } from '../api/waive-reflection.ts';
import { useNow } from '../hooks/use-now.ts';
import { formatMadridInstant, formatReflectionEnd, languageOf, reflectionRemaining } from '../lib/reflection.ts';

/** The waiver's confirmation: the text that is recorded (by its version), a tick, Renunciar and No. */
function ConfirmWaiver({ contractId, onDone, onNo }: { contractId: string; onDone: () => void; onNo: () => void }) {
  const { t, i18n } = useTranslation('contracts');
  const waive = useWaiveReflection();
  const [ticked, setTicked] = useState(false);
  const questionId = useId();
  const textId = useId();
  const noRef = useRef<HTMLButtonElement>(null);
  useEffect(() => noRef.current?.focus(), []);
  return (
    <Paper withBorder p="md" role="alertdialog" aria-labelledby={questionId} aria-describedby={textId} mt="sm">
      <Text fw={700} id={questionId}>
        {t('reflection.waiveQuestion')}
      </Text>
      <Text size="sm" id={textId} mt="xs">
        {REFLECTION_WAIVER_TEXT[languageOf(i18n.language)]}
      </Text>
      <Checkbox mt="sm" checked={ticked} onChange={(e) => setTicked(e.currentTarget.checked)} label={t('reflection.waiveTick')} />
      {waive.isError ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {waive.error instanceof ApiError ? waive.error.extracted.message : t('reflection.waiveFailed')}
        </Alert>
      ) : null}
      <Group mt="sm">
        <Button
          color="red.9"
          disabled={!ticked}
          loading={waive.isPending}
          onClick={() => waive.mutate({ id: contractId, body: { confirmed: true, textVersion: REFLECTION_WAIVER_TEXT.version } }, { onSuccess: onDone })}
        >
          {t('reflection.waiveConfirm')}
        </Button>
        <Button variant="default" onClick={onNo} ref={noRef} disabled={waive.isPending}>
          {t('confirm.no')}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * The reflection period on a contract's details (decision 0026): while it is open, how long is
 * left in words (refreshed every minute; no live region ticking, read once) and, for the owner, the
 * waiver with its confirmation; once waived, when and by whom. Nothing otherwise.
 */
export function ReflectionCountdown({ contract }: { contract: TContractDetail }) {
  const { t, i18n } = useTranslation('contracts');
  const now = useNow();
  const [confirming, setConfirming] = useState(false);
  const [waived, setWaived] = useState(false);
  const language = languageOf(i18n.language);
  const reflection = contract.reflection;
  if (!reflection) return null;
  if (reflection.waivedAt !== null) {
    return (
      <Alert color="gray" variant="light" title={t('reflection.title')} role={waived ? 'status' : undefined}>
        <Text size="sm">
          {t('reflection.waived', { at: formatMadridInstant(reflection.waivedAt, language), name: reflection.waivedBy?.name ?? '' })}
        </Text>
      </Alert>
    );
  }
  const remaining = reflectionRemaining(contract.userContractState, reflection, now);
  if (remaining === null) return null;
  return (
    <Alert color="blue" variant="light" title={t('reflection.title')}>
      <Text size="sm">{t('reflection.left', { left: describeRemaining(remaining, language), endsAt: formatReflectionEnd(reflection.endsAt, language) })}</Text>
      {reflection.canWaive ? (
        confirming ? (
          <ConfirmWaiver
            contractId={contract.id}
            onNo={() => setConfirming(false)}
            onDone={() => {
              setConfirming(false);
              setWaived(true);
            }}
          />
        ) : (
          <>
            <Text size="sm" mt="xs">
              {t('reflection.waiveHint')}
            </Text>
            <Button variant="default" size="sm" mt="xs" onClick={() => setConfirming(true)}>
              {t('reflection.waive')}
            </Button>
          </>
        )
      ) : null}
    </Alert>
  );
}
