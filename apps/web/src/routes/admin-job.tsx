import { useParams } from 'react-router';
import { AdminJobApplicationsPage } from '../features/jobs/components/admin-job-applications-page.tsx';

export default function Route() {
  const { id = '' } = useParams();
  return <AdminJobApplicationsPage key={id} offerId={id} />;
}
