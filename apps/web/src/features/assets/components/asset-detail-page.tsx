import { Alert, Anchor, Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MONEY_SCALE, formatDate, formatScaled, parseScaled, paths, type TAsset } from '@kc/domain';
import '../i18n.ts';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePublishedAsset } from '../api/get-published-asset.ts';
import { formatArea, formatCount, formatEuros, formatHectares, formatVolume } from '../lib/format.ts';
import { AssetPhoto } from './asset-photo.tsx';

/** /home/assets/{id} (public): a published home or plantation (apartmentDetail) with its photos and figures. */
export function AssetDetailPage({ assetId }: { assetId: string }) {
  const { t } = useTranslation('assetsScreens');
  const asset = usePublishedAsset(assetId);
  const notFound = asset.error instanceof ApiError && asset.error.status === 404;
  return (
    <Container size="lg" py="xl">
      <PageMeta title={`${asset.data?.title ?? t('public.title')} | KC`} description={t('public.metaDescription')} />
      <Anchor component={Link} to={paths.assets.href()}>
        {t('detail.back')}
      </Anchor>
      <Box aria-live="polite" aria-busy={asset.isPending} mt="sm">
        {asset.isPending ? (
          <>
            <Title order={1}>{t('public.title')}</Title>
            <LoadingScreen />
          </>
        ) : notFound ? (
          <>
            <Title order={1}>{t('public.title')}</Title>
            <Alert color="yellow" variant="light" role="status" mt="md">
              {t('detail.notFound')}
            </Alert>
          </>
        ) : asset.isError ? (
          <>
            <Title order={1}>{t('public.title')}</Title>
            <Alert color="red" variant="light" role="alert" mt="md">
              <Text>{t('public.error')}</Text>
              <Button mt="xs" size="xs" variant="light" onClick={() => void asset.refetch()}>
                {t('public.retry')}
              </Button>
            </Alert>
          </>
        ) : asset.data ? (
          <AssetDetail asset={asset.data} />
        ) : null}
      </Box>
    </Container>
  );
}

/** Valuation minus acquisition price, exact, with its sign (a fall is shown as a fall). */
function change(asset: TAsset): string {
  const diff = (parseScaled(asset.valuation, MONEY_SCALE) ?? 0n) - (parseScaled(asset.acquisitionPrice, MONEY_SCALE) ?? 0n);
  const text = formatEuros(formatScaled(diff, MONEY_SCALE));
  return diff > 0n ? `+${text}` : text;
}

function AssetDetail({ asset }: { asset: TAsset }) {
  const { t } = useTranslation('assetsScreens');
  const factsId = useId();
  const photosId = useId();
  const home = asset.kind === 'HOME';
  return (
    <>
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={1}>{asset.title}</Title>
        <StatusBadge tone={home ? 'blue' : 'green'}>{t(`kinds.${asset.kind}`)}</StatusBadge>
      </Group>
      <Text mt="xs" c="gray.7">
        {home ? `${asset.address}, ` : `${asset.location}, `}
        {asset.city} ({asset.province}), {asset.country}
      </Text>
      <Text mt="md" maw={760} style={{ whiteSpace: 'pre-line' }}>
        {asset.description}
      </Text>
      <Paper withBorder p="md" radius="md" mt="lg" component="section" aria-labelledby={factsId}>
        <Title order={2} size="h3" id={factsId}>
          {t('detail.figuresHeading')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} mt="sm" spacing="md">
          {home ? (
            <>
              <LabelledValue label={t('fields.occupancy')} value={t(`occupancy.${asset.occupancy ?? 'VACANT'}`)} />
              <LabelledValue label={t('fields.monthlyRent')} value={formatEuros(asset.monthlyRent ?? '0')} />
              <LabelledValue label={t('fields.builtArea')} value={formatArea(asset.builtArea ?? '0')} />
              <LabelledValue label={t('fields.rooms')} value={formatCount(asset.rooms ?? 0)} />
              <LabelledValue label={t('fields.bathrooms')} value={formatCount(asset.bathrooms ?? 0)} />
              <LabelledValue label={t('fields.energyRating')} value={asset.energyRating ?? '—'} />
            </>
          ) : (
            <>
              <LabelledValue label={t('fields.hectares')} value={formatHectares(asset.hectares ?? '0')} />
              <LabelledValue label={t('fields.treesPlanted')} value={formatCount(asset.treesPlanted ?? 0)} />
              <LabelledValue label={t('fields.plantingDate')} value={asset.plantingDate ? formatDate(asset.plantingDate) : '—'} />
              <LabelledValue label={t('fields.expectedHarvestYear')} value={String(asset.expectedHarvestYear ?? '—')} />
              <LabelledValue label={t('fields.expectedTimberVolume')} value={formatVolume(asset.expectedTimberVolume ?? '0')} />
              <LabelledValue label={t('fields.certification')} value={asset.certification || t('detail.certificationNone')} />
            </>
          )}
          <LabelledValue label={t('fields.acquisitionDate')} value={formatDate(asset.acquisitionDate)} />
          <LabelledValue label={t('fields.acquisitionPrice')} value={formatEuros(asset.acquisitionPrice)} />
          <LabelledValue label={t('fields.valuation')} value={formatEuros(asset.valuation)} />
          <LabelledValue label={t('fields.valuationDate')} value={formatDate(asset.valuationDate)} />
          <LabelledValue label={t('detail.gain')} value={change(asset)} />
        </SimpleGrid>
      </Paper>
      <Box component="section" aria-labelledby={photosId} mt="xl">
        <Title order={2} size="h3" id={photosId}>
          {t('detail.photosHeading')}
        </Title>
        {asset.photos.length === 0 ? (
          <Text mt="sm">{t('detail.noPhotos')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm" spacing="md">
            {asset.photos.map((photo, index) => (
              <Stack key={`${photo.url}-${index}`} gap={0}>
                <AssetPhoto photo={photo} caption />
              </Stack>
            ))}
          </SimpleGrid>
        )}
      </Box>
    </>
  );
}
