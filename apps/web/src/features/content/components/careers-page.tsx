import { Anchor, Button, Card, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { useScrollToTop } from '../hooks/use-scroll-to-top.ts';
import './content-i18n.ts';
import './content.css';

const CARDS = [
  { key: 'comerciales', to: paths.signUpAgent.href() },
  { key: 'mineros', to: paths.signUpSupplier.href() },
  { key: 'propietarios', to: paths.signUpOwner.href() },
] as const;

/** Careers: Comerciales, Mineros and Propietarios, each to its sign-up route. */
export function CareersPage() {
  const { t } = useTranslation('content');
  useScrollToTop();
  return (
    <Container size="lg" py="xl">
      <PageMeta title={t('careers.meta.title')} description={t('careers.meta.description')} />
      <Title order={1}>{t('careers.title')}</Title>
      <Text mt="sm" maw={760}>
        {t('careers.intro')}
      </Text>
      {/* Jobs board (issue 17, helper jobs-web). */}
      <Card withBorder padding="lg" mt="lg" component="section" aria-labelledby="careers-jobs">
        <Title order={2} size="h3" id="careers-jobs">
          {t('careers.jobsHeading')}
        </Title>
        <Text mt="sm">{t('careers.jobsText')}</Text>
        <Button component={Link} to={paths.jobs.href()} mt="md" style={{ alignSelf: 'flex-start' }}>
          {t('careers.jobsLink')}
        </Button>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" mt="xl" component="ul" className="kc-plain-list">
        {CARDS.map((card) => (
          <Card key={card.key} component="li" withBorder padding="lg" style={{ display: 'flex', flexDirection: 'column' }}>
            <Title order={2} size="h3">
              {t(`careers.cards.${card.key}.title`)}
            </Title>
            <Text mt="sm" style={{ flexGrow: 1 }}>
              {t(`careers.cards.${card.key}.text`)}
            </Text>
            <Button component={Link} to={card.to} mt="lg" fullWidth>
              {t(`careers.cards.${card.key}.button`)}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
      <Anchor component={Link} to={paths.salesFaq.href()} mt="xl" display="inline-block">
        {t('careers.salesFaqLink')}
      </Anchor>
    </Container>
  );
}
