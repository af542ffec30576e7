import { useParams } from 'react-router';
import { ClientPage } from '../features/advisor/components/client-page.tsx';
import { AdvisorClientGate } from '../features/advisor/components/advisor-workspace-route.tsx';

export default function Route() {
  const { id = '' } = useParams();
  return (
    <AdvisorClientGate>
      <ClientPage key={id} clientId={id} />
    </AdvisorClientGate>
  );
}
