import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TReflectionInfo } from '@kc/domain';
import '../i18n.ts';
import { useNow } from '../../contracts/hooks/use-now.ts';
import { formatMadridInstant, formatReflectionEnd, languageOf, reflectionRemaining } from '../../contracts/lib/reflection.ts';

/**
 * A NEW contract's reflection period for the advisor (decision 0026): whether it is still open (and
 * so activation waits), and the sentence that says until when, or that the investor waived it.
 */
export function useReflectionStatus(): (info: TReflectionInfo) => { open: boolean; text: string } {
  const { t, i18n } = useTranslation('advisor');
  const now = useNow();
  const language = languageOf(i18n.language);
  return (info) => {
    if (info.waivedAt !== null) return { open: false, text: t('reflection.waived', { at: formatMadridInstant(info.waivedAt, language) }) };
    const endsAt = formatReflectionEnd(info.endsAt, language);
    return reflectionRemaining('NEW', info, now) === null
      ? { open: false, text: t('reflection.ended', { endsAt }) }
      : { open: true, text: t('reflection.open', { endsAt }) };
  };
}

/** The sentence, with an id the (disabled) Activar button points to while the period is open. */
export function ReflectionStatusText({ id, info }: { id: string; info: TReflectionInfo }) {
  const { t } = useTranslation('advisor');
  const status = useReflectionStatus()(info);
  return (
    <Text size="xs" id={id}>
      {status.text}
      {status.open ? ` ${t('reflection.activateLater')}` : ''}
    </Text>
  );
}
