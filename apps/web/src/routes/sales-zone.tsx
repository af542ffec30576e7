import { useParams } from 'react-router';
import { ZonePage } from '../features/sales-network/components/zone-page.tsx';

export default function Route() {
  const { id = '' } = useParams();
  return <ZonePage key={id} zoneId={id} />;
}
