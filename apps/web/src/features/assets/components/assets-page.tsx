import { Alert, Box, Button, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAsset } from '@kc/domain';
import '../i18n.ts';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { usePublishedAssets } from '../api/get-published-assets.ts';
import { AssetCard } from './asset-card.tsx';
import { AssetFigures } from './asset-figures.tsx';

/**
 * /home/assets (public: visitors and investors, docs/decisions/0022-assets.md): the published
 * homes (apartmentList) and plantations with the portfolio's figures (productoInversion).
 */
export function AssetsPage() {
  const { t } = useTranslation('assetsScreens');
  const assets = usePublishedAssets();
  const data = assets.data;
  return (
    <Container size="lg" py="xl">
      <PageMeta title={`${t('public.title')} | KC`} description={t('public.metaDescription')} />
      <Title order={1}>{t('public.title')}</Title>
      <Text mt="sm" maw={760}>
        {t('public.intro')}
      </Text>
      <Box aria-live="polite" aria-busy={assets.isPending}>
        {assets.isPending ? (
          <LoadingScreen />
        ) : assets.isError ? (
          <Alert color="red" variant="light" role="alert" mt="lg">
            <Text>{t('public.error')}</Text>
            <Button mt="xs" size="xs" variant="light" onClick={() => void assets.refetch()}>
              {t('public.retry')}
            </Button>
          </Alert>
        ) : data && data.apartmentList.length + data.plantationList.length === 0 ? (
          <Text mt="lg">{t('public.empty')}</Text>
        ) : data ? (
          <>
            <AssetFigures figures={data.productoInversion} />
            <AssetSection heading={t('public.homesHeading')} assets={data.apartmentList} empty={t('public.noHomes')} />
            <AssetSection heading={t('public.plantationsHeading')} assets={data.plantationList} empty={t('public.noPlantations')} />
          </>
        ) : null}
      </Box>
    </Container>
  );
}

function AssetSection({ heading, assets, empty }: { heading: string; assets: TAsset[]; empty: string }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} mt="xl">
      <Title order={2} size="h3" id={headingId}>
        {heading}
      </Title>
      {assets.length === 0 ? (
        <Text mt="sm">{empty}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="sm" spacing="md">
          {assets.map((asset) => (
            <AssetCard key={asset.id} asset={asset} />
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
