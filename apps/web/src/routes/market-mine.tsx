import { MyMarketPage } from '../features/market/components/my-market-page.tsx';

export default function Route() {
  return <MyMarketPage />;
}
