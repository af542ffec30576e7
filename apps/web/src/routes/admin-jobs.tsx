import { AdminJobsPage } from '../features/jobs/components/admin-jobs-page.tsx';

export default function Route() {
  return <AdminJobsPage />;
}
