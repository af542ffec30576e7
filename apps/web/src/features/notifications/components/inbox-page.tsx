import { Alert, Button, Container, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_SEVERITIES, type TLanguage } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { LoadErrorAlert } from '../../../components/ui/paginated-list/load-error-alert.tsx';
import { Pager } from '../../../components/ui/paginated-list/pager.tsx';
import { useRequiredSession } from '../../../components/ui/require-session.tsx';
import { NOTIFICATIONS_KEY, useNotifications } from '../api/get-notifications.ts';
import { useReadAllNotifications } from '../api/read-all-notifications.ts';
import { useNotificationEvents, useNotificationStreamConnection, useUnreadCount } from '../hooks/use-notification-stream.ts';
import { useInboxParams } from '../hooks/use-inbox-params.ts';
import { NotificationCard } from './notification-card.tsx';

/**
 * /notifications: the signed-in user's notifications and tasks, newest first, with filters in the
 * address, paging, mark read, mark all read, dismiss and complete. Changes that arrive through
 * the stream (a new task, a read on another tab) reload the list without a reload of the page.
 */
export function InboxPage() {
  const session = useRequiredSession();
  const { t } = useTranslation('notifications');
  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <PageMeta title={`${t('title')} | KC`} description={t('metaDescription')} />
      {session ? <Inbox /> : <LoadingScreen />}
    </Container>
  );
}

function Inbox() {
  const { t, i18n } = useTranslation('notifications');
  const queryClient = useQueryClient();
  useNotificationStreamConnection();
  useNotificationEvents(() => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }));
  const unreadCount = useUnreadCount();
  const { filters, page, update, setPage, isFiltered, clear } = useInboxParams();
  const language: TLanguage = i18n.language === 'en' ? 'en' : 'es';
  const list = useNotifications({ page, filters, language });
  const readAll = useReadAllNotifications();
  const [status, setStatus] = useState('');
  const listRef = useRef<HTMLDivElement>(null);

  const items = list.data?.content ?? [];
  const totalPages = list.data?.totalPages ?? 0;
  const anyUnread = unreadCount === undefined ? items.length > 0 : unreadCount > 0;

  const onDismissed = () => {
    setStatus(t('item.dismissed'));
    listRef.current?.focus();
  };

  return (
    <>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1}>{t('title')}</Title>
          {unreadCount !== undefined ? (
            <Text c="gray.7" size="sm" mt={4}>
              {t('unreadSummary', { count: unreadCount })}
            </Text>
          ) : null}
        </div>
        <Button
          variant="default"
          disabled={!anyUnread}
          loading={readAll.isPending}
          onClick={() =>
            readAll.mutate(undefined, {
              onSuccess: () => setStatus(t('readAllDone')),
              onError: () => setStatus(t('item.actionFailed')),
            })
          }
        >
          {t('readAll')}
        </Button>
      </Group>

      <div className="kc-visually-hidden" role="status" aria-live="polite">
        {status}
      </div>

      <fieldset className="kc-inbox-filters" style={{ border: 0, padding: 0, margin: 'var(--mantine-spacing-md) 0 0' }}>
        <legend className="kc-visually-hidden">{t('filters.label')}</legend>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <NativeSelect
            label={t('filters.severity')}
            value={filters.severity ?? ''}
            onChange={(e) => update({ severity: e.currentTarget.value })}
            data={[{ value: '', label: t('filters.all') }, ...NOTIFICATION_SEVERITIES.map((s) => ({ value: s, label: t(`severityOption.${s}`) }))]}
          />
          <NativeSelect
            label={t('filters.read')}
            value={filters.read === undefined ? '' : filters.read ? 'leidas' : 'sin-leer'}
            onChange={(e) => update({ read: e.currentTarget.value })}
            data={[
              { value: '', label: t('filters.all') },
              { value: 'sin-leer', label: t('filters.unread') },
              { value: 'leidas', label: t('filters.readOnly') },
            ]}
          />
          <NativeSelect
            label={t('filters.kind')}
            value={filters.kind ?? ''}
            onChange={(e) => {
              const kind = e.currentTarget.value;
              // A task state only applies to tasks.
              update({ kind, ...(kind === 'notification' ? { taskState: undefined } : {}) });
            }}
            data={[
              { value: '', label: t('filters.all') },
              { value: 'notification', label: t('filters.notification') },
              { value: 'task', label: t('filters.task') },
            ]}
          />
          <NativeSelect
            label={t('filters.taskState')}
            value={filters.taskState ?? ''}
            disabled={filters.kind === 'notification'}
            onChange={(e) => update({ taskState: e.currentTarget.value })}
            data={[
              { value: '', label: t('filters.all') },
              { value: 'open', label: t('filters.open') },
              { value: 'done', label: t('filters.done') },
            ]}
          />
        </SimpleGrid>
      </fieldset>
      {isFiltered ? (
        <Button variant="subtle" size="compact-sm" mt="xs" onClick={clear}>
          {t('filters.clear')}
        </Button>
      ) : null}

      <div ref={listRef} tabIndex={-1} style={{ outline: 'none' }}>
        {list.isPending ? (
          <LoadingScreen />
        ) : list.isError ? (
          <LoadErrorAlert onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <Alert color="gray" variant="light" mt="md" role="status">
            {isFiltered ? t('list.emptyFiltered') : t('list.empty')}
          </Alert>
        ) : (
          <Stack component="ul" gap="sm" mt="md" p={0} aria-label={t('list.label')} aria-busy={list.isFetching} style={{ listStyle: 'none' }}>
            {items.map((item) => (
              <NotificationCard key={item.id} item={item} onDismissed={onDismissed} onFailed={() => setStatus(t('item.actionFailed'))} />
            ))}
          </Stack>
        )}
      </div>
      <Pager
        page={page}
        totalPages={totalPages}
        onChange={setPage}
        labels={{ label: t('pager.label'), previous: t('pager.previous'), next: t('pager.next'), page: (p) => t('pager.page', { page: p }) }}
      />
    </>
  );
}
