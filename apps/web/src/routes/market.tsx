import { MarketPage } from '../features/contracts/components/market-page.tsx';

export default function Route() {
  return <MarketPage />;
}
