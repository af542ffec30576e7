import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '../i18n.ts';

/** A yes/no question in place of the button that asked it (as the payment methods do). */
export function InlineConfirm({ question, busy, onYes, onNo }: { question: string; busy: boolean; onYes: () => void; onNo: () => void }) {
  const { t } = useTranslation('account');
  return (
    <Group gap="xs" role="alertdialog" aria-label={question} wrap="wrap">
      <Text size="sm" fw={700}>
        {question}
      </Text>
      <Button size="xs" color="kc" loading={busy} onClick={onYes}>
        {t('yes')}
      </Button>
      <Button size="xs" variant="default" onClick={onNo} disabled={busy}>
        {t('no')}
      </Button>
    </Group>
  );
}
