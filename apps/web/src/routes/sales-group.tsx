import { useParams } from 'react-router';
import { GroupPage } from '../features/sales-network/components/group-page.tsx';

export default function Route() {
  const { id = '' } = useParams();
  return <GroupPage key={id} groupId={id} />;
}
