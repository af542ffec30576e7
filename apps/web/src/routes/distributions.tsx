import { DistributionsPage } from '../features/income/components/distributions-page.tsx';

export default function Route() {
  return <DistributionsPage />;
}
