import { Alert, Anchor, Box, Button, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@kc/domain';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { useJobSearch } from '../api/jobs-queries.ts';
import { JobCard } from './job-card.tsx';
import { JobSearchForm } from './job-search-form.tsx';
import { JobsFrame } from './jobs-frame.tsx';

const TOP_JOBS = 'sort=date&page=0&size=6';

/** /jobs: the search (keywords, city), the newest open offers, the company and the contact. */
export function JobsHomePage() {
  const { t } = useTranslation('jobsScreens');
  const top = useJobSearch(TOP_JOBS);
  return (
    <JobsFrame>
      <Container size="lg" py="xl">
        <PageMeta title={t('home.metaTitle')} description={t('home.metaDescription')} />
        <Title order={1}>{t('home.title')}</Title>
        <Text mt="sm" mb="lg" maw={760}>
          {t('home.intro')}
        </Text>
        <JobSearchForm />
        <Box component="section" aria-labelledby="jobs-top" mt="xl">
          <Title order={2} id="jobs-top">
            {t('home.topHeading')}
          </Title>
          <Box aria-live="polite" aria-busy={top.isPending} mt="sm">
            {top.isPending ? (
              <LoadingScreen />
            ) : top.isError ? (
              <Alert color="red" variant="light" role="alert">
                <Text>{t('list.error')}</Text>
                <Button mt="xs" size="xs" variant="light" onClick={() => void top.refetch()}>
                  {t('list.retry')}
                </Button>
              </Alert>
            ) : top.data.content.length === 0 ? (
              <Text>{t('list.empty')}</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
                {top.data.content.map((offer) => (
                  <JobCard key={offer.id} offer={offer} />
                ))}
              </SimpleGrid>
            )}
          </Box>
          <Anchor component={Link} to={paths.jobList.href()} mt="md" display="inline-block">
            {t('home.seeAll')}
          </Anchor>
        </Box>
        <Box component="section" aria-labelledby="company" mt="xl">
          <Title order={2} id="company">
            {t('home.companyHeading')}
          </Title>
          <Text mt="sm" maw={760}>
            {t('home.companyText')}
          </Text>
        </Box>
        <Box component="section" aria-labelledby="contact" mt="xl">
          <Title order={2} id="contact">
            {t('home.contactHeading')}
          </Title>
          <Text mt="sm" maw={760}>
            {t('home.contactText')}
          </Text>
          <Anchor component={Link} to={paths.contactUs.href()} mt="xs" display="inline-block">
            {t('home.contactLink')}
          </Anchor>
        </Box>
      </Container>
    </JobsFrame>
  );
}
