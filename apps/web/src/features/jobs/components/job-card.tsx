import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, paths, type TJobOfferSummary } from '@kc/domain';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { formatSalary } from '../lib/format.ts';

/** One open offer in a list: title (its link), company, city, contract, salary and date. */
export function JobCard({ offer }: { offer: TJobOfferSummary }) {
  const { t } = useTranslation('jobsScreens');
  const headingId = `job-${offer.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Title order={3} size="h4" id={headingId}>
          <Anchor component={Link} to={paths.jobDetail.href(offer.id)}>
            {offer.title}
          </Anchor>
        </Title>
        <Text size="sm" c="gray.7">
          {offer.companyName} · {offer.cityName}
        </Text>
        <Group gap="xs" wrap="wrap">
          <StatusBadge tone="green">{t(`contractTypes.${offer.contractType}`)}</StatusBadge>
          <Text size="sm" fw={700}>
            {t('offer.salary', { min: formatSalary(offer.salaryMin), max: formatSalary(offer.salaryMax) })}
          </Text>
        </Group>
        <Text size="sm" lineClamp={3}>
          {offer.excerpt}
        </Text>
        {offer.publishedAt ? (
          <Text size="xs" c="gray.7">
            {t('offer.publishedOn', { date: formatDate(offer.publishedAt) })}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
