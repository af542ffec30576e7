import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, type TAuditEntry, type TAuditSubject } from '@kc/domain';
import '../i18n.ts';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { AuditDiff } from './audit-diff.tsx';

/** One audit entry: what, when, who, from where, on what (the person, for a user), and the changed fields. */
export function AuditEntryCard({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation('audit');
  const actor = entry.actor ? `${entry.actor.firstName} ${entry.actor.lastName} (${entry.actor.email})` : t('system');
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap">
        <Text fw={700}>{t(`actions.${entry.action}`, { defaultValue: entry.action })}</Text>
        <Text size="sm">{formatDateTime(entry.at)}</Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <LabelledValue label={t('actor')} value={actor} />
        <LabelledValue label={t('entity')} value={`${t(`entityTypes.${entry.entityType}`, { defaultValue: entry.entityType })} ${entry.entityId}`} />
        <LabelledValue label={t('ip')} value={entry.ipAddress ?? '—'} />
      </SimpleGrid>
      {entry.subject ? <AuditSubject subject={entry.subject} /> : null}
      {entry.entityType === 'user' ? (
        <Anchor component={Link} to={paths.userDetail.href(entry.entityId)} size="sm">
          {t('openUser')}
        </Anchor>
      ) : null}
      <AuditDiff before={entry.before} after={entry.after} />
    </Stack>
  );
}

/**
 * The person an entry about a user is about, read through the id (entries keep no personal data,
 * decision 0047): as they are now, or erased.
 */
function AuditSubject({ subject }: { subject: TAuditSubject }) {
  const { t } = useTranslation('audit');
  if (subject.erased) return <LabelledValue label={t('subject')} value={t('subjectErased')} />;
  return (
    <Stack gap={2}>
      <LabelledValue label={t('subject')} value={`${subject.firstName ?? ''} ${subject.lastName ?? ''} (${subject.email ?? ''})`} />
      <Text size="xs" c="gray.7">
        {t('subjectNow')}
      </Text>
    </Stack>
  );
}
