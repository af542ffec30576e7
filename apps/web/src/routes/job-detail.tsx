import { useParams } from 'react-router';
import { JobDetailPage } from '../features/jobs/components/job-detail-page.tsx';

export default function Route() {
  const { id = '' } = useParams();
  return <JobDetailPage key={id} offerId={id} />;
}
