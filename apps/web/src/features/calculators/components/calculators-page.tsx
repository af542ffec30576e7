import { Anchor, Card, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, PLAN_IDS } from '@kc/domain';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import '../i18n.ts';
import { PlanIllustration } from './illustrations.tsx';
import { preloadCalculatorPage } from './lazy-calculator-page.tsx';

/** /home/calculadoras: the seven plans, each a card with its image, title and what it is for. */
export function CalculatorsPage() {
  const { t } = useTranslation('calculators');
  return (
    <Container size="lg" py="xl">
      <PageMeta title={t('list.metaTitle')} description={t('list.metaDescription')} />
      <Title order={1}>{t('list.heading')}</Title>
      <Text mt="sm" maw={760}>
        {t('list.intro')}
      </Text>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" mt="xl" className="kc-calc-cards">
        {PLAN_IDS.map((planId) => {
          const title = t(`plans.${planId}.title`);
          return (
            <li key={planId}>
              <Card withBorder padding="lg" radius="md" h="100%">
                <PlanIllustration planId={planId} label={t('images.plan', { title })} />
                <Title order={2} size="h4" mt="md">
                  <Anchor
                    component={Link}
                    to={paths.calculator.href(planId)}
                    onMouseEnter={preloadCalculatorPage}
                    onFocus={preloadCalculatorPage}
                    onTouchStart={preloadCalculatorPage}
                  >
                    {title}
                  </Anchor>
                </Title>
                <Text size="sm" mt="xs">
                  {t(`plans.${planId}.description`)}
                </Text>
              </Card>
            </li>
          );
        })}
      </SimpleGrid>
    </Container>
  );
}
