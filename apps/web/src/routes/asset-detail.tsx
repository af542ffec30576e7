import { useParams } from 'react-router';
import { AssetDetailPage } from '../features/assets/components/asset-detail-page.tsx';

export default function Route() {
  const { id = '' } = useParams();
  return <AssetDetailPage assetId={id} />;
}
