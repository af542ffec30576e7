import { PricesPage } from '../features/ledger/components/prices-page.tsx';

export default function Route() {
  return <PricesPage />;
}
