import { Anchor, Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import { PageMeta } from '../components/ui/page-meta.tsx';

/** Any path that is not a route: the server answers 404 and this page explains. */
export default function NotFoundRoute() {
  const { t } = useTranslation('layout');
  return (
    <Container size="sm" py="xl">
      <PageMeta title={t('notFound.meta.title')} description={t('notFound.meta.description')} />
      <Title order={1}>{t('notFound.title')}</Title>
      <Text mt="md">{t('notFound.text')}</Text>
      <Anchor component={Link} to={paths.home.href()} mt="lg" display="inline-block">
        {t('notFound.home')}
      </Anchor>
    </Container>
  );
}
