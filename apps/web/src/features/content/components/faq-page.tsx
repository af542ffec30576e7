import { Anchor, Box, Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { useScrollToTop } from '../hooks/use-scroll-to-top.ts';
import type { TQuestion } from '../i18n.ts';
import './content-i18n.ts';
import { QuestionList } from './question-list.tsx';
import { RiskWarning } from './risk-warning.tsx';

/** General FAQ (specification, sections 1 and 2). */
export function FaqPage() {
  const { t } = useTranslation('content');
  useScrollToTop();
  const items = t('faq.items', { returnObjects: true }) as TQuestion[];
  return (
    <Container size="md" py="xl">
      <PageMeta title={t('faq.meta.title')} description={t('faq.meta.description')} />
      <Title order={1}>{t('faq.title')}</Title>
      <Text mt="sm" mb="lg">
        {t('faq.intro')}
      </Text>
      <Box mb="lg">
        <RiskWarning />
      </Box>
      <QuestionList items={items} idPrefix="faq" />
      <Text mt="xl">
        {t('faq.contactPrompt')}{' '}
        <Anchor component={Link} to={paths.contactUs.href()}>
          {t('faq.contactLink')}
        </Anchor>
      </Text>
    </Container>
  );
}
