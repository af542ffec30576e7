import { Alert, Anchor, Box, Container, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WEB_BASE, formatDate, paths, type TJobOffer } from '@kc/domain';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useJobOffer } from '../api/jobs-queries.ts';
import { formatSalary } from '../lib/format.ts';
import { jobPostingJsonLd, serializeJsonLd } from '../lib/job-posting.ts';
import { ApplicationForm } from './application-form.tsx';
import { JobsFrame } from './jobs-frame.tsx';

const SITE_ORIGIN = 'https://kc.example';

/** /jobs/offers/:id: the offer, its JobPosting data, and the application form while it is open. */
export function JobDetailPage({ offerId }: { offerId: string }) {
  const { t } = useTranslation('jobsScreens');
  const offer = useJobOffer(offerId);
  return (
    <JobsFrame>
      <Container size="md" py="xl">
        {/* While it loads, the room of a page, so the footer does not jump when the offer comes. */}
        <Box aria-live="polite" aria-busy={offer.isPending} mih={offer.isPending ? '100vh' : undefined}>
          {offer.isPending ? (
            <LoadingScreen />
          ) : offer.isError ? (
            <>
              <Title order={1}>{t('list.title')}</Title>
              <Alert color="red" variant="light" role="alert" mt="md">
                <Text>{offer.error instanceof ApiError && (offer.error.status === 404 || offer.error.status === 400) ? t('offer.notFound') : t('offer.error')}</Text>
              </Alert>
              <Anchor component={Link} to={paths.jobList.href()} mt="md" display="inline-block">
                {t('offer.back')}
              </Anchor>
            </>
          ) : (
            <OfferView offer={offer.data} />
          )}
        </Box>
      </Container>
    </JobsFrame>
  );
}

function OfferView({ offer }: { offer: TJobOffer }) {
  const { t } = useTranslation('jobsScreens');
  const url = `${SITE_ORIGIN}${WEB_BASE}${paths.jobDetail.href(offer.id)}`;
  return (
    <article aria-labelledby="job-title">
      <PageMeta title={`${offer.title} | ${offer.companyName}`} description={`${offer.title} · ${offer.cityName} · ${offer.description.slice(0, 140)}`} />
      {offer.open ? (
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(jobPostingJsonLd(offer, url)) }} />
      ) : (
        <meta name="robots" content="noindex" />
      )}
      <Anchor component={Link} to={paths.jobList.href()} size="sm">
        {t('offer.back')}
      </Anchor>
      <Title order={1} id="job-title" mt="xs" lang={offer.language}>
        {offer.title}
      </Title>
      {!offer.open ? (
        <Alert color="orange" variant="light" role="status" mt="md">
          <Text>{offer.closedReason === 'EXPIRED' ? t('offer.expired') : t('offer.closed')}</Text>
          <Anchor component={Link} to={paths.jobList.href()}>
            {t('offer.otherOffers')}
          </Anchor>
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="md">
        <LabelledValue label={t('offer.company')} value={offer.companyName} />
        <LabelledValue label={t('offer.city')} value={offer.cityName} />
        <LabelledValue label={t('offer.contractType')} value={t(`contractTypes.${offer.contractType}`)} />
        <LabelledValue label={t('offer.salaryRange')} value={t('offer.salary', { min: formatSalary(offer.salaryMin), max: formatSalary(offer.salaryMax) })} />
        {offer.publishedAt ? <LabelledValue label={t('offer.publication')} value={formatDate(offer.publishedAt)} /> : null}
      </SimpleGrid>
      <Box lang={offer.language}>
        <Title order={2} mt="xl">
          {t('offer.description')}
        </Title>
        <Text mt="sm" style={{ whiteSpace: 'pre-line' }}>
          {offer.description}
        </Text>
        {offer.conditions ? (
          <>
            <Title order={2} mt="xl">
              {t('offer.conditions')}
            </Title>
            <Text mt="sm" style={{ whiteSpace: 'pre-line' }}>
              {offer.conditions}
            </Text>
          </>
        ) : null}
      </Box>
      {offer.open ? <ApplicationForm offerId={offer.id} title={offer.title} /> : <Group mt="xl" />}
    </article>
  );
}
