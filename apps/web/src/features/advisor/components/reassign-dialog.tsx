import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAdvisorClientDetail } from '@kc/domain';
import '../i18n.ts';
import { FIELD_STYLES } from './field-styles.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAdvisors } from '../api/get-advisors.ts';
import { useReassignClient } from '../api/reassign-client.ts';

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** ADMIN, COMPANY_MANAGER: moves the client to another active advisor, after a confirmation. */
export function ReassignDialog({ opened, client, onClose, onDone }: { opened: boolean; client: TAdvisorClientDetail; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation('advisor');
  const clientName = fullName(client.profile);
  const advisors = useAdvisors(opened);
  const reassign = useReassignClient(client.profile.id);
  const [advisorId, setAdvisorId] = useState('');
  const [missing, setMissing] = useState(false);
  const others = (advisors.data?.advisors ?? []).filter((a) => a.id !== client.advisor?.id);
  const close = () => {
    setAdvisorId('');
    setMissing(false);
    reassign.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!advisorId) {
      setMissing(true);
      return;
    }
    const chosen = others.find((a) => a.id === advisorId);
    reassign.mutate(advisorId, {
      onSuccess: () => {
        setAdvisorId('');
        onDone(t('reassign.done', { client: clientName, advisor: chosen ? fullName(chosen) : '' }));
      },
    });
  };
  return (
    <Modal opened={opened} onClose={close} title={t('reassign.title', { client: clientName })} closeButtonProps={{ 'aria-label': t('close') }}>
      <form noValidate onSubmit={submit} aria-label={t('reassign.title', { client: clientName })}>
        <fieldset disabled={reassign.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="sm">
            <Text size="sm">{t('reassign.intro')}</Text>
            {reassign.isError ? (
              <Alert color="red" variant="light" role="alert">
                {reassign.error instanceof ApiError ? reassign.error.extracted.message : t('actions.failed')}
              </Alert>
            ) : null}
            {advisors.isPending ? (
              <Text role="status">{t('reassign.loading')}</Text>
            ) : advisors.isError ? (
              <Alert color="red" variant="light" role="alert">
                {advisors.error instanceof ApiError ? advisors.error.extracted.message : t('actions.failed')}
              </Alert>
            ) : others.length === 0 ? (
              <Text>{t('reassign.none')}</Text>
            ) : (
              <NativeSelect
                label={t('reassign.advisor')}
                styles={FIELD_STYLES}
                required
                value={advisorId}
                error={missing && !advisorId ? t('reassign.choose') : undefined}
                data={[{ value: '', label: t('reassign.choose') }, ...others.map((a) => ({ value: a.id, label: t('reassign.option', { name: fullName(a), count: a.activeClients }) }))]}
                onChange={(e) => setAdvisorId(e.currentTarget.value)}
              />
            )}
            <Group justify="flex-end" gap="sm" wrap="wrap">
              <Button variant="default" onClick={close}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={reassign.isPending} disabled={others.length === 0}>
                {t('reassign.confirm')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Modal>
  );
}
