import { Button, Container, Group, List, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import '../i18n.ts';
import { PageMeta } from '../../../components/ui/page-meta.tsx';

/** /advisor/dashboard: the advisor page, with landing-style content. */
export function AdvisorPage() {
  const { t } = useTranslation('contracts');
  const points = t('advisor.points', { returnObjects: true }) as unknown as string[];
  return (
    <Container size="md" py="xl">
      <PageMeta title={`${t('advisor.title')} | KC`} description={t('advisor.metaDescription')} />
      <Title order={1}>{t('advisor.title')}</Title>
      <Text size="lg" mt="md">
        {t('advisor.lead')}
      </Text>
      <List mt="md" spacing="xs">
        {points.map((point) => (
          <List.Item key={point}>{point}</List.Item>
        ))}
      </List>
      <Group mt="lg">
        <Button component={Link} to={paths.calculators.href()}>
          {t('advisor.calculators')}
        </Button>
        <Button component={Link} to={paths.salesFaq.href()} variant="default">
          {t('advisor.faq')}
        </Button>
      </Group>
    </Container>
  );
}
