import { useParams } from 'react-router';
import { JobAppliedPage } from '../features/jobs/components/job-applied-page.tsx';

export default function Route() {
  const { id = '' } = useParams();
  return <JobAppliedPage offerId={id} />;
}
