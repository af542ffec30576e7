import { BuyPage } from '../features/market/components/buy-page.tsx';

export default function Route() {
  return <BuyPage />;
}
