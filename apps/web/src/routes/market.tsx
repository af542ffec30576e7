import { MarketPage } from '../features/market/components/market-page.tsx';

export default function Route() {
  return <MarketPage />;
}
