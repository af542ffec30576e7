import { Anchor, Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import '../i18n.ts';
import { PageMeta } from '../../../components/ui/page-meta.tsx';

/** /market and /authorization: the market page (the market is not open yet, and it says so). */
export function MarketPage() {
  const { t } = useTranslation('contracts');
  return (
    <Container size="md" py="xl">
      <PageMeta title={`${t('market.title')} | KC`} description={t('market.metaDescription')} />
      <Title order={1}>{t('market.title')}</Title>
      <Text mt="md">{t('market.text')}</Text>
      <Anchor component={Link} to={paths.dashboard.href()} mt="md" display="inline-block">
        {t('market.back')}
      </Anchor>
    </Container>
  );
}
