import { useParams } from 'react-router';
import { TeamPage } from '../features/sales-network/components/team-page.tsx';

export default function Route() {
  const { id = '' } = useParams();
  return <TeamPage key={id} teamId={id} />;
}
