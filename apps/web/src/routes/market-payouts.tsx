import { PayoutsPage } from '../features/market/components/payouts-page.tsx';

export default function Route() {
  return <PayoutsPage />;
}
