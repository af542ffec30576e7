import { AdvisorPage } from '../features/contracts/components/advisor-page.tsx';

export default function Route() {
  return <AdvisorPage />;
}
