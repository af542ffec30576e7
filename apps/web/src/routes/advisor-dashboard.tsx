import { AdvisorPage } from '../features/contracts/components/advisor-page.tsx';
import { AdvisorDashboardPage } from '../features/advisor/components/advisor-dashboard-page.tsx';
import { AdvisorDashboardGate } from '../features/advisor/components/advisor-workspace-route.tsx';

/** The advisor's workspace (issue 14); the presentation page for visitors and other roles. */
export default function Route() {
  return <AdvisorDashboardGate workspace={(session) => <AdvisorDashboardPage session={session} />} fallback={<AdvisorPage />} />;
}
