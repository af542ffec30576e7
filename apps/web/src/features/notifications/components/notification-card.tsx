import { Anchor, Button, Card, Group, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TNotification } from '@kc/domain';
import { StatusBadge, type TStatusTone } from '../../../components/ui/status-badge.tsx';
import { useCompleteTask } from '../api/complete-task.ts';
import { useDismissNotification } from '../api/dismiss-notification.ts';
import { useReadNotification } from '../api/read-notification.ts';

const SEVERITY_TONE: Record<TNotification['severity'], TStatusTone> = { HIGH: 'red', NORMAL: 'blue', LOW: 'gray' };

/** dd/mm/yyyy and HH:mm in the reader's time zone (decisions: dates as es-ES in both languages). */
const dateFormat = new Intl.DateTimeFormat('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit' });

/**
 * One item of the inbox: its title, priority, when it came, read state, a task's state and who
 * completed it, the specification's links (a link flagged `dismiss` also dismisses the item;
 * following any link reads it), and the actions. Buttons are described by the item's title, so
 * a screen reader says which item 'Descartar' is about.
 */
export function NotificationCard({
  item,
  onDismissed,
  onFailed,
}: {
  item: TNotification;
  onDismissed: () => void;
  onFailed: () => void;
}) {
  const { t } = useTranslation('notifications');
  const titleId = useId();
  const read = useReadNotification();
  const dismiss = useDismissNotification();
  const complete = useCompleteTask();
  const created = new Date(item.createdAt);
  const isBusy = read.isPending || dismiss.isPending || complete.isPending;
  const task = item.task;

  const followLink = (isDismiss: boolean) => {
    if (isDismiss) dismiss.mutate(item.id);
    else if (!item.isRead) read.mutate(item.id);
  };

  return (
    <Card component="li" withBorder padding="md" aria-labelledby={titleId} data-unread={item.isRead ? undefined : 'true'} style={item.isRead ? undefined : { borderLeft: '4px solid var(--mantine-primary-color-filled)' }}>
      <Group gap={6} wrap="wrap">
        {item.isRead ? null : <StatusBadge tone="blue">{t('item.unread')}</StatusBadge>}
        <StatusBadge tone={SEVERITY_TONE[item.severity]}>{t(`severity.${item.severity}`)}</StatusBadge>
        {task ? (
          <StatusBadge tone={task.state === 'done' ? 'green' : 'orange'}>
            {t('item.task')}: {task.state === 'done' ? t('item.taskDone') : t('item.taskOpen')}
          </StatusBadge>
        ) : (
          <StatusBadge tone="gray">{t('item.notification')}</StatusBadge>
        )}
      </Group>
      <Text component="h2" id={titleId} mt="xs" fw={item.isRead ? 500 : 700} size="md" style={{ overflowWrap: 'anywhere' }}>
        {item.title}
      </Text>
      <Text size="sm" c="gray.7" mt={4}>
        <time dateTime={item.createdAt}>{t('item.receivedAt', { date: dateFormat.format(created), time: timeFormat.format(created) })}</time>
      </Text>
      {task?.state === 'done' && task.completedAt ? (
        <Text size="sm" mt={4}>
          {task.completedBy
            ? t('item.completedBy', { name: task.completedBy.name, date: dateFormat.format(new Date(task.completedAt)) })
            : t('item.completedAt', { date: dateFormat.format(new Date(task.completedAt)) })}
        </Text>
      ) : null}
      {item.links.length > 0 ? (
        <Group gap="md" mt="xs" wrap="wrap">
          {item.links.map((link) => (
            <Anchor key={`${link.label}${link.link}`} component={Link} to={link.link} onClick={() => followLink(Boolean(link.dismiss))} fw={600}>
              {link.label}
            </Anchor>
          ))}
        </Group>
      ) : null}
      <Group gap="xs" mt="sm" wrap="wrap">
        {task?.state === 'open' ? (
          <Button size="xs" loading={complete.isPending} disabled={isBusy} aria-describedby={titleId} onClick={() => complete.mutate(item.id, { onError: onFailed })}>
            {t('item.complete')}
          </Button>
        ) : null}
        {item.isRead ? null : (
          <Button size="xs" variant="default" loading={read.isPending} disabled={isBusy} aria-describedby={titleId} onClick={() => read.mutate(item.id, { onError: onFailed })}>
            {t('item.markRead')}
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          loading={dismiss.isPending}
          disabled={isBusy}
          aria-describedby={titleId}
          onClick={() => dismiss.mutate(item.id, { onSuccess: onDismissed, onError: onFailed })}
        >
          {t('item.dismiss')}
        </Button>
      </Group>
    </Card>
  );
}
