import { Alert, Box, Button, Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { useScrollToTop } from '../hooks/use-scroll-to-top.ts';
import type { TQuestion } from '../i18n.ts';
import './content-i18n.ts';
import { QuestionList } from './question-list.tsx';
import { RiskWarning } from './risk-warning.tsx';

/** FAQ for sales consultants: portfolio, 6 + 6 months reservation, sales advice, income ranges. */
export function SalesFaqPage() {
  const { t } = useTranslation('content');
  useScrollToTop();
  const items = t('salesFaq.items', { returnObjects: true }) as TQuestion[];
  return (
    <Container size="md" py="xl">
      <PageMeta title={t('salesFaq.meta.title')} description={t('salesFaq.meta.description')} />
      <Title order={1}>{t('salesFaq.title')}</Title>
      <Text mt="sm" mb="lg">
        {t('salesFaq.intro')}
      </Text>
      <QuestionList items={items} idPrefix="sales-faq" />
      <Alert color="gray" variant="light" mt="lg" role="note">
        <Text size="sm">{t('salesFaq.incomeDisclaimer')}</Text>
      </Alert>
      <Box mt="md">
        <RiskWarning />
      </Box>
      <Button component={Link} to={paths.signUpAgent.href()} mt="xl" size="md">
        {t('salesFaq.signUp')}
      </Button>
    </Container>
  );
}
