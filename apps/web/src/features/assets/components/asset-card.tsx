import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, paths, type TAsset } from '@kc/domain';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { formatArea, formatCount, formatEuros, formatHectares } from '../lib/format.ts';
import { AssetPhoto } from './asset-photo.tsx';

/** One published home or plantation in the public list: its first photo, its key figures, a link to its page. */
export function AssetCard({ asset }: { asset: TAsset }) {
  const { t } = useTranslation('assetsScreens');
  const photo = asset.photos[0];
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`asset-${asset.id}`}>
      {photo ? (
        <Card.Section>
          <AssetPhoto photo={photo} />
        </Card.Section>
      ) : null}
      <Stack gap={6} mt="sm">
        <Title order={3} size="h4" id={`asset-${asset.id}`}>
          <Anchor component={Link} to={paths.asset.href(asset.id)} aria-label={t('public.details', { title: asset.title })}>
            {asset.title}
          </Anchor>
        </Title>
        <Text size="sm" c="gray.7">
          {asset.city} ({asset.province})
        </Text>
        {asset.kind === 'HOME' ? (
          <Group gap="xs" wrap="wrap">
            <StatusBadge tone={asset.occupancy === 'RENTED' ? 'green' : 'orange'}>{t(`occupancy.${asset.occupancy ?? 'VACANT'}`)}</StatusBadge>
            <Text size="sm">
              {formatArea(asset.builtArea ?? '0')} · {t('fields.rooms')}: {asset.rooms} · {t('fields.bathrooms')}: {asset.bathrooms}
            </Text>
          </Group>
        ) : (
          <Text size="sm">
            {formatHectares(asset.hectares ?? '0')} · {t('fields.treesPlanted')}: {formatCount(asset.treesPlanted ?? 0)} ·{' '}
            {t('detail.harvest', { year: asset.expectedHarvestYear })}
          </Text>
        )}
        {asset.kind === 'HOME' && asset.occupancy === 'RENTED' ? (
          <Text size="sm">
            {t('fields.monthlyRent')}: {formatEuros(asset.monthlyRent ?? '0')}
          </Text>
        ) : null}
        <Text fw={700}>
          {formatEuros(asset.valuation)}{' '}
          <Text span size="sm" fw={400} c="gray.7">
            {t('public.valuationOn', { date: formatDate(asset.valuationDate) })}
          </Text>
        </Text>
      </Stack>
    </Card>
  );
}
