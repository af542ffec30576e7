import { Alert, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeRemaining, reflectionStatus, type TContractState } from '@kc/domain';

/**
 * The reflection period's countdown (decision 0026): how long is left, in words, refreshed every
 * minute. Screen readers read the sentence once (no live region ticking); nothing is shown once the
 * period is over or the contract is no longer new.
 */
export function ReflectionCountdown({ createdAt, state }: { createdAt: string; state: TContractState }) {
  const { t, i18n } = useTranslation('contracts');
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  if (state !== 'NEW') return null;
  const status = reflectionStatus(new Date(createdAt), now);
  if (!status.open) return null;
  const language = i18n.language.startsWith('en') ? 'en' : 'es';
  const endsAt = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Madrid',
  }).format(new Date(status.endsAt.getTime() - 60_000));
  return (
    <Alert color="blue" variant="light" title={t('reflection.title')}>
      <Text size="sm">{t('reflection.left', { left: describeRemaining(status.remainingMs, language), endsAt })}</Text>
    </Alert>
  );
}
