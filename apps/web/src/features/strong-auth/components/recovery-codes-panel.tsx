import { Alert, Button, CopyButton, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n.ts';

/** Saves the codes as a small text file (one per line, with a header saying what they are). */
function downloadCodes(codes: readonly string[], fileName: string, header: string): void {
  const href = URL.createObjectURL(new Blob([`${header}\n\n${codes.join('\n')}\n`], { type: 'text/plain;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * The ten recovery codes, shown once (they live only in this component's props): copy, download
 * as .txt, and "I have kept them" to close. Focus moves to the heading when it appears, so a
 * screen reader reads them at once.
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation('strongAuthScreens');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const text = codes.join('\n');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="recovery-codes-heading" data-testid="recovery-codes" bg="yellow.0">
      <Title order={2} size="h3" id="recovery-codes-heading" ref={headingRef} tabIndex={-1}>
        {t('codes.title')}
      </Title>
      <Text mt="xs">{t('codes.intro')}</Text>
      <SimpleGrid
        component="ol"
        cols={{ base: 1, xs: 2 }}
        spacing="xs"
        mt="md"
        aria-label={t('codes.listLabel')}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '1.05rem', paddingLeft: '2rem' }}
      >
        {codes.map((code) => (
          <li key={code}>
            <span data-testid="recovery-code">{code}</span>
          </li>
        ))}
      </SimpleGrid>
      <Group mt="md" gap="sm">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="outline" onClick={copy} aria-live="polite">
              {copied ? t('codes.copied') : t('codes.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="outline" onClick={() => downloadCodes(codes, t('codes.fileName'), t('codes.fileHeader'))}>
          {t('codes.download')}
        </Button>
      </Group>
      <Stack mt="md" gap="xs">
        <Alert color="gray" variant="light">
          {t('codes.keptHint')}
        </Alert>
        <Button onClick={onDone} style={{ alignSelf: 'flex-start' }}>
          {t('codes.kept')}
        </Button>
      </Stack>
    </Paper>
  );
}
