import { CoinPage } from '../features/content/components/coin-page.tsx';

export default function Route() {
  return <CoinPage />;
}
