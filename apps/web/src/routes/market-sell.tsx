import { SellPage } from '../features/market/components/sell-page.tsx';

export default function Route() {
  return <SellPage />;
}
