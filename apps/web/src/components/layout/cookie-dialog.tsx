import { Anchor, Button, Group, Paper, Text, Title } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';

export const COOKIE_CONSENT_KEY = 'kc.cookieConsent';
export type TCookieConsent = 'accepted' | 'rejected';

export function readCookieConsent(): TCookieConsent | undefined {
  try {
    const value = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    return value === 'accepted' || value === 'rejected' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens until the visitor chooses. Only essential storage is used before a choice; the app
 * sets no analytics or tag-manager cookie at all until consent is given (and none exists yet).
 */
export function CookieDialog() {
  const { t } = useTranslation('layout');
  const titleId = useId();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(readCookieConsent() === undefined), []);
  if (!open) return null;
  const choose = (consent: TCookieConsent) => {
    try {
      window.localStorage.setItem(COOKIE_CONSENT_KEY, consent);
    } catch {
      // Without storage the dialog shows again on the next visit.
    }
    setOpen(false);
  };
  return (
    <Paper
      role="dialog"
      aria-labelledby={titleId}
      aria-modal="false"
      shadow="lg"
      withBorder
      p="md"
      className="kc-no-print"
      style={{ position: 'fixed', insetInline: 16, bottom: 16, zIndex: 300, maxWidth: 640, marginInline: 'auto' }}
    >
      <Title order={2} size="h5" id={titleId}>
        {t('cookieDialog.title')}
      </Title>
      <Text size="sm" mt="xs">
        {t('cookieDialog.text')}{' '}
        <Anchor component={Link} to={paths.cookies.href()}>
          {t('cookieDialog.policyLink')}
        </Anchor>
      </Text>
      <Group mt="md" gap="sm">
        <Button onClick={() => choose('accepted')}>{t('cookieDialog.accept')}</Button>
        <Button variant="outline" onClick={() => choose('rejected')}>
          {t('cookieDialog.reject')}
        </Button>
      </Group>
    </Paper>
  );
}
