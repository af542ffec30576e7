import { JobListPage } from '../features/jobs/components/job-list-page.tsx';

export default function Route() {
  return <JobListPage />;
}
