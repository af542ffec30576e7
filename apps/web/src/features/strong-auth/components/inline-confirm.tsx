import { Button, Group, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n.ts';

/**
 * A yes/no question in place of the button that asked it (as the payment methods do). The focus
 * goes to the safe choice, "No", as the question appears. Its texts are this feature's own
 * (`strongAuthScreens`): the security page is often opened on its own, before any other feature
 * has registered its namespaces.
 */
export function InlineConfirm({ question, busy, onYes, onNo }: { question: string; busy: boolean; onYes: () => void; onNo: () => void }) {
  const { t } = useTranslation('strongAuthScreens');
  const noRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    noRef.current?.focus();
  }, []);
  return (
    <Group gap="xs" role="alertdialog" aria-label={question} wrap="wrap">
      <Text size="sm" fw={700}>
        {question}
      </Text>
      <Button size="xs" color="kc" loading={busy} onClick={onYes}>
        {t('confirm.yes')}
      </Button>
      <Button ref={noRef} size="xs" variant="default" onClick={onNo} disabled={busy}>
        {t('confirm.no')}
      </Button>
    </Group>
  );
}

/**
 * The button that opens an InlineConfirm, and where the focus goes when the question closes:
 * `close(true)` puts it back on the button (after "No", or a refusal); `close(false)` leaves it to
 * the caller (a removal moves it to the section's heading, as the button may be gone).
 */
export function useInlineConfirm() {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const focusTrigger = useRef(false);
  useEffect(() => {
    if (confirming || !focusTrigger.current) return;
    focusTrigger.current = false;
    triggerRef.current?.focus();
  }, [confirming]);
  const open = useCallback(() => setConfirming(true), []);
  const close = useCallback((returnFocus: boolean) => {
    focusTrigger.current = returnFocus;
    setConfirming(false);
  }, []);
  return { triggerRef, confirming, open, close };
}
