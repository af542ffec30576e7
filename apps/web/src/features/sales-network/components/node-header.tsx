import { Alert, Button, Group, Modal, SimpleGrid, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, type TNetworkState, type TPersonRef } from '@kc/domain';
import '../i18n.ts';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { useCloseNode } from '../api/close-node.ts';
import { actionError, StateBadge } from './common.tsx';
import { NodeFormModal, type TNodeFormValues } from './node-form-modal.tsx';

interface TNode {
  id: string;
  title: string;
  state: string;
  stateCode: TNetworkState;
  startSince: string;
  country: string | null;
  countryId: string | null;
  city: string | null;
  cityId: string | null;
  phone: string | null;
  email: string | null;
  manager: TPersonRef | null;
  groupId?: string;
  groupName?: string;
}

/** A group's or team's heading, its data, and (staff) edit and close with a Yes/No confirmation. */
export function NodeHeader({ kind, node, canManage }: { kind: 'group' | 'team'; node: TNode; canManage: boolean }) {
  const { t } = useTranslation('sales');
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const close = useCloseNode();
  const initial: Partial<TNodeFormValues> = {
    title: node.title,
    startSince: node.startSince,
    countryId: node.countryId ?? '',
    cityId: node.cityId ?? '',
    phone: node.phone ?? '',
    email: node.email ?? '',
    managerId: node.manager?.id ?? '',
    groupId: node.groupId ?? '',
  };
  const operative = node.stateCode === 'OPERATIVE';
  return (
    <>
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{node.title}</Title>
        <StateBadge code={node.stateCode} label={node.state} />
      </Group>
      {canManage && operative ? (
        <Group mt="sm">
          <Button variant="default" onClick={() => setEditing(true)}>
            {t(`${kind}.edit`)}
          </Button>
          <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
            {t(`${kind}.close`)}
          </Button>
        </Group>
      ) : null}
      {close.isError ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {actionError(close.error, t('actionFailed'))}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="md">
        {node.groupName ? <LabelledValue label={t('fields.groupName')} value={node.groupName} /> : null}
        <LabelledValue label={t(kind === 'group' ? 'fields.groupManager' : 'fields.teamManager')} value={node.manager ? `${node.manager.firstName} ${node.manager.lastName}` : t('noManager')} />
        <LabelledValue label={t('fields.startSince')} value={formatDate(node.startSince)} />
        <LabelledValue label={t('fields.place')} value={[node.city, node.country].filter(Boolean).join(', ') || '—'} />
        <LabelledValue label={t('fields.phone')} value={node.phone ?? '—'} />
        <LabelledValue label={t('fields.email')} value={node.email ?? '—'} />
      </SimpleGrid>
      <NodeFormModal kind={kind} opened={editing} onClose={() => setEditing(false)} id={node.id} initial={initial} />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t(`${kind}.close`)} closeButtonProps={{ 'aria-label': t('close') }}>
        <Text>{t(`${kind}.closeQuestion`, { title: node.title })}</Text>
        <Text size="sm" mt="xs">
          {t(`${kind}.closeNote`)}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('no')}
          </Button>
          <Button
            color="green"
            loading={close.isPending}
            onClick={() => close.mutate({ kind, id: node.id }, { onSettled: () => setConfirming(false) })}
          >
            {t('yes')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
