import { JobsHomePage } from '../features/jobs/components/jobs-home-page.tsx';

export default function Route() {
  return <JobsHomePage />;
}
