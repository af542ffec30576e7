import { Alert, Button, Group, Input, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_STATEMENT_BYTES, formatMoney, type TStatementImportResult } from '@kc/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { serverSentence } from '../../../lib/problem-message.ts';
import { useImportStatement } from '../api/import-statement.ts';

/** The upload of a statement and what the import did (or why the file was refused, line by line). */
export function ImportForm() {
  const { t } = useTranslation('bankStatementScreens');
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [missing, setMissing] = useState(false);
  const [result, setResult] = useState<TStatementImportResult | undefined>();
  const upload = useImportStatement();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    setResult(undefined);
    if (!file) {
      setMissing(true);
      return;
    }
    setMissing(false);
    upload.mutate(
      { file },
      {
        onSuccess: (answer) => {
          setResult(answer);
          if (fileRef.current) fileRef.current.value = '';
        },
      },
    );
  };
  // The server's sentence and its line-by-line reasons when it refused the file; our own sentence when it could not answer.
  const sentence = serverSentence(upload.error);
  const problem = upload.isError ? { message: sentence ?? t('import.failed'), fields: sentence !== undefined && upload.error instanceof ApiError ? upload.error.extracted.fields : [] } : null;

  return (
    <Paper withBorder p="lg" mt="md" radius="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('import.heading')}
      </Title>
      <Text size="sm" mt="xs">
        {t('import.intro')}
      </Text>
      <List size="sm" mt="xs">
        <List.Item>{t('import.columns')}</List.Item>
        <List.Item>{t('import.formats')}</List.Item>
        <List.Item>{t('import.reference')}</List.Item>
        <List.Item>{t('import.twice')}</List.Item>
      </List>
      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
        <fieldset disabled={upload.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="sm" mt="md">
            <Input.Wrapper
              id={inputId}
              label={t('import.file')}
              description={t('import.fileHint', { max: `${MAX_STATEMENT_BYTES / 1024 / 1024} MB` })}
              styles={{ description: { color: 'var(--mantine-color-gray-7)' }, error: { color: 'var(--mantine-color-red-9)' } }}
              required
              error={missing ? t('import.fileMissing') : undefined}
              errorProps={{ id: errorId }}
              descriptionProps={{ id: hintId }}
            >
              <input
                ref={fileRef}
                id={inputId}
                type="file"
                name="statement"
                accept=".csv,text/csv,text/plain"
                aria-describedby={missing ? `${hintId} ${errorId}` : hintId}
                aria-invalid={missing || undefined}
                aria-required
                style={{ display: 'block', marginTop: 4, maxWidth: '100%' }}
                onChange={() => setMissing(false)}
              />
            </Input.Wrapper>
            <Group>
              <Button type="submit" loading={upload.isPending}>
                {t('import.submit')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
      {result ? <ImportResult result={result} /> : null}
      {problem ? (
        <Alert color="red" variant="light" role="alert" mt="md">
          <Text fw={700} size="sm">
            {t('import.refused')}
          </Text>
          <Text size="sm">{problem.message}</Text>
          {problem.fields.length > 0 ? (
            <List size="sm" mt="xs">
              {problem.fields.map((f) => (
                <List.Item key={f.field}>{f.message}</List.Item>
              ))}
            </List>
          ) : null}
        </Alert>
      ) : null}
    </Paper>
  );
}

function ImportResult({ result }: { result: TStatementImportResult }) {
  const { t } = useTranslation('bankStatementScreens');
  return (
    <Alert color="green" variant="light" role="status" mt="md">
      {/* The title as text: Mantine's coloured alert title is below AA contrast. */}
      <Text fw={700} size="sm">
        {t('result.title', { file: result.fileName ?? '' })}
      </Text>
      <List size="sm" mt={4}>
        <List.Item>{t('result.recorded', { count: result.recorded, amount: formatMoney(result.recordedAmount) })}</List.Item>
        <List.Item>{t('result.alreadyRecorded', { count: result.alreadyRecorded })}</List.Item>
        <List.Item>{t('result.unmatched', { count: result.unmatched })}</List.Item>
        {result.alreadyListed > 0 ? <List.Item>{t('result.alreadyListed', { count: result.alreadyListed })}</List.Item> : null}
        {result.ignored > 0 ? <List.Item>{t('result.ignored', { count: result.ignored })}</List.Item> : null}
      </List>
    </Alert>
  );
}
