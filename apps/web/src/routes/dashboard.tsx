import { DashboardPage } from '../features/contracts/components/dashboard-page.tsx';

export default function Route() {
  return <DashboardPage />;
}
