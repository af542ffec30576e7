import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canTransition, paths, type TAsset, type TAssetTransition } from '@kc/domain';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useChangeAssetStatus } from '../api/change-asset-status.ts';

/** Publish or withdraw an asset, each after a confirmation (Yes / No), with the result or the server's refusal. */
export function AssetStatusActions({ asset, onDone }: { asset: TAsset; onDone: (notice: { ok: boolean; message: string }) => void }) {
  const { t } = useTranslation('assetsScreens');
  const [open, setOpen] = useState<TAssetTransition | null>(null);
  const change = useChangeAssetStatus();
  const confirm = () => {
    if (!open) return;
    const action = open;
    change.mutate(
      { id: asset.id, action },
      {
        onSuccess: (saved) => {
          setOpen(null);
          onDone({ ok: true, message: t(action === 'publish' ? 'admin.published' : 'admin.withdrawn', { title: saved.title }) });
        },
        onError: (error) => {
          setOpen(null);
          onDone({ ok: false, message: problemMessage(error, t('admin.failed')) });
        },
      },
    );
  };
  return (
    <>
      {canTransition(asset.status, 'publish') ? (
        <Button size="xs" aria-label={t('admin.publishNamed', { title: asset.title })} onClick={() => setOpen('publish')}>
          {t('admin.publish')}
        </Button>
      ) : null}
      {canTransition(asset.status, 'withdraw') ? (
        <>
          <Button size="xs" variant="outline" color="red.9" aria-label={t('admin.withdrawNamed', { title: asset.title })} onClick={() => setOpen('withdraw')}>
            {t('admin.withdraw')}
          </Button>
          <Anchor component={Link} to={paths.asset.href(asset.id)} size="sm">
            {t('admin.viewPublic')}
          </Anchor>
        </>
      ) : null}
      <Modal
        opened={open !== null}
        onClose={() => (change.isPending ? undefined : setOpen(null))}
        title={open === 'publish' ? t('admin.confirmPublishTitle', { title: asset.title }) : t('admin.confirmWithdrawTitle', { title: asset.title })}
        closeButtonProps={{ 'aria-label': t('admin.close') }}
      >
        <Stack gap="sm">
          <Text>{open === 'publish' ? t('admin.confirmPublishText') : t('admin.confirmWithdrawText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(null)} disabled={change.isPending}>
              {t('admin.cancel')}
            </Button>
            <Button onClick={confirm} loading={change.isPending}>
              {t('admin.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
