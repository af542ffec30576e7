import { Alert, Button, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can, formatDate, type TErasureLiveContract } from '@kc/domain';
import { useSession } from '../../lib/session.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useProductName } from './api/product-name.ts';
import { liveContractsOf, useRequestErasure } from './api/erasure.ts';
import './erasure-i18n.ts';

const timeOf = (iso: string) => new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** The live contracts that stop an erasure, with their plan, state and date. */
export function LiveContractList({ contracts }: { contracts: TErasureLiveContract[] }) {
  const { t } = useTranslation('erasure');
  const productName = useProductName();
  return (
    <List mt="xs" size="sm">
      {contracts.map((c) => (
        <List.Item key={c.id}>
          {t('section.contract', { product: productName(c.productKey), state: t(`states.${c.state}`, { defaultValue: c.state }), date: formatDate(c.submissionDate) })}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * /account, "Erasure of your data" (issue 16, Art. 17): what happens and what is kept until when,
 * a confirmation, then the mail with the one-time link. Customers only (the permission matrix).
 */
export function ErasureSection() {
  const { t } = useTranslation('erasure');
  const session = useSession();
  const request = useRequestErasure();
  const [open, setOpen] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (request.isSuccess || request.isError) statusRef.current?.focus();
  }, [request.isSuccess, request.isError]);
  if (!session || !can(session.roles, 'privacy.erasure')) return null;
  const live = liveContractsOf(request.error);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="erasure-heading">
      <Title order={2} size="h3" id="erasure-heading">
        {t('section.title')}
      </Title>
      <Text mt="xs">{t('section.intro')}</Text>
      <Text mt="xs">{t('section.whatHappens')}</Text>
      <List mt="xs" spacing="xs">
        <List.Item>{t('section.closed')}</List.Item>
        <List.Item>{t('section.anonymised')}</List.Item>
        <List.Item>{t('section.kept')}</List.Item>
      </List>
      <Text mt="xs" size="sm" c="gray.7">
        {t('section.liveNote')}
      </Text>
      <div ref={statusRef} tabIndex={-1} style={{ outline: 'none' }}>
        {request.isSuccess ? (
          <Alert color="green" variant="light" role="status" mt="sm">
            {t('section.sent', { time: timeOf(request.data.expiresAt), date: formatDate(request.data.expiresAt) })}
          </Alert>
        ) : live.length > 0 ? (
          <Alert color="orange" variant="light" role="alert" mt="sm">
            <Text size="sm">{t('section.live')}</Text>
            <LiveContractList contracts={live} />
          </Alert>
        ) : request.isError ? (
          <Alert color="red" variant="light" role="alert" mt="sm">
            <Text size="sm">{request.error instanceof ApiError && request.error.status !== undefined ? request.error.extracted.message : t('section.failed')}</Text>
            <Button mt="xs" size="xs" variant="outline" onClick={() => request.mutate()}>
              {t('section.retry')}
            </Button>
          </Alert>
        ) : null}
      </div>
      {request.isSuccess ? null : (
        <Button mt="md" color="red.9" variant="outline" onClick={() => setOpen(true)}>
          {t('section.button')}
        </Button>
      )}
      <Modal opened={open} onClose={() => (request.isPending ? undefined : setOpen(false))} title={t('section.confirmTitle')} closeButtonProps={{ 'aria-label': t('section.cancel') }}>
        <Stack gap="sm">
          <Text size="sm">{t('section.confirmText')}</Text>
          <Group justify="flex-end" wrap="wrap">
            <Button variant="default" disabled={request.isPending} onClick={() => setOpen(false)}>
              {t('section.cancel')}
            </Button>
            <Button color="red.9" loading={request.isPending} onClick={() => request.mutate(undefined, { onSettled: () => setOpen(false) })}>
              {request.isPending ? t('section.sending') : t('section.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
