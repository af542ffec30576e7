import { Alert, Anchor, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CONSENT_TEXT_VERSIONS, paths, type TChangeablePurpose, type TConsentOverview, type TConsentPurpose, type TConsentRecord } from '@kc/domain';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { StatusBadge, type TStatusTone } from '../../../components/ui/status-badge.tsx';
import { LoadErrorAlert } from '../../../components/ui/paginated-list/load-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { onCookieConsentEvent } from '../../../lib/cookie-consent.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useChangeConsent } from '../api/change-consent.ts';
import { consentsQueryKey, useConsents } from '../api/get-consents.ts';
import '../i18n.ts';

/** The purposes always shown (a candidate's notice only when the person has one on record). */
const SHOWN: readonly TConsentPurpose[] = ['cookies', 'privacyPolicy', 'marketing'];
const CHANGEABLE: readonly TConsentPurpose[] = ['cookies', 'marketing'];

const formatters = new Map<string, Intl.DateTimeFormat>();
/** dd/mm/yyyy, hh:mm in Madrid time (the company's time zone, as the rest of the investor area). */
export function formatRecordedAt(iso: string, language: 'es' | 'en'): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', {
      timeZone: 'Europe/Madrid',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(language, formatter);
  }
  return formatter.format(new Date(iso));
}

type TCurrent = TConsentOverview['current'][number];

const CHOICE_TONE = { given: 'green', refused: 'gray', withdrawn: 'orange', none: 'gray' } as const satisfies Record<string, TStatusTone>;

function ConsentRow({ purpose, record, userId }: { purpose: TConsentPurpose; record: TCurrent | undefined; userId: string }) {
  const { t } = useTranslation('consentScreens');
  const headingId = useId();
  const change = useChangeConsent(userId);
  const language = currentLanguage();
  const choice = record?.choice ?? 'none';
  const isChangeable = CHANGEABLE.includes(purpose);
  const description = purpose === 'cookies' || purpose === 'marketing' ? t(`descriptions.${purpose}`) : undefined;
  const isGiven = record?.choice === 'given';
  const act = () =>
    change.mutate({
      purpose: purpose as TChangeablePurpose,
      choice: isGiven ? 'withdrawn' : 'given',
      textVersion: CONSENT_TEXT_VERSIONS[purpose],
      source: 'account',
    });
  return (
    <Box component="li" aria-labelledby={headingId} p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} size="h5" id={headingId}>
          {t(`purposes.${purpose}`)}
        </Title>
        <StatusBadge tone={CHOICE_TONE[choice]}>{t(`choices.${choice}`)}</StatusBadge>
      </Group>
      {description ? (
        <Text size="sm" mt={4}>
          {description}
        </Text>
      ) : null}
      {record ? (
        <Text size="sm" c="gray.7" mt={4}>
          {t('version', { version: record.textVersion })} · {t('date', { date: formatRecordedAt(record.recordedAt, language) })} · {t('source', { source: t(`sources.${record.source}`) })}
        </Text>
      ) : null}
      {record?.outdated ? (
        <Text size="sm" mt={4}>
          {t('outdated', { version: CONSENT_TEXT_VERSIONS[purpose] })}
        </Text>
      ) : null}
      {isChangeable ? (
        <>
          {change.isSuccess ? (
            <Alert color="green" variant="light" role="status" mt="xs" p="xs">
              {t('saved')}
            </Alert>
          ) : null}
          {change.isError ? (
            <Alert color="red" variant="light" role="alert" mt="xs" p="xs">
              {change.error instanceof ApiError && !change.error.isNetworkError ? change.error.extracted.message : t('failed')}
            </Alert>
          ) : null}
          <Button mt="xs" size="sm" variant={isGiven ? 'default' : 'filled'} onClick={act} loading={change.isPending} disabled={change.isPending}>
            {t(`actions.${purpose as TChangeablePurpose}.${isGiven ? 'withdraw' : 'give'}`)}
          </Button>
        </>
      ) : record ? (
        <Text size="sm" mt={4}>
          {t('notChangeable')}{' '}
          <Anchor component={Link} to={paths.privacyPolicy.href()} size="sm">
            {t('privacyLink')}
          </Anchor>
          .
        </Text>
      ) : null}
    </Box>
  );
}

function History({ history }: { history: TConsentRecord[] }) {
  const { t } = useTranslation('consentScreens');
  const language = currentLanguage();
  if (history.length === 0) return null;
  return (
    <Box component="details" mt="md">
      <Text component="summary" size="sm" fw={600} style={{ cursor: 'pointer' }}>
        {t('history', { count: history.length })}
      </Text>
      <Box component="ol" mt="xs" pl="lg">
        {history.map((record) => (
          <Text component="li" size="sm" key={record.id}>
            {t('historyItem', {
              date: formatRecordedAt(record.recordedAt, language),
              purpose: t(`purposes.${record.purpose}`),
              choice: t(`choices.${record.choice}`),
              version: record.textVersion,
              source: t(`sources.${record.source}`),
            })}
          </Text>
        ))}
      </Box>
    </Box>
  );
}

/**
 * /account's consents (issue 16, consent records): the current choice per purpose with its text
 * version and date, and giving or withdrawing cookies and marketing (each change a new record).
 */
export function ConsentsSection({ userId }: { userId: string }) {
  const { t } = useTranslation('consentScreens');
  const consents = useConsents(userId);
  const queryClient = useQueryClient();
  // The cookie dialog recorded a choice (e.g. from the footer's "Cookie settings"): show it.
  useEffect(
    () =>
      onCookieConsentEvent((event) => {
        if (event === 'recorded') void queryClient.invalidateQueries({ queryKey: consentsQueryKey(userId) });
      }),
    [queryClient, userId],
  );
  const data = consents.data;
  const purposes = data ? [...SHOWN, ...(data.current.some((r) => r.purpose === 'candidateDataProtection') ? (['candidateDataProtection'] as const) : [])] : [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="consents-heading">
      <Title order={2} size="h3" id="consents-heading">
        {t('title')}
      </Title>
      <Text size="sm" mt="xs">
        {t('intro')}
      </Text>
      {consents.isPending ? (
        <LoadingScreen />
      ) : consents.isError || !data ? (
        <LoadErrorAlert onRetry={() => void consents.refetch()} />
      ) : (
        <>
          {data.current.length === 0 ? (
            <Text size="sm" mt="sm" fw={600}>
              {t('empty')}
            </Text>
          ) : null}
          <Stack component="ul" gap="sm" mt="md" p={0} aria-label={t('listLabel')} style={{ listStyle: 'none' }}>
            {purposes.map((purpose) => (
              <ConsentRow key={purpose} purpose={purpose} record={data.current.find((r) => r.purpose === purpose)} userId={userId} />
            ))}
          </Stack>
          <History history={data.history} />
        </>
      )}
    </Paper>
  );
}
