import { CalculatorsPage } from '../features/calculators/components/calculators-page.tsx';

export default function Route() {
  return <CalculatorsPage />;
}
