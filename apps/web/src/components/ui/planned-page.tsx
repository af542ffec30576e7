import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageMeta } from './page-meta.tsx';

/** A route whose screen a later issue builds: it says so plainly, in both languages. */
export function PlannedPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('pages');
  const title = t(titleKey);
  return (
    <Container size="lg" py="xl">
      <PageMeta title={`${title} | KC`} description={t('planned.description')} />
      <Title order={1}>{title}</Title>
      <Text mt="md">{t('planned.text')}</Text>
    </Container>
  );
}
